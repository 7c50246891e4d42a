import Foundation

/// Ends a call that has been silent for its idle timeout (`readTimeoutMs`/`writeTimeoutMs`): no
/// byte sent or received, no response head, for that long.
///
/// The `URLSession` transports keep `URLSession`'s own idle timer (`URLRequest.timeoutInterval`)
/// out of the way and use this instead. On FoundationNetworking (Linux) that timer ends a task on
/// the task's own queue; a cancellation queued on that queue just before it (the call's overall
/// timeout, a cancelled Swift task, a closed client) then reports its end after the session has let
/// the task go, and FoundationNetworking stops the process ("a task that is not in the registry").
/// With the watchdog a task ends only by its answer or by `cancel()`, which is safe to repeat.
///
/// The watchdogs of one transport share its ``DeadlineScheduler`` (one Dispatch timer, not one per
/// call); noting activity is a lock and a store, and the deadline moves only when it comes due.
final class IdleWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let idleNanoseconds: UInt64
    private let scheduler: DeadlineScheduler
    private let onIdle: @Sendable () -> Void
    private var lastActivity: UInt64
    private var entry: UInt64?
    private var ended = false

    /// A watchdog on `scheduler` that calls `onIdle` once, when `idleMs` pass without
    /// ``noteActivity()``.
    init(idleMs: Int, scheduler: DeadlineScheduler, onIdle: @escaping @Sendable () -> Void) {
        idleNanoseconds = UInt64(max(idleMs, 1)) * 1_000_000
        self.scheduler = scheduler
        self.onIdle = onIdle
        lastActivity = DispatchTime.now().uptimeNanoseconds
    }

    /// Starts the clock (the call's silence counts from here).
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, entry == nil else { return }
        lastActivity = DispatchTime.now().uptimeNanoseconds
        schedule(at: lastActivity + idleNanoseconds)
    }

    /// The call moved: the silence starts again.
    func noteActivity() {
        lock.lock()
        lastActivity = DispatchTime.now().uptimeNanoseconds
        lock.unlock()
    }

    /// The call ended: `onIdle` is not called from now on (unless it was already being called).
    func stop() {
        lock.lock()
        ended = true
        let entry = self.entry
        self.entry = nil
        lock.unlock()
        if let entry { scheduler.remove(entry) }
    }

    /// Called under the lock.
    private func schedule(at due: UInt64) {
        entry = scheduler.add(DispatchTime(uptimeNanoseconds: due)) { [weak self] in self?.check() }
    }

    private func check() {
        lock.lock()
        guard !ended else {
            lock.unlock()
            return
        }
        let due = lastActivity + idleNanoseconds
        if DispatchTime.now().uptimeNanoseconds < due {
            schedule(at: due)
            lock.unlock()
            return
        }
        ended = true
        entry = nil
        lock.unlock()
        onIdle()
    }
}
