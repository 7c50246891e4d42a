import Foundation

extension ResponseCache {
    /// Statuses stored (RFC 9110 §15.1 "heuristically cacheable", the ones an app meets).
    static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 410]

    /// Answers `GET` and `HEAD` from the cache when it may, revalidates, stores, and removes the
    /// entry of a URL that a successful write changed.
    public func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        let method = request.method.uppercased()
        guard method == "GET" || method == "HEAD" else {
            let response = try await next(request)
            if (200..<400).contains(response.status), method != "OPTIONS", method != "TRACE" {
                remove(Self.key(for: request))
            }
            return response
        }
        let control = CacheControl(request.headers)
        if control.noStore || request.headers.contains("if-none-match") || request.headers.contains("if-modified-since")
            || request.headers.contains("range")
        {
            return try await next(request)
        }
        let policy = request.cachePolicy ?? self.policy
        let key = Self.key(for: request)
        let stored = policy.mode == .reload ? nil : lookup(key, for: request)
        if let entry = stored, let served = servedWithoutNetwork(entry, request, control, policy, key, context.terminal)
        {
            return served
        }
        var outgoing = request
        if let entry = stored {
            let headers = entry.headers
            outgoing.headers["if-none-match"] = headers["etag"]
            outgoing.headers["if-modified-since"] = headers["last-modified"]
        }
        let conditional = outgoing.headers.contains("if-none-match") || outgoing.headers.contains("if-modified-since")
        count {
            if conditional { $0.revalidations += 1 } else { $0.misses += 1 }
        }
        let requestTime = Date().timeIntervalSince1970
        let response: TransportResponse
        do {
            response = try await next(outgoing)
        } catch {
            let fallback = stored ?? (policy.staleIfOffline ? lookup(key, for: request) : nil)
            guard policy.staleIfOffline, let entry = fallback, !entry.meta.mustRevalidate,
                TransportFailure.classify(error).cause.retryable, !Task.isCancelled
            else { throw error }
            count { $0.offlineServed += 1 }
            return answer(entry, request, .offline)
        }
        return settle(response, stored: stored, request: request, key: key, requestTime: requestTime)
    }

    /// A fresh (or, by policy or `stale-while-revalidate`, usable) entry's answer; `nil` when the
    /// network must be asked.
    private func servedWithoutNetwork(
        _ entry: CacheEntry, _ request: TransportRequest, _ control: CacheControl, _ policy: RonCachePolicy,
        _ key: String, _ sender: RonMiddlewareNext?
    ) -> TransportResponse? {
        if policy.mode == .returnCacheElseLoad {
            count { $0.hits += 1 }
            return answer(entry, request, .hit)
        }
        guard !entry.meta.noCache, !control.noCache, control.maxAge != 0 else { return nil }
        let age = entry.age(at: Date().timeIntervalSince1970)
        let lifetime = entry.meta.lifetime ?? policy.ttlSeconds.map(Double.init) ?? 0
        if age < lifetime {
            count { $0.hits += 1 }
            return answer(entry, request, .hit)
        }
        guard let sender, let window = entry.meta.staleWhileRevalidate, !entry.meta.mustRevalidate,
            age < lifetime + Double(window)
        else { return nil }
        count { $0.staleServed += 1 }
        Task { [self] in
            var outgoing = request
            outgoing.headers["if-none-match"] = entry.headers["etag"]
            outgoing.headers["if-modified-since"] = entry.headers["last-modified"]
            count { $0.revalidations += 1 }
            let requestTime = Date().timeIntervalSince1970
            if let response = try? await sender(outgoing) {
                _ = settle(response, stored: entry, request: request, key: key, requestTime: requestTime)
            }
        }
        return answer(entry, request, .stale)
    }

    /// What to return for a response from the network: a `304` becomes the stored answer with the
    /// new headers; a storable answer is stored.
    private func settle(
        _ response: TransportResponse, stored: CacheEntry?, request: TransportRequest, key: String,
        requestTime: Double
    ) -> TransportResponse {
        if response.status == 304, let entry = stored {
            var headers = entry.headers
            for name in Set(response.headers.map { $0.name.lowercased() }) where name != "content-length" {
                headers[name] = response.headers[name]
            }
            let merged = TransportResponse(status: entry.meta.status, headers: headers, body: entry.body)
            var refreshed = entry
            if let updated = makeEntry(merged, request: request, key: key, requestTime: requestTime) {
                refreshed = updated
                store(key, updated)
            }
            count { $0.notModified += 1 }
            return answer(refreshed, request, .revalidated)
        }
        if request.method.uppercased() == "GET",
            let entry = makeEntry(response, request: request, key: key, requestTime: requestTime)
        {
            store(key, entry)
        }
        return response
    }

    /// The response for a stored entry, with its `Age` and ``TransportResponse/cacheInfo``.
    func answer(_ entry: CacheEntry, _ request: TransportRequest, _ source: RonCacheInfo.Source) -> TransportResponse {
        let age = Int(entry.age(at: Date().timeIntervalSince1970))
        var headers = entry.headers
        headers["age"] = String(age)
        var response = TransportResponse(
            status: entry.meta.status, headers: headers,
            body: request.method.uppercased() == "HEAD" ? Data() : entry.body)
        response.cacheInfo = RonCacheInfo(source: source, ageSeconds: age)
        return response
    }

    /// The entry for a response, or `nil` when it may not be stored (`no-store`, `Vary: *`, a status
    /// that is not storable, a body over ``maxEntryBytes``).
    func makeEntry(_ response: TransportResponse, request: TransportRequest, key: String, requestTime: Double)
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
        let responseTime = Date().timeIntervalSince1970
        let date = response.headers["date"].flatMap(HTTPDate.parse)?.timeIntervalSince1970
        let ageValue = response.headers["age"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let apparentAge = max(0, responseTime - (date ?? responseTime))
        let initialAge = max(apparentAge, max(0, ageValue) + max(0, responseTime - requestTime))
        var lifetime = control.maxAge.map(Double.init)
        if lifetime == nil, let expires = response.headers["expires"] {
            lifetime = HTTPDate.parse(expires).map { $0.timeIntervalSince1970 - (date ?? responseTime) } ?? 0
        }
        var headers = response.headers
        headers.remove("age")
        let meta = CacheEntry.Meta(
            key: key, status: response.status, headers: headers.map { [$0.name, $0.value] }, vary: vary,
            responseTime: responseTime, initialAge: initialAge, lifetime: lifetime, noCache: control.noCache,
            mustRevalidate: control.mustRevalidate, staleWhileRevalidate: control.staleWhileRevalidate,
            bodyLength: response.body.count, bodyChecksum: CacheEntry.checksum(response.body))
        return CacheEntry(meta: meta, body: response.body)
    }
}
