import Foundation

extension ResponseCache {
    /// Statuses stored (RFC 9110 §15.1 "heuristically cacheable", the ones an app meets).
    static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 410]

    /// The cache's stage of a call (``CacheStage``): answers `GET` and `HEAD` from the cache when it
    /// may, revalidates, stores, and removes what a successful write changed. `terminal` is the
    /// transport step, for the background revalidation of `stale-while-revalidate`.
    package func respond(
        _ request: TransportRequest, terminal: RonMiddlewareNext?, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        let method = request.method.uppercased()
        guard method == "GET" || method == "HEAD" else {
            let response = try await next(request)
            if method != "OPTIONS", method != "TRACE", (200..<400).contains(response.status) {
                invalidate(after: request, response)
            }
            return response
        }
        let control = CacheControl(request.headers)
        let policy = request.cachePolicy ?? self.policy
        let cacheOnly = policy.mode == .returnCacheDontLoad || control.onlyIfCached
        let bypass =
            control.noStore || request.headers.contains("if-none-match")
            || request.headers.contains("if-modified-since") || request.headers.contains("range")
        guard !bypass, let key = key(for: request) else {
            if cacheOnly { throw Self.notCached(request) }
            return try await next(request)
        }
        let now = clock()
        let stored = policy.mode == .reload ? nil : lookup(key, for: request)
        if cacheOnly {
            guard let entry = stored else {
                count { $0.misses += 1 }
                throw Self.notCached(request)
            }
            count { $0.hits += 1 }
            return answer(entry, request, .hit, now: now)
        }
        if let entry = stored,
            let served = servedWithoutNetwork(entry, request, control, policy, key, now: now, terminal)
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
        let response: TransportResponse
        do {
            response = try await next(outgoing)
        } catch {
            let fallback = stored ?? (policy.staleIfOffline ? lookup(key, for: request) : nil)
            let later = clock()
            guard policy.staleIfOffline, let entry = fallback, mayServeOffline(entry, control, policy, now: later),
                TransportFailure.classify(error).cause.retryable, !Task.isCancelled
            else { throw error }
            count { $0.offlineServed += 1 }
            return answer(entry, request, .offline, now: later)
        }
        return settle(response, stored: stored, request: request, key: key, requestTime: now)
    }

    /// The problem of a cache-only call with nothing stored.
    static func notCached(_ request: TransportRequest) -> RonProblem {
        RonProblem(
            code: "not_cached",
            message: "no stored answer for \(Redactor.url(request.url)) and the call may not load one",
            kind: "cache", status: 504, retryable: false)
    }

    /// Whether the offline fallback may serve `entry`: never what `no-cache` or `must-revalidate`
    /// forbid (the answer's or the request's `no-cache`), nor beyond the policy's maximum staleness.
    func mayServeOffline(_ entry: CacheEntry, _ control: CacheControl, _ policy: RonCachePolicy, now: Double) -> Bool {
        guard !entry.meta.noCache, !entry.meta.mustRevalidate, !control.noCache else { return false }
        guard let limit = policy.maxStaleSeconds else { return true }
        return entry.age(at: now) - entry.lifetime(under: policy) <= Double(limit)
    }

    /// After a write answered `2xx` or `3xx`: removes every answer stored for its URL, and for its
    /// `Location` and `Content-Location` when they are on the same origin (RFC 9111 §4.4).
    func invalidate(after request: TransportRequest, _ response: TransportResponse) {
        invalidate(request.url.absoluteString)
        for name in ["location", "content-location"] {
            guard let value = response.headers[name], let target = URL(string: value, relativeTo: request.url),
                CredentialPolicy.origin(of: target) == CredentialPolicy.origin(of: request.url)
            else { continue }
            invalidate(target.absoluteURL.absoluteString)
        }
    }

    /// A fresh (or, by policy or `stale-while-revalidate`, usable) entry's answer; `nil` when the
    /// network must be asked.
    private func servedWithoutNetwork(
        _ entry: CacheEntry, _ request: TransportRequest, _ control: CacheControl, _ policy: RonCachePolicy,
        _ key: CacheKey, now: Double, _ sender: RonMiddlewareNext?
    ) -> TransportResponse? {
        if policy.mode == .returnCacheElseLoad {
            count { $0.hits += 1 }
            return answer(entry, request, .hit, now: now)
        }
        guard !entry.meta.noCache, !control.noCache, control.maxAge != 0 else { return nil }
        let age = entry.age(at: now)
        let lifetime = entry.lifetime(under: policy)
        if age < lifetime {
            count { $0.hits += 1 }
            return answer(entry, request, .hit, now: now)
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
            let requestTime = clock()
            if let response = try? await sender(outgoing) {
                _ = settle(response, stored: entry, request: request, key: key, requestTime: requestTime)
            }
        }
        return answer(entry, request, .stale, now: now)
    }

    /// What to return for a response from the network: a `304` becomes the stored answer with the
    /// new headers; a storable answer is stored (as the store hook allows).
    private func settle(
        _ response: TransportResponse, stored: CacheEntry?, request: TransportRequest, key: CacheKey,
        requestTime: Double
    ) -> TransportResponse {
        if response.status == 304, let entry = stored {
            var headers = entry.headers
            for name in Set(response.headers.map { $0.name.lowercased() }) where name != "content-length" {
                headers[name] = response.headers[name]
            }
            let merged = TransportResponse(status: entry.meta.status, headers: headers, body: entry.body)
            var refreshed = entry
            if let kept = willStore.map({ $0(request, merged) }) ?? merged,
                let updated = makeEntry(kept, request: request, key: key, requestTime: requestTime)
            {
                refreshed = updated
                store(key, updated, for: request)
            }
            count { $0.notModified += 1 }
            return answer(refreshed, request, .revalidated, now: clock())
        }
        if request.method.uppercased() == "GET", let kept = willStore.map({ $0(request, response) }) ?? response,
            let entry = makeEntry(kept, request: request, key: key, requestTime: requestTime)
        {
            store(key, entry, for: request)
        }
        return response
    }

    /// The response for a stored entry, with its `Age` and ``TransportResponse/cacheInfo``.
    func answer(_ entry: CacheEntry, _ request: TransportRequest, _ source: RonCacheInfo.Source, now: Double)
        -> TransportResponse
    {
        let age = Int(entry.age(at: now))
        var headers = entry.headers
        headers["age"] = String(age)
        var response = TransportResponse(
            status: entry.meta.status, headers: headers,
            body: request.method.uppercased() == "HEAD" ? Data() : entry.body)
        response.cacheInfo = RonCacheInfo(source: source, ageSeconds: age)
        return response
    }
}
