/// What a ``RonOfflineQueue`` makes of one send of a write.
enum OfflineQueueVerdict: Sendable, Equatable {
    /// The node took it (any `2xx`, or an answer the caller handles, see ``RonOfflineQueue``).
    case delivered
    /// The node could not be reached: no answer (a connection failure, a timeout, offline). The
    /// write waits; no attempt is counted.
    case unreachable
    /// The node answered, but not about the write: `5xx`, `408`, `425` or `429`. The write waits;
    /// no attempt is counted; submits store without sending until the backoff has passed.
    case busy
    /// `401`: the credentials, not the write, were refused.
    case unauthorized
    /// The call was cancelled or the client closed: stop, change nothing.
    case stopped
    /// The node refused the write (any other `4xx`, or a request the client cannot build). Counts
    /// an attempt (``RonQueuedRequest/refusals``).
    case refused

    /// The verdict on an answer of `status` with `problem` (`nil` when it succeeded).
    init(status: Int, problem: RonProblem?) {
        guard let problem, !(200..<300).contains(status) else {
            self = .delivered
            return
        }
        if problem.code == "cancelled" || problem.code == "client_closed" {
            self = .stopped
        } else if status == 0 {
            self = problem.kind == "local" ? .refused : .unreachable
        } else if status == 401 {
            self = .unauthorized
        } else if status >= 500 || [408, 425, 429].contains(status) {
            self = .busy
        } else {
            self = .refused
        }
    }

    /// Whether the write keeps its place and waits, whatever its attempts.
    var waits: Bool { self == .unreachable || self == .busy }
}
