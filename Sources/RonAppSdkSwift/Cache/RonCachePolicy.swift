/// How a ``ResponseCache`` treats one call: the cache's default, or a call's own with
/// ``AppRequest/cache(_:)``.
///
/// ```swift
/// let fresh: AppResponse<Item> = await client.request(AppRequest(path: "/items/1").cache(.reload))
/// let quick: AppResponse<Item> = await client.request(AppRequest(path: "/items/1").cache(.returnCacheElseLoad))
/// ```
public struct RonCachePolicy: Sendable, Hashable {
    /// Where an answer may come from.
    public enum Mode: String, Sendable, Hashable {
        /// RFC 9111: a fresh entry is used, a stale one is revalidated (or fetched again).
        case useProtocol
        /// The cache is not read; the answer from the network replaces the entry.
        case reload
        /// Any stored entry is used, however old; the network only when there is none.
        case returnCacheElseLoad
    }

    /// Where an answer may come from.
    public var mode: Mode
    /// When the network cannot be reached (a transport failure, status 0), answer with the stored
    /// entry however old, unless it said `must-revalidate`.
    public var staleIfOffline: Bool
    /// How long an answer stays fresh when the server says nothing (`max-age`, `Expires`); `nil`:
    /// such answers are stale at once (kept for revalidation and offline use).
    public var ttlSeconds: Int?

    /// Creates a policy.
    public init(mode: Mode = .useProtocol, staleIfOffline: Bool = false, ttlSeconds: Int? = nil) {
        self.mode = mode
        self.staleIfOffline = staleIfOffline
        self.ttlSeconds = ttlSeconds
    }

    /// RFC 9111 as the server's headers say (the default).
    public static let useProtocol = RonCachePolicy()
    /// Skip the cache for this call and store the new answer.
    public static let reload = RonCachePolicy(mode: .reload)
    /// Use any stored answer, else load.
    public static let returnCacheElseLoad = RonCachePolicy(mode: .returnCacheElseLoad)
    /// RFC 9111, and the stored answer when the network cannot be reached.
    public static let returnStaleIfOffline = RonCachePolicy(staleIfOffline: true)

    /// RFC 9111, with answers that carry no freshness information fresh for `seconds`.
    public static func ttl(seconds: Int) -> RonCachePolicy {
        RonCachePolicy(ttlSeconds: max(seconds, 0))
    }
}

/// Where an answer came from, when a ``ResponseCache`` answered it (``AppResponse/cache``).
public struct RonCacheInfo: Sendable, Hashable {
    /// How the cache answered.
    public enum Source: String, Sendable, Hashable {
        /// A fresh stored answer; nothing was sent.
        case hit
        /// The server answered `304 Not Modified` and the stored body was used.
        case revalidated
        /// A stale answer served while it is revalidated in the background (`stale-while-revalidate`).
        case stale
        /// A stored answer served because the network could not be reached (``RonCachePolicy/staleIfOffline``).
        case offline
    }

    /// How the cache answered.
    public var source: Source
    /// The age of the answer in seconds (RFC 9111 §4.2.3), as also sent in its `Age` header.
    public var ageSeconds: Int

    /// Creates the description.
    public init(source: Source, ageSeconds: Int) {
        self.source = source
        self.ageSeconds = ageSeconds
    }
}

extension AppRequest {
    /// This request with its own cache policy (for a client with a ``ResponseCache``).
    public func cache(_ policy: RonCachePolicy) -> AppRequest {
        var copy = self
        copy.cachePolicy = policy
        return copy
    }
}
