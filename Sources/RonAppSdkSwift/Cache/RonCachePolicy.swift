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
        /// Any stored entry is used, however old, and the network never: with nothing stored the
        /// call fails with the problem `not_cached` (status 504, as RFC 9111 §5.2.1.7 says for a
        /// request's `only-if-cached`, which does the same).
        case returnCacheDontLoad
    }

    /// Where an answer may come from.
    public var mode: Mode
    /// When the network cannot be reached (a transport failure, status 0), answer with the stored
    /// entry, unless the answer said `no-cache` or `must-revalidate` (or was `no-store`, and so
    /// never stored), the request says `no-cache`, or it is more than ``maxStaleSeconds`` stale.
    public var staleIfOffline: Bool
    /// The most seconds past its freshness lifetime an answer served by ``staleIfOffline`` may be;
    /// `nil`: no limit.
    public var maxStaleSeconds: Int?
    /// How long an answer stays fresh when the server says nothing (`max-age`, `Expires`); `nil`:
    /// such answers are stale at once (kept for revalidation and offline use), unless heuristic
    /// freshness applies.
    public var ttlSeconds: Int?
    /// Whether an answer with a `Last-Modified` but no `max-age` or `Expires` is fresh for a tenth
    /// of the time between its `Date` and its `Last-Modified`, at most a day (RFC 9111 §4.2.2, as
    /// `URLCache` does). Never for an answer that says `no-cache` or `must-revalidate`. A
    /// ``ttlSeconds`` wins over it.
    ///
    /// ```swift
    /// // Revalidate answers that carry only Last-Modified on every call, as before.
    /// let cache = try ResponseCache(policy: RonCachePolicy(heuristicFreshness: false))
    /// ```
    public var heuristicFreshness: Bool

    /// Creates a policy.
    public init(
        mode: Mode = .useProtocol, staleIfOffline: Bool = false, maxStaleSeconds: Int? = nil,
        ttlSeconds: Int? = nil, heuristicFreshness: Bool = true
    ) {
        self.mode = mode
        self.staleIfOffline = staleIfOffline
        self.maxStaleSeconds = maxStaleSeconds.map { max($0, 0) }
        self.ttlSeconds = ttlSeconds
        self.heuristicFreshness = heuristicFreshness
    }

    /// RFC 9111 as the server's headers say (the default).
    public static let useProtocol = RonCachePolicy()
    /// Skip the cache for this call and store the new answer.
    public static let reload = RonCachePolicy(mode: .reload)
    /// Use any stored answer, else load.
    public static let returnCacheElseLoad = RonCachePolicy(mode: .returnCacheElseLoad)
    /// Use any stored answer, never the network: an app that knows it is offline, or a screen that
    /// shows what it has at once.
    ///
    /// ```swift
    /// let shown: AppResponse<Item> = await client.request(AppRequest(path: "/items/1").cache(.returnCacheDontLoad))
    /// if shown.problem?.code == "not_cached" { showPlaceholder() }
    /// ```
    public static let returnCacheDontLoad = RonCachePolicy(mode: .returnCacheDontLoad)
    /// RFC 9111, and the stored answer when the network cannot be reached.
    public static let returnStaleIfOffline = RonCachePolicy(staleIfOffline: true)

    /// RFC 9111, and the stored answer when the network cannot be reached if it is at most
    /// `seconds` past its freshness lifetime.
    ///
    /// ```swift
    /// // Offline, show prices at most an hour out of date; else the call fails as it would.
    /// let prices: AppResponse<[Price]> = await client.request(
    ///     AppRequest(path: "/prices").cache(.returnStaleIfOffline(maxStaleSeconds: 3_600)))
    /// ```
    public static func returnStaleIfOffline(maxStaleSeconds seconds: Int) -> RonCachePolicy {
        RonCachePolicy(staleIfOffline: true, maxStaleSeconds: seconds)
    }

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
