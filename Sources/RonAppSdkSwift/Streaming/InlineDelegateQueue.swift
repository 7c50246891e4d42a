import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// The delegate queue of a streaming session on FoundationNetworking (Linux): it runs each
    /// delegate call at once, on the thread that adds it, instead of handing it to another thread.
    ///
    /// FoundationNetworking adds every delegate call of a session (the response, each piece of the
    /// body, at most 16 KiB, and the end) from the session's own serial work queue, in order, with
    /// `addOperation`. A plain `OperationQueue` then costs a hand-over to another thread per piece,
    /// and, because libcurl cannot be paused, lets those pieces pile up in memory without limit
    /// whenever the delegate runs behind. Run where they are added, the calls keep their order, the
    /// hand-over is gone (this is how FoundationNetworking's own download task writes its file: on
    /// that queue), and a delegate that is slow (a download's disk stalls, a progress closure takes
    /// its time) holds libcurl back, so TCP slows the server down and memory stays bounded.
    ///
    /// That work queue is shared by every session of the process, so the delegate must stay short
    /// and must never wait for FoundationNetworking: `URLSessionStreamer` cancels its task and
    /// invalidates its session from another queue (`invalidateAndCancel` waits for the work queue).
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        /// A queue whose operations added as blocks run before `addOperation` returns.
        override init() {
            super.init()
            maxConcurrentOperationCount = 1
        }

        /// Runs `block` now, on the calling thread.
        override func addOperation(_ block: @Sendable @escaping () -> Void) {
            block()
        }
    }
#endif
