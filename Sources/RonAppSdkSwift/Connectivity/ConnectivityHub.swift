import Foundation

/// The state of a monitor and the streams that follow it: each new stream starts with the current
/// state (when known), then gets every change.
final class ConnectivityHub: @unchecked Sendable {
    private let lock = NSLock()
    private var current: RonConnectivity?
    private var continuations: [UUID: AsyncStream<RonConnectivity>.Continuation] = [:]

    init(_ initial: RonConnectivity? = nil) {
        current = initial
    }

    /// The last state published (`.offline` until one is known).
    var state: RonConnectivity { lock.withLock { current ?? .offline } }

    /// Sends `state` to every stream when it differs from the last one.
    func publish(_ state: RonConnectivity) {
        let targets = lock.withLock { () -> [AsyncStream<RonConnectivity>.Continuation] in
            guard current != state else { return [] }
            current = state
            return Array(continuations.values)
        }
        for continuation in targets { continuation.yield(state) }
    }

    /// A new stream; `onTerminate` runs when its consumer stops.
    func stream(onTerminate: (@Sendable () -> Void)? = nil) -> AsyncStream<RonConnectivity> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: RonConnectivity.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        let first = lock.withLock { () -> RonConnectivity? in
            continuations[id] = continuation
            return current
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) }
            onTerminate?()
        }
        if let first { continuation.yield(first) }
        return stream
    }

    /// Ends every stream.
    func finish() {
        let targets = lock.withLock { Array(continuations.values) }
        for continuation in targets { continuation.finish() }
    }
}
