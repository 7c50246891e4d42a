import Foundation

/// Runs `work`, which blocks its thread (a child process starting or running), on a thread of its
/// own and awaits it.
///
/// Swift Testing runs the tests on the concurrency pool, which has as many threads as the machine has
/// cores (two here). A test that waits for a server's ready line or a program's exit on one of them
/// holds it for seconds; with every thread held, no other test's task runs at all, and tests that
/// measure time or wait for a transfer fail for a reason of their own making.
///
/// At most as many such waits run at once as the machine has cores (at least two): a start or run
/// keeps its core busy (Python importing a server, the compiler), and dozens at once would leave
/// the tests measuring transfers without a core for seconds. The others wait on their own thread.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        Thread {
            BlockingWork.slots.wait()
            let result = Result { try work() }
            BlockingWork.slots.signal()
            continuation.resume(with: result)
        }.start()
    }
}

/// The slots of ``offThePool(_:)``.
private enum BlockingWork {
    static let slots = DispatchSemaphore(value: max(2, ProcessInfo.processInfo.activeProcessorCount))
}

/// A server several tests share: started by the first that asks (the others await the same start),
/// and kept for the rest of the process.
package actor SharedServer<Server: Sendable> {
    private let start: @Sendable () async throws -> Server
    private var starting: Task<Server, any Error>?

    /// A server `start` makes on first use.
    package init(_ start: @escaping @Sendable () async throws -> Server) { self.start = start }

    /// The server, or why it could not be started (the same error for every test).
    package func get() async throws -> Server {
        if let starting { return try await starting.value }
        let made = Task { try await start() }
        starting = made
        return try await made.value
    }
}
