import Foundation

/// Runs the `onRequest`/`onResponse` hooks in order on one serial queue, never awaited by a call,
/// with a bound: when `limit` hook calls are already waiting (a slow hook), a new one is dropped
/// and counted instead of queued, so a slow hook never grows memory.
final class HookQueue: @unchecked Sendable {
    /// The most hook calls that may wait at once.
    static let limit = 1_024

    private let queue = DispatchQueue(label: "ron-app-sdk-swift.hooks")
    private let lock = NSLock()
    private var waiting = 0
    private var dropped = 0

    /// Queues `work`, or drops it when the queue is full.
    func submit(_ work: @escaping @Sendable () -> Void) {
        let accepted = lock.withLock { () -> Bool in
            guard waiting < Self.limit else {
                dropped += 1
                return false
            }
            waiting += 1
            return true
        }
        guard accepted else { return }
        queue.async { [self] in
            work()
            lock.withLock { waiting -= 1 }
        }
    }

    /// How many hook calls were dropped because the queue was full.
    var droppedCount: Int { lock.withLock { dropped } }
}
