/// Refreshes the token once when the gateway answers `401`, and replays the call once with the
/// new token.
///
/// However many calls get a `401` at the same time, only one refresh runs: the others wait for it
/// and use its token (see ``AuthTokenCoordinator``). A call that gets `401` again with the new
/// token returns that response as it is; a refresh that throws returns the first `401`. Once a
/// token is refreshed, every later call sends it as `Authorization` (instead of
/// ``RonConfig/authToken``). A bare token gets `Bearer ` in front.
///
/// ```swift
/// let auth = AuthRefreshMiddleware { try await myIdentityProvider.freshToken() }
/// let client = try RonClient(config: RonConfig(baseUrl: url, authToken: oldToken, middleware: [auth]))
/// ```
public struct AuthRefreshMiddleware: RonMiddleware {
    /// The shared state: the current token and the refresh in flight.
    public let coordinator: AuthTokenCoordinator

    /// Creates the middleware with the function that fetches a new token.
    ///
    /// - Parameters:
    ///   - initialToken: A token to send from the start (`nil`: the client's own `Authorization`).
    ///   - refresh: Returns a new token; called at most once at a time.
    public init(initialToken: String? = nil, refresh: @escaping @Sendable () async throws -> String) {
        coordinator = AuthTokenCoordinator(initialToken: initialToken, refresh: refresh)
    }

    /// Sends the request with the current token; on `401`, refreshes once and replays once.
    public func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        var request = request
        if let current = await coordinator.currentAuthorization {
            request.setHeader("Authorization", current)
        }
        let response = try await next(request)
        // A one-shot body stream cannot be read a second time: the 401 is the answer.
        guard response.status == 401, request.bodySource?.isReplayable != false else { return response }
        let fresh: String
        do {
            fresh = try await coordinator.refreshedAuthorization(rejected: request.header("Authorization"))
        } catch {
            return response
        }
        request.setHeader("Authorization", fresh)
        context.reportRetry(attempt: 2, delayMs: 0, cause: "auth_refresh")
        return try await next(request)
    }
}
