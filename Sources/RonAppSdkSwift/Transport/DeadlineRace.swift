import Foundation

/// Runs one call's work (prepare, middleware, transport) against its deadline and returns as soon
/// as either finishes.
///
/// The work runs in its own task, so the caller gets control back at the deadline (or on its own
/// cancellation) even when the work ignores cancellation; the loser is cancelled. A task group
/// would wait for a non-cooperative child, which is why this is unstructured.
///
/// The deadline is an entry in the client's ``DeadlineScheduler``, removed the moment the race
/// ends, so memory follows the calls in flight, never calls per second times the timeout.
enum DeadlineRace {
    /// Races `operation` against `timeoutMs`; the outcome comes with the headers the operation
    /// recorded through ``RaceBox/recordSent(_:)`` before the race ended (a timed-out call still
    /// reports the request id it went out with).
    ///
    /// With `startImmediately` (the operation is known never to block its thread) the operation's
    /// task starts on the caller's thread and runs there until it first suspends: no thread wake-up
    /// to start it, and none to resume the caller when it finishes without suspending. The deadline
    /// still ends the race when the operation suspends and never comes back.
    static func run(
        timeoutMs: Int, deadlines: DeadlineScheduler, startImmediately: Bool = false,
        _ operation: @escaping @Sendable (RaceBox) async throws -> TransportResponse
    ) async -> (result: Result<TransportResponse, any Error>, sent: RonHeaders) {
        let box = RaceBox()
        let deadline = DispatchTime.now() + .milliseconds(max(timeoutMs, 0))
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<RaceBox.Ending, Never>) in
                box.install(continuation)
                let body: @Sendable () async -> Void = {
                    do {
                        box.finish(.success(try await operation(box)))
                    } catch {
                        box.finish(.failure(error))
                    }
                }
                let work: Task<Void, Never>
                if startImmediately, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                    work = Task.immediate { await body() }
                    // Finished without suspending: no deadline to arm.
                    if box.isDone { return }
                } else {
                    work = Task { await body() }
                }
                let entry = deadlines.add(deadline) {
                    box.finish(.failure(TransportFailure(.timeout, detail: "overall timeout \(timeoutMs) ms")))
                }
                box.track(work: work, deadline: entry, in: deadlines)
            }
        } onCancel: {
            box.finish(.failure(TransportFailure(.cancelled)))
        }
    }
}

/// The deadlines of one client's calls in flight, on one Dispatch timer armed for the earliest.
///
/// A Dispatch timer per call costs two wake-ups of Dispatch's timer thread (arming and cancelling
/// it): about a third of a call's own work in a profile. Here a call adds an entry and removes it
/// when it ends; the timer is re-armed only when a call with an earlier deadline than the armed one
/// starts, and when it fires (it then ends the calls that are due and arms for the next).
final class DeadlineScheduler: @unchecked Sendable {
    private let core = Core()

    deinit {
        core.stop()
    }

    /// Runs `expire` at `deadline` unless ``remove(_:)`` is called first; returns the entry's id.
    func add(_ deadline: DispatchTime, expire: @escaping @Sendable () -> Void) -> UInt64 {
        core.add(deadline, expire: expire)
    }

    /// Forgets an entry (its call ended); removing one that fired or was removed does nothing.
    func remove(_ id: UInt64) { core.remove(id) }

    /// How many entries are waiting.
    var count: Int { core.count }

    /// The entries and the timer. The timer's handler holds the core strongly (a weak reference
    /// would give every client a side table that outlives it until Dispatch lets the handler go);
    /// the scheduler's deinit cancels the timer, after which Dispatch releases the handler.
    private final class Core: @unchecked Sendable {
        private struct Entry {
            var deadline: DispatchTime
            var expire: @Sendable () -> Void
        }

        private let lock = NSLock()
        private var timer: (any DispatchSourceTimer)?
        private var entries: [UInt64: Entry] = [:]
        private var nextId: UInt64 = 0
        /// When the timer fires next; `nil` when it is not armed.
        private var armed: DispatchTime?
        private var stopped = false

