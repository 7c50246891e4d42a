import Foundation

/// An HTTP cache for `GET` and `HEAD` answers (RFC 9111, as a private cache), in memory and on disk.
///
/// Turn it on with one line, ``RonConfig/cache``; the client then runs it as the innermost stage
/// of every call, once, after every middleware, so retries and metrics see a cache hit as an answer
/// like any other. It is not a ``RonMiddleware`` and cannot be added as one.
///
/// ```swift
/// let cache = try ResponseCache(directory: cachesFolder.appendingPathComponent("ron"))
/// let client = try RonClient(config: RonConfig(baseUrl: url, authToken: token, cache: cache))
/// ```
///
/// - Freshness: `Cache-Control: max-age`, else `Expires` − `Date`, minus the answer's age (`Age`
///   and the time it spent in the cache); else the policy's TTL (``RonCachePolicy/ttl(seconds:)``);
///   else, for an answer with `Last-Modified`, a tenth of its age at the time (at most a day,
///   ``RonCachePolicy/heuristicFreshness``); else stale at once. `no-store` answers are never
///   stored (nor touch the disk); `no-cache` and `must-revalidate` ones are revalidated before use
///   and never served offline; within `stale-while-revalidate` a stale answer is served while a
///   background request refreshes it.
/// - Revalidation: a stale entry's `ETag` and `Last-Modified` go out as `If-None-Match` and
///   `If-Modified-Since`; a `304` is answered with the stored body and the new headers.
/// - Keys (<doc:ResponseCaching>): the URL; a partition (``RonCachePartition``: by default a
///   SHA-256 of the credential headers, so one user's answer is never served to another token);
///   and one entry per variant, by the values of the request headers the answer's `Vary` names, at
///   most ``maxVariants`` per URL and partition.
/// - A write (any method but `GET`, `HEAD`, `OPTIONS` and `TRACE`) answered `2xx` or `3xx`
///   removes every stored answer for its URL, whoever stored it, and for its `Location` and
///   `Content-Location` when they are on the same origin (RFC 9111 §4.4).
/// - Limits: the memory tier holds at most ``memoryLimitBytes`` (least recently used evicted), the
///   disk tier ``diskLimitBytes`` (oldest written swept in the background); an answer over
///   ``maxEntryBytes`` is not cached. A corrupt or truncated file is a miss, never a wrong body.
///
/// Where an answer came from is in ``AppResponse/cache`` and in ``RonRequestFinishedEvent/cache``;
/// the counts are in ``statistics()``. Entries can be looked up, stored, removed and measured
/// (``cachedResponse(for:)``, ``store(_:for:)``, ``removeResponse(for:)``,
/// ``removeResponses(for:)``, ``removeResponses(storedBefore:)``, ``usage()``).
public final class ResponseCache: @unchecked Sendable {
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

    /// What a cache holds now (``usage()``).
    public struct Usage: Sendable, Hashable {
        /// Bytes held by the memory tier (bodies, headers and keys).
        public var memoryBytes: Int
        /// Entries held by the memory tier.
        public var memoryEntries: Int
        /// Bytes of the disk tier's files (0 without a disk tier).
        public var diskBytes: Int
    }

    /// Decides, for one answer from the network, what is stored: the answer as it is, a changed
    /// copy (for example with other `Cache-Control`), or nothing (`nil`). The caller always gets
    /// the answer as it came; RFC 9111's rules apply to what the hook returns.
    ///
    /// ```swift
    /// let cache = try ResponseCache(willStore: { request, response in
    ///     if request.url.path.hasPrefix("/app/private") { return nil }   // never store these
    ///     var kept = response
    ///     kept.headers.remove("set-cookie")
    ///     return kept
    /// })
    /// ```
    public typealias StoreHook = @Sendable (TransportRequest, TransportResponse) -> TransportResponse?

    /// The policy of calls that set none.
    public let policy: RonCachePolicy
    /// The bound of the memory tier, in bytes.
    public let memoryLimitBytes: Int
    /// The bound of the disk tier, in bytes (0 when there is no disk tier).
    public let diskLimitBytes: Int
    /// The largest body stored.
    public let maxEntryBytes: Int
    /// The most variants (answers that differ by their `Vary` headers) kept per URL and partition;
    /// storing one more removes the oldest.
    ///
    /// ```swift
    /// // An app in three languages keeps each translation of an answer side by side.
    /// let cache = try ResponseCache(maxVariants: 3)
    /// ```
    public let maxVariants: Int
    /// Whose answers are kept apart (see ``RonCachePartition`` for an example).
    public let partition: RonCachePartition
    /// The disk tier's directory, if any.
    public var directory: URL? { disk?.directory }

