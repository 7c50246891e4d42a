import Foundation

/// Runs an operation against a deadline and returns as soon as either finishes.
///
/// The operation runs in its own task, so the caller gets control back at the deadline (or on
/// its own cancellation) even when the operation ignores cancellation; the loser is cancelled.
/// A task group would wait for a non-cooperative child, which is why this is unstructured.
enum DeadlineRace {
    static func run<R: Sendable>(
        timeoutMs: Int, _ operation: @escaping @Sendable () async throws -> R
    ) async throws -> R {
        let box = RaceBox<R>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
                box.install(continuation)
                let work = Task {
                    do {
                        box.finish(.success(try await operation()))
                    } catch {
                        box.finish(.failure(error))
                    }
                }
                let timer = Task {
                    do {
                        try await Task.sleep(nanoseconds: UInt64(max(timeoutMs, 0)) * 1_000_000)
                    } catch {
                        return
                    }
                    box.finish(.failure(TransportFailure(.timeout, detail: "overall timeout \(timeoutMs) ms")))
                }
                box.track(work: work, timer: timer)
            }
        } onCancel: {
            box.finish(.failure(TransportFailure(.cancelled)))
        }
    }
}

/// The shared state of one ``DeadlineRace``: the first result wins, later ones are dropped.
private final class RaceBox<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<R, any Error>?
    private var result: Result<R, any Error>?
    private var tasks: [Task<Void, Never>] = []
    private var done = false

    func install(_ continuation: CheckedContinuation<R, any Error>) {
        lock.lock()
        if let result {
            lock.unlock()
            continuation.resume(with: result)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func track(work: Task<Void, Never>, timer: Task<Void, Never>) {
        lock.lock()
        if done {
            lock.unlock()
            work.cancel()
            timer.cancel()
            return
        }
        tasks = [work, timer]
        lock.unlock()
    }

    func finish(_ outcome: Result<R, any Error>) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        let waiting = continuation
        continuation = nil
        if waiting == nil { result = outcome }
        let running = tasks
        tasks = []
        lock.unlock()
        for task in running { task.cancel() }
        waiting?.resume(with: outcome)
    }
}
