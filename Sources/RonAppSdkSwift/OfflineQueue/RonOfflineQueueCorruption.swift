import Foundation

/// What a ``RonOfflineQueue`` did with a queue file it could not read wholly: moved it aside and
/// went on with the entries read before the damage (``RonOfflineQueue/corruption``).
public struct RonOfflineQueueCorruption: Sendable, Hashable {
    /// Where the damaged file now is (kept for inspection).
    public var movedTo: URL
    /// What was wrong, for example `line 3 is not a queue record`.
    public var reason: String
    /// How many entries (waiting and dead) were read before the damage and kept.
    public var recoveredEntries: Int

    /// Creates the report.
    public init(movedTo: URL, reason: String, recoveredEntries: Int) {
        self.movedTo = movedTo
        self.reason = reason
        self.recoveredEntries = recoveredEntries
    }
}
