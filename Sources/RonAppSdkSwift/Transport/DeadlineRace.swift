import Foundation

/// Runs an operation against a deadline and returns as soon as either finishes.
///
/// The operation runs in its own task, so the caller gets control back at the deadline (or on
/// its own cancellation) even when the operation ignores cancellation; the loser is cancelled.
/// A task group would wait for a non-cooperative child, which is why this is unstructured.
///
/// The deadline is a Dispatch timer that is cancelled the moment the race ends: a sleeping task
/// would keep its timer queued until the deadline even when cancelled, so memory would grow with
/// calls per second times the timeout.
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
                let timer = DispatchSource.makeTimerSource(queue: .global())
                timer.schedule(deadline: .now() + .milliseconds(max(timeoutMs, 0)))
                timer.setEventHandler {
                    box.finish(.failure(TransportFailure(.timeout, detail: "overall timeout \(timeoutMs) ms")))
                }
                timer.resume()
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
    private var work: Task<Void, Never>?
    private var timer: (any DispatchSourceTimer)?
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

    func track(work: Task<Void, Never>, timer: any DispatchSourceTimer) {
        lock.lock()
        if done {
            lock.unlock()
            work.cancel()
            timer.cancel()
            return
        }
        self.work = work
        self.timer = timer
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
        let running = work
        let deadline = timer
        work = nil
        timer = nil
        lock.unlock()
        running?.cancel()
        deadline?.cancel()
        waiting?.resume(with: outcome)
    }
}
