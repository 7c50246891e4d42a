import Foundation

/// The subscription tasks of one ``RonClient``, so that ``RonClient/close()`` can end them.
final class StreamRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var nextId: UInt64 = 0
    private var closed = false

    /// Starts `operation` in a task that is tracked until it returns (cancelled at once when closed).
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        lock.lock()
        defer { lock.unlock() }
        let id = nextId
        nextId += 1
        let task = Task { [weak self] in
            await operation()
            self?.remove(id)
        }
        if closed {
            task.cancel()
        } else {
            tasks[id] = task
        }
        return task
    }

    /// The number of subscriptions still running.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return tasks.count
    }

    func cancelAll() {
        lock.lock()
        closed = true
        let running = Array(tasks.values)
        tasks = [:]
        lock.unlock()
        for task in running { task.cancel() }
    }

    private func remove(_ id: UInt64) {
        lock.lock()
        tasks.removeValue(forKey: id)
        lock.unlock()
    }
}
