import Foundation

/// Counts calls started and returned, from any task.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var startedCount = 0
    private var returnedCount = 0

    func started() {
        lock.lock()
        startedCount += 1
        lock.unlock()
    }

    func returned() {
        lock.lock()
        returnedCount += 1
        lock.unlock()
    }

    var counts: (started: Int, returned: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (startedCount, returnedCount)
    }
}
