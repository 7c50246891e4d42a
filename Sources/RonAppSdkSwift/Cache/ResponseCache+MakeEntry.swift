import Foundation

extension ResponseCache {
    /// A tenth of the time since `Last-Modified` (RFC 9111 §4.2.2's typical fraction), at most a day.
    static let heuristicFraction = 0.1
    /// The longest heuristic freshness lifetime, in seconds.
    static let maxHeuristicLifetime = 86_400.0

    /// The entry for a response, or `nil` when it may not be stored (`no-store`, `Vary: *`, a status
    /// that is not storable, a body over ``maxEntryBytes``).
    func makeEntry(_ response: TransportResponse, request: TransportRequest, key: CacheKey, requestTime: Double)
        -> CacheEntry?
    {
        let control = CacheControl(response.headers)
        guard Self.storableStatuses.contains(response.status), !control.noStore,
            response.body.count <= maxEntryBytes
        else { return nil }
        let varyNames = (response.headers["vary"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !varyNames.contains("*") else { return nil }
        var vary: [String: String] = [:]
        for name in varyNames { vary[name] = request.headers[name] ?? "" }
        let responseTime = max(clock(), requestTime)
        let date = response.headers["date"].flatMap(HTTPDate.parse)?.timeIntervalSince1970
        let ageValue = response.headers["age"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let apparentAge = max(0, responseTime - (date ?? responseTime))
        let initialAge = max(apparentAge, max(0, ageValue) + max(0, responseTime - requestTime))
        var lifetime = control.maxAge.map(Double.init)
        if lifetime == nil, let expires = response.headers["expires"] {
            lifetime = HTTPDate.parse(expires).map { $0.timeIntervalSince1970 - (date ?? responseTime) } ?? 0
        }
        var heuristic: Double?
        if lifetime == nil, !control.noCache, !control.mustRevalidate,
            let modified = response.headers["last-modified"].flatMap(HTTPDate.parse)?.timeIntervalSince1970
        {
            let since = max(0, (date ?? responseTime) - modified)
            heuristic = min(since * Self.heuristicFraction, Self.maxHeuristicLifetime)
        }
        var headers = response.headers
        headers.remove("age")
        let meta = CacheEntry.Meta(
            key: key.entryName(vary: vary), url: key.url, partition: key.partition, status: response.status,
            headers: headers.map { [$0.name, $0.value] }, vary: vary, responseTime: responseTime,
            initialAge: initialAge, lifetime: lifetime, heuristicLifetime: heuristic, noCache: control.noCache,
            mustRevalidate: control.mustRevalidate, staleWhileRevalidate: control.staleWhileRevalidate,
            bodyLength: response.body.count, bodyChecksum: CacheEntry.checksum(response.body))
        return CacheEntry(meta: meta, body: response.body)
    }
}