        func add(_ deadline: DispatchTime, expire: @escaping @Sendable () -> Void) -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            let id = nextId
            nextId &+= 1
            entries[id] = Entry(deadline: deadline, expire: expire)
            if !stopped, armed.map({ deadline < $0 }) ?? true {
                armed = deadline
                startedTimer().schedule(deadline: deadline)
            }
            return id
        }

        func remove(_ id: UInt64) {
            lock.lock()
            entries[id] = nil
            lock.unlock()
        }

        var count: Int { lock.withLock { entries.count } }

        /// Cancels the timer for good (its handler, and with it this core, is then released).
        func stop() {
            let timer = lock.withLock {
                stopped = true
                defer { self.timer = nil }
                return self.timer
            }
            timer?.cancel()
        }

        /// The timer, made on first use (a client that makes no call has none). Called under the lock.
        private func startedTimer() -> any DispatchSourceTimer {
            if let timer { return timer }
            let made = DispatchSource.makeTimerSource(queue: .global())
            made.setEventHandler { self.fire() }
            made.resume()
            timer = made
            return made
        }

        private func fire() {
            let now = DispatchTime.now()
            var due: [@Sendable () -> Void] = []
            lock.lock()
            var earliest: DispatchTime?
            for (id, entry) in entries {
                if entry.deadline <= now {
                    due.append(entry.expire)
                    entries[id] = nil
                } else if earliest.map({ entry.deadline < $0 }) ?? true {
                    earliest = entry.deadline
                }
            }
            armed = earliest
            if let earliest { timer?.schedule(deadline: earliest) }
            lock.unlock()
            for expire in due { expire() }
        }
    }
}

/// The shared state of one ``DeadlineRace``: the first result wins, later ones are dropped.
///
/// The continuation is resumed exactly once, under the lock (`done`), so it need not be a checked
/// one (which allocates a guard object per call). The box also keeps the headers the call sent, so
/// a call needs no second locked object for them. A copy shares the state (one allocation a call).
struct RaceBox: Sendable {
    /// How a race ends: the answer, or what was thrown (by the work, the deadline or cancellation).
    typealias Outcome = Result<TransportResponse, any Error>
    /// What the caller gets back: the outcome and the headers recorded by then.
    typealias Ending = (result: Outcome, sent: RonHeaders)

    private struct State: Sendable {
        var continuation: UnsafeContinuation<Ending, Never>?
        var result: Outcome?
        var sentHeaders: RonHeaders = [:]
        var work: Task<Void, Never>?
        var deadline: (id: UInt64, scheduler: DeadlineScheduler)?
        var done = false
    }

    private let state = LockedState(State())

    /// Records the headers the call goes out with (handed back with the outcome).
    func recordSent(_ headers: RonHeaders) {
        state.withLock { $0.sentHeaders = headers }
    }

    func install(_ continuation: UnsafeContinuation<Ending, Never>) {
        let finished: Ending? = state.withLock { state in
            if let result = state.result { return (result, state.sentHeaders) }
            state.continuation = continuation
            return nil
        }
        if let finished { continuation.resume(returning: finished) }
    }

    func track(work: Task<Void, Never>, deadline id: UInt64, in scheduler: DeadlineScheduler) {
        let alreadyDone = state.withLock { state in
            if state.done { return true }
            state.work = work
            state.deadline = (id, scheduler)
            return false
        }
        if alreadyDone {
            work.cancel()
            scheduler.remove(id)
        }
    }

    /// Whether the race has a result.
    var isDone: Bool { state.withLock { $0.done } }

    func finish(_ outcome: Outcome) {
        let ended: Ended? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            let ended = Ended(
                waiting: state.continuation, sent: state.sentHeaders, running: state.work, entry: state.deadline)
            state.continuation = nil
            state.work = nil
            state.deadline = nil
            if ended.waiting == nil { state.result = outcome }
            return ended
        }
        guard let ended else { return }
        ended.running?.cancel()
        if let entry = ended.entry { entry.scheduler.remove(entry.id) }
        ended.waiting?.resume(returning: (outcome, ended.sent))
    }

    /// What the first ``finish(_:)`` takes out of the state, to act on outside the lock.
    private struct Ended {
        var waiting: UnsafeContinuation<Ending, Never>?
        var sent: RonHeaders
        var running: Task<Void, Never>?
        var entry: (id: UInt64, scheduler: DeadlineScheduler)?
    }
}
