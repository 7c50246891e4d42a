import Foundation

extension RonClient {
    /// The request `call` would send, as the middleware and a ``ResponseCache`` see it: the URL,
    /// the client's credentials and headers (its `headerProvider` is asked), the call's own.
    /// Nothing is sent. For the cache's lookups and removals (``ResponseCache/cachedResponse(for:)``).
    ///
    /// ```swift
    /// let request = try await client.transportRequest(for: AppRequest(path: "/items/1"))
    /// cache.removeResponse(for: request)
    /// ```
    ///
    /// - Throws: The `RonProblem` the call would end with when it cannot be built (`client_closed`,
    ///   `invalid_path`, `invalid_header`).
    public func transportRequest(for call: AppRequest) async throws(RonProblem) -> TransportRequest {
        let url = try self.url(for: call)
        var provided: [String: String] = [:]
        if let headerProvider = headerComposer.headerProvider { provided = await headerProvider() }
        let timeoutMs = timeoutMs(for: call)
        do {
            return try prepare(
                call, url: url, provided: provided, timeoutMs: timeoutMs,
                deadline: .now + .milliseconds(timeoutMs), limits: .call
            ).transport
        } catch {
            throw error.problem
        }
    }
}
