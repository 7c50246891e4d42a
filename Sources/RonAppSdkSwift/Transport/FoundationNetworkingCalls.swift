import Foundation

/// Where the SDK calls the `URLSession` methods that wait for FoundationNetworking's work queue:
/// making a task, `resume`, `cancel`, `invalidateAndCancel`.
///
/// On Linux each of those waits for that queue, which every session of the process shares, and the
/// queue stays busy for as long as one transfer keeps it reading: a body arriving faster than it is
/// read, or a delegate held back by a slow file (``InlineDelegateQueue``). Called from a Swift task,
/// the wait would hold one of the cooperative pool's few threads; with all of them held, no task of
/// the process runs, the one that would end that transfer included. So on FoundationNetworking these
/// calls run on a dispatch thread, each on its own (one waiting call holds up no other: a cancel that
/// ends a transfer does not wait behind another call's resume), and the task awaits their outcome;
/// on Apple platforms, where they return at once, they run where they are made. A task's cancel may
/// meet its resume: FoundationNetworking orders the two on its queue, and a cancelled task that is
/// resumed stays cancelled.
enum FoundationNetworkingCalls {
    /// Runs `work` on a dispatch thread (FoundationNetworking) or now (elsewhere).
    static func run(_ work: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
            DispatchQueue.global().async(execute: work)
        #else
            work()
        #endif
    }
}
