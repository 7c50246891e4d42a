import Foundation

extension ResponseCache {
    /// The stored answer `request` would be served (its URL, partition and `Vary` headers), fresh
    /// or not; `nil` when there is none. Nothing is sent and no count changes.
    ///
    /// ```swift
    /// let request = try await client.transportRequest(for: AppRequest(path: "/items/1"))
    /// if let stored = cache.cachedResponse(for: request), stored.isFresh {
    ///     print("cached \(stored.ageSeconds) s ago")
    /// }
    /// ```
    public func cachedResponse(for request: TransportRequest) -> RonCachedResponse? {
        guard let key = key(for: request), let entry = lookup(key, for: request) else { return nil }
        let now = clock()
        let fresh = !entry.meta.noCache && entry.age(at: now) < entry.lifetime(under: policy)
        let response = answer(entry, request, .hit, now: now)
        return RonCachedResponse(
            response: response, storedAt: entry.storedAt, ageSeconds: response.cacheInfo?.ageSeconds ?? 0,
            isFresh: fresh)
    }

    /// Stores `response` as the answer to `request` (a `GET`), as if it had just come from the
    /// network: to fill the cache ahead of use, or with an answer the app got another way. RFC
    /// 9111's rules apply (a `no-store` answer, a status that is not storable, a body over
    /// ``maxEntryBytes`` or `Vary: *` is not stored); the store hook is not called.
    ///
    /// ```swift
    /// let request = try await client.transportRequest(for: AppRequest(path: "/config"))
    /// cache.store(
    ///     TransportResponse(status: 200, headers: ["Cache-Control": "max-age=600"], body: bundledConfig),
    ///     for: request)
    /// ```
    ///
    /// - Returns: Whether it was stored.
    @discardableResult
    public func store(_ response: TransportResponse, for request: TransportRequest) -> Bool {
        guard request.method.uppercased() == "GET", let key = key(for: request) else { return false }
        let now = clock()
        guard let entry = makeEntry(response, request: request, key: key, requestTime: now) else { return false }
        store(key, entry, for: request)
        return true
    }

    /// Removes the stored answer `request` would be served (its partition and variant only).
    ///
    /// ```swift
    /// cache.removeResponse(for: try await client.transportRequest(for: AppRequest(path: "/me")))
    /// ```
    public func removeResponse(for request: TransportRequest) {
        guard let key = key(for: request), let entry = lookup(key, for: request) else { return }
        remove(key, name: entry.meta.key)
    }

    /// Removes every stored answer for `url`: every partition and every variant (what a write to
    /// `url` does by itself).
    ///
    /// ```swift
    /// cache.removeResponses(for: try await client.transportRequest(for: AppRequest(path: "/items")).url)
    /// ```
    public func removeResponses(for url: URL) {
        invalidate(url.absoluteString)
    }

    /// Removes the answers that arrived before `date`, in memory and on disk.
    ///
    /// ```swift
    /// cache.removeResponses(storedBefore: Date().addingTimeInterval(-7 * 86_400))   // older than a week
    /// ```
    public func removeResponses(storedBefore date: Date) {
        let time = date.timeIntervalSince1970
        memory.removeAll(before: time)
        disk?.removeAll(before: time)
    }

    /// What the cache holds now. Walks the disk tier's folder, so it is not free.
    ///
    /// ```swift
    /// let usage = cache.usage()
    /// print("\(usage.memoryBytes + usage.diskBytes) bytes cached")
    /// ```
    public func usage() -> Usage {
        Usage(memoryBytes: memory.totalBytes, memoryEntries: memory.count, diskBytes: disk?.totalBytes() ?? 0)
    }
}
