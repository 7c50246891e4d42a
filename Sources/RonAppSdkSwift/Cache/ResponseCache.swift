import Foundation

/// An HTTP cache for `GET` and `HEAD` answers (RFC 9111, as a private cache), in memory and on disk.
///
/// Turn it on with one line, ``RonConfig/cache``; it then runs innermost, after every other
/// middleware, so retries and metrics see a cache hit as an answer like any other:
///
/// ```swift
/// var config = RonConfig(baseUrl: url, authToken: token)
/// config.cache = try ResponseCache(directory: cachesFolder.appendingPathComponent("ron"))
/// ```
///
/// - Freshness: `Cache-Control: max-age`, else `Expires` − `Date`, minus the answer's age (`Age`
///   and the time it spent in the cache); answers without either are stale at once unless the policy
///   gives a TTL (``RonCachePolicy/ttl(seconds:)``). `no-store` answers are never stored (nor touch
///   the disk); `no-cache` and `must-revalidate` ones are revalidated before use; within
///   `stale-while-revalidate` a stale answer is served while a background request refreshes it.
/// - Revalidation: a stale entry's `ETag` and `Last-Modified` go out as `If-None-Match` and
///   `If-Modified-Since`; a `304` is answered with the stored body and the new headers.
/// - Keys: the URL, the values of the headers the answer's `Vary` names, and a SHA-256 of every
///   credential header the request carries (`Authorization`, `X-RON-*`, cookies and whatever else
///   the SDK treats as a secret), so one user's answer is never served to another token. Call
///   ``clear()`` on logout.
/// - A write (`POST`, `PUT`, `PATCH`, `DELETE`) that succeeds removes the entry for its URL.
/// - Limits: the memory tier holds at most ``memoryLimitBytes`` (least recently used evicted), the
///   disk tier ``diskLimitBytes`` (oldest written swept in the background); an answer over
///   ``maxEntryBytes`` is not cached. A corrupt or truncated file is a miss, never a wrong body.
///
/// Where an answer came from is in ``AppResponse/cache`` and in ``RonRequestFinishedEvent/cache``;
/// the counts are in ``statistics()``.
public final class ResponseCache: RonMiddleware, @unchecked Sendable {
    /// The counts of one cache since it was created.
    public struct Statistics: Sendable, Hashable {
        /// Answers served from the cache without the network (fresh, or by policy).
        public var hits = 0
        /// Calls for which nothing usable was stored.
        public var misses = 0
        /// Conditional requests sent for a stale entry.
        public var revalidations = 0
        /// Of those, the ones answered `304 Not Modified`.
        public var notModified = 0
        /// Stale answers served during `stale-while-revalidate`.
        public var staleServed = 0
        /// Stored answers served because the network could not be reached.
        public var offlineServed = 0
        /// Answers stored.
        public var stores = 0
    }

    /// The policy of calls that set none.
    public let policy: RonCachePolicy
    /// The bound of the memory tier, in bytes.
    public let memoryLimitBytes: Int
    /// The bound of the disk tier, in bytes (0 when there is no disk tier).
    public let diskLimitBytes: Int
    /// The largest body stored.
    public let maxEntryBytes: Int
    /// The disk tier's directory, if any.
    public var directory: URL? { disk?.directory }

    let memory: MemoryTier
    let disk: DiskTier?
    private let lock = NSLock()
    private var counts = Statistics()

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - directory: Where the disk tier keeps its files (created with permissions 0700); `nil`
    ///     keeps answers in memory only.
    ///   - memoryLimitBytes: The bound of the memory tier (default 8 MiB).
    ///   - diskLimitBytes: The bound of the disk tier (default 64 MiB).
    ///   - maxEntryBytes: The largest body stored (default 1 MiB).
    ///   - policy: The policy of calls that do not set one (``AppRequest/cache(_:)``).
    /// - Throws: When `directory` cannot be created or made private.
    public init(
        directory: URL? = nil, memoryLimitBytes: Int = 8 << 20, diskLimitBytes: Int = 64 << 20,
        maxEntryBytes: Int = 1 << 20, policy: RonCachePolicy = .useProtocol
    ) throws {
        self.policy = policy
        self.memoryLimitBytes = memoryLimitBytes
        self.diskLimitBytes = directory == nil ? 0 : diskLimitBytes
        self.maxEntryBytes = maxEntryBytes
        memory = MemoryTier(limitBytes: memoryLimitBytes)
        disk = try directory.map { try DiskTier(directory: $0, limitBytes: diskLimitBytes) }
    }

    /// The counts so far.
    public func statistics() -> Statistics {
        lock.withLock { counts }
    }

    /// Removes every stored answer, in memory and on disk (for logout).
    public func clear() {
        memory.removeAll()
        disk?.removeAll()
    }

    func count(_ update: (inout Statistics) -> Void) {
        lock.withLock { update(&counts) }
    }

    /// The key of a request: SHA-256 over the URL and the request's credential headers.
    static func key(for request: TransportRequest) -> String {
        var text = request.url.absoluteString
        var credentials: [String] = []
        for (name, value) in request.headers where CredentialPolicy.isCredential(name) {
            credentials.append(name.lowercased() + ":" + value)
        }
        for line in credentials.sorted() {
            text += "\n" + line
        }
        return SHA256Digest.hex(text)
    }

    /// The stored entry for `key` that suits `request`: memory first, then disk (which fills memory).
    func lookup(_ key: String, for request: TransportRequest) -> CacheEntry? {
        var found = memory.get(key)
        if found == nil, let entry = disk?.get(key) {
            memory.put(key, entry)
            found = entry
        }
        guard let found, found.matches(request) else { return nil }
        return found
    }

    /// Removes the entry for `key` everywhere.
    func remove(_ key: String) {
        memory.remove(key)
        disk?.remove(key)
    }

    /// Stores `entry` in both tiers.
    func store(_ key: String, _ entry: CacheEntry) {
        memory.put(key, entry)
        disk?.put(key, entry)
        count { $0.stores += 1 }
    }
}
