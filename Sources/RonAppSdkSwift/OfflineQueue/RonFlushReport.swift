import Foundation

/// What one ``RonOfflineQueue/flush()`` did.
public struct RonFlushReport: Sendable {
    /// The answers of the writes delivered, by entry id, in delivery order of ``delivered``.
    public var responses: [String: AppResponse<Data>] = [:]
    /// The ids of the writes delivered, in order.
    public var delivered: [String] = []
    /// The ids of the writes moved to the dead-letter list.
    public var deadLettered: [String] = []
    /// The writes still waiting.
    public var remaining = 0
    /// Why the flush stopped early (the gateway is still unreachable or busy), if it did.
    public var stoppedBy: RonProblem?

    /// Creates an empty report.
    public init() {}
}
