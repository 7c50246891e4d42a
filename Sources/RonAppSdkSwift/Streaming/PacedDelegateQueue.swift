import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// The delegate queue of a streaming session on FoundationNetworking (Linux): a safety valve
    /// that makes the session wait while the delegate is `limit` pieces behind, so memory stays
    /// bounded when the delegate cannot keep up (a download's disk stalls, a progress closure is slow).
    ///
    /// FoundationNetworking cannot pause a running transfer (suspending a task drops libcurl's
    /// handle), and it hands every piece of a body (at most 16 KiB) to the delegate by adding an
    /// operation to the session's delegate queue from the thread that reads libcurl. With a plain
    /// queue those operations pile up without limit whenever the delegate runs behind: a download
    /// whose disk stalls for a second holds that second of the network in memory. Here
    /// `addOperation` waits, on libcurl's thread, until the delegate has taken half the limit, so
    /// libcurl stops reading and TCP slows the server down.
    ///
    /// That thread is FoundationNetworking's one queue, shared by every session of the process:
    /// while the valve is shut, the process's other `URLSession` transfers wait too. So it shuts only
    /// far behind (32 MiB, which a delegate that keeps up never reaches), and each wait is bounded
    /// (`maxWait` a piece): a delegate that never catches up, or that itself waits on
    /// FoundationNetworking, slows the others down rather than stopping them, and its backlog then
    /// grows by at most one piece per `maxWait`.
    final class PacedDelegateQueue: OperationQueue, @unchecked Sendable {
        private let condition = NSCondition()
        private var pending = 0
        private var waitingForRoom = false
        /// The most pieces waiting for the delegate before `addOperation` waits.
        let limit: Int
        /// The longest `addOperation` waits for one piece.
        let maxWait: TimeInterval

        /// A serial queue that holds at most `limit` pieces (2,048: 32 MiB of libcurl's 16 KiB pieces).
        init(limit: Int = 2_048, maxWait: TimeInterval = 0.05) {
            self.limit = max(limit, 1)
            self.maxWait = maxWait
            super.init()
            maxConcurrentOperationCount = 1
        }

        /// The operations waiting or running.
        var waiting: Int { condition.withLock { pending } }

        override func addOperation(_ block: @Sendable @escaping () -> Void) {
            condition.lock()
            if pending >= limit {
                // Down to half the limit, so that libcurl's thread waits once per half a limit of
                // pieces rather than once per piece.
                let deadline = Date(timeIntervalSinceNow: maxWait)
                waitingForRoom = true
                while pending > limit / 2, condition.wait(until: deadline) {}
                waitingForRoom = false
            }
            pending += 1
            condition.unlock()
            super.addOperation { [self] in
                block()
                condition.lock()
                pending -= 1
                if waitingForRoom, pending <= limit / 2 { condition.signal() }
                condition.unlock()
            }
        }
    }
#endif
