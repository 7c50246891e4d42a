import Foundation

/// Fans each ``RonEvent`` out to every live consumer of ``RonClient/events(bufferSize:)``.
///
/// Each consumer has its own bounded buffer that keeps the newest events, so `emit` never waits;
/// a consumer whose stream ends (its task is cancelled or it drops the stream) is removed.
final class EventBroadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var consumers: [UInt64: AsyncStream<RonEvent>.Continuation] = [:]
    private var nextId: UInt64 = 0
    private var finished = false

    /// Whether anyone is listening; callers skip building events when not.
    var hasConsumers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !consumers.isEmpty
    }

    /// The number of live consumers.
    var consumerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return consumers.count
    }

    func subscribe(bufferSize: Int) -> AsyncStream<RonEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: RonEvent.self, bufferingPolicy: .bufferingNewest(max(1, bufferSize)))
        lock.lock()
        if finished {
            lock.unlock()
            continuation.finish()
            return stream
        }
        let id = nextId
        nextId += 1
        consumers[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    func emit(_ event: RonEvent) {
        lock.lock()
        let targets = Array(consumers.values)
        lock.unlock()
        for continuation in targets {
            continuation.yield(event)
        }
    }

    /// Ends every stream; later subscriptions end at once.
    func finishAll() {
        lock.lock()
        finished = true
        let targets = Array(consumers.values)
        consumers = [:]
        lock.unlock()
        for continuation in targets {
            continuation.finish()
        }
    }

    private func remove(_ id: UInt64) {
        lock.lock()
        consumers.removeValue(forKey: id)
        lock.unlock()
    }
}
