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
/// One timer per call, re-armed only when it fires: noting activity is a lock and a store.
final class IdleWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let idleNanoseconds: UInt64
    private let onIdle: @Sendable () -> Void
    private var lastActivity: UInt64
    private var timer: (any DispatchSourceTimer)?
    private var ended = false

    /// A watchdog that calls `onIdle` once, when `idleMs` pass without ``noteActivity()``.
    init(idleMs: Int, onIdle: @escaping @Sendable () -> Void) {
        idleNanoseconds = UInt64(max(idleMs, 1)) * 1_000_000
        self.onIdle = onIdle
        lastActivity = DispatchTime.now().uptimeNanoseconds
    }

    deinit { timer?.cancel() }

    /// Starts the clock (the call's silence counts from here).
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !ended, timer == nil else { return }
        lastActivity = DispatchTime.now().uptimeNanoseconds
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.check() }
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: lastActivity + idleNanoseconds))
        self.timer = timer
        timer.resume()
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
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.cancel()
    }

    private func check() {
        lock.lock()
        guard !ended, let timer else {
            lock.unlock()
            return
        }
        let due = lastActivity + idleNanoseconds
        if DispatchTime.now().uptimeNanoseconds < due {
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: due))
            lock.unlock()
            return
        }
        ended = true
        self.timer = nil
        lock.unlock()
        timer.cancel()
        onIdle()
    }
}
