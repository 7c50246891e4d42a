import Dispatch
import Foundation

/// Work started on a thread of its own, whose result is waited for later: a types run renders the
/// calls it prepares while it renders and writes the types, so the serial steps of one (reducing
/// identical types, placing types in files) run beside the other's (BENCHMARKS.md, "The calls
/// rendered beside the types").
final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    /// Set once by the work's thread before it signals ``done``; read only after waiting for it.
    private var result: Result?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `body` at once on a new thread.
    init(_ body: @escaping @Sendable () -> Result) {
        let thread = Thread { [self] in
            result = body()
            done.signal()
        }
        // As deep as the main thread's: rendering recurses into nested inline types.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's result, once it has ended.
    func wait() -> Result {
        done.wait()
        return result!
    }
}