    let memory: MemoryTier
    let disk: DiskTier?
    let willStore: StoreHook?
    /// Now, in seconds since 1970 (a test gives its own clock).
    let clock: @Sendable () -> Double
    private let lock = NSLock()
    private var counts = Statistics()
    /// The last partition text and its digest: most clients send one set of credentials.
    private var lastPartition: (text: String, digest: String)?

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - directory: Where the disk tier keeps its files (created with permissions 0700); `nil`
    ///     keeps answers in memory only.
    ///   - memoryLimitBytes: The bound of the memory tier (default 8 MiB).
    ///   - diskLimitBytes: The bound of the disk tier (default 64 MiB).
    ///   - maxEntryBytes: The largest body stored (default 1 MiB).
    ///   - maxVariants: The most variants kept per URL and partition (default 8).
    ///   - policy: The policy of calls that do not set one (``AppRequest/cache(_:)``).
    ///   - partition: Whose answers are kept apart (default: per set of credentials).
    ///   - willStore: Called before an answer from the network is stored (``StoreHook``).
    /// - Throws: When `directory` cannot be created or made private.
    public convenience init(
        directory: URL? = nil, memoryLimitBytes: Int = 8 << 20, diskLimitBytes: Int = 64 << 20,
        maxEntryBytes: Int = 1 << 20, maxVariants: Int = 8, policy: RonCachePolicy = .useProtocol,
        partition: RonCachePartition = .credentials, willStore: StoreHook? = nil
    ) throws {
        try self.init(
            directory: directory, memoryLimitBytes: memoryLimitBytes, diskLimitBytes: diskLimitBytes,
            maxEntryBytes: maxEntryBytes, maxVariants: maxVariants, policy: policy, partition: partition,
            willStore: willStore, clock: { Date().timeIntervalSince1970 })
    }

    /// ``init(directory:memoryLimitBytes:diskLimitBytes:maxEntryBytes:maxVariants:policy:partition:willStore:)``
    /// with its own clock.
    init(
        directory: URL?, memoryLimitBytes: Int, diskLimitBytes: Int, maxEntryBytes: Int, maxVariants: Int,
        policy: RonCachePolicy, partition: RonCachePartition, willStore: StoreHook?,
        clock: @escaping @Sendable () -> Double
    ) throws {
        self.policy = policy
        self.memoryLimitBytes = memoryLimitBytes
        self.diskLimitBytes = directory == nil ? 0 : diskLimitBytes
        self.maxEntryBytes = maxEntryBytes
        self.maxVariants = max(1, maxVariants)
        self.partition = partition
        self.willStore = willStore
        self.clock = clock
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

    /// The key of a request: its URL and the digest of its partition; `nil` when the partition says
    /// the request has none.
    func key(for request: TransportRequest) -> CacheKey? {
        guard let text = partition.text(for: request) else { return nil }
        let digest = lock.withLock { () -> String? in
            lastPartition?.text == text ? lastPartition?.digest : nil
        }
        if let digest { return CacheKey(url: request.url.absoluteString, partition: digest) }
        let computed = SHA256Digest.hex(text)
        lock.withLock { lastPartition = (text, computed) }
        return CacheKey(url: request.url.absoluteString, partition: computed)
    }

    /// The stored variant for `key` that suits `request`: memory first, then disk (which fills memory).
    func lookup(_ key: CacheKey, for request: TransportRequest) -> CacheEntry? {
        if let found = memory.select(key, for: request) { return found }
        guard let disk else { return nil }
        let found = disk.entries(prefix: key.bucket)
            .filter { $0.meta.url == key.url && $0.meta.partition == key.partition && $0.matches(request) }
            .max { $0.meta.responseTime < $1.meta.responseTime }
        if let found { memory.put(key, found) }
        return found
    }

    /// Stores `entry` in both tiers, in place of the variants the same request would select, and
    /// removes the oldest variants beyond ``maxVariants``.
    func store(_ key: CacheKey, _ entry: CacheEntry, for request: TransportRequest) {
        var variants = memory.variants(key)
        if let disk {
            let names = Set(variants.map(\.meta.key))
            variants += disk.entries(prefix: key.bucket).filter { !names.contains($0.meta.key) }
        }
        var kept: [CacheEntry] = []
        for variant in variants where variant.meta.key != entry.meta.key {
            if variant.matches(request) { remove(key, name: variant.meta.key) } else { kept.append(variant) }
        }
        for old in kept.sorted(by: { $0.meta.responseTime < $1.meta.responseTime }).prefix(
            max(0, kept.count + 1 - maxVariants))
        {
            remove(key, name: old.meta.key)
        }
        memory.put(key, entry)
        disk?.put(entry.meta.key, entry)
        count { $0.stores += 1 }
    }

    /// Removes the entry `name` everywhere.
    func remove(_ key: CacheKey, name: String) {
        memory.remove(key, name: name)
        disk?.remove(name)
    }

    /// Removes every stored answer for `url` (every partition and variant).
    func invalidate(_ url: String) {
        memory.removeAll(url: url)
        disk?.removeAll(prefix: CacheKey.urlPrefix(url))
    }
}
