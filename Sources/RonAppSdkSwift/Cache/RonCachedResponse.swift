import Foundation

/// An answer a ``ResponseCache`` holds, as ``ResponseCache/cachedResponse(for:)`` finds it.
public struct RonCachedResponse: Sendable, Hashable {
    /// The stored answer, with its `Age` header.
    public var response: TransportResponse
    /// When it arrived (or was stored with ``ResponseCache/store(_:for:)``).
    public var storedAt: Date
    /// Its age in seconds (RFC 9111 §4.2.3).
    public var ageSeconds: Int
    /// Whether the cache's default policy would serve it without asking the network.
    public var isFresh: Bool

    /// Creates the description.
    public init(response: TransportResponse, storedAt: Date, ageSeconds: Int, isFresh: Bool) {
        self.response = response
        self.storedAt = storedAt
        self.ageSeconds = ageSeconds
        self.isFresh = isFresh
    }
}
