/// The rest of the chain, as seen by a ``RonMiddleware``: sends a request through the inner
/// middleware and the transport and returns what came back. It may be called more than once (a retry).
public typealias RonMiddlewareNext = @Sendable (TransportRequest) async throws -> TransportResponse

/// One layer of the onion around the transport.
///
/// Middleware is configured as ``RonConfig/middleware`` (the first element is the outermost layer)
/// and runs for every call of a ``RonClient`` after its headers (including `x-request-id` and
/// `Idempotency-Key`) are composed, so every attempt of a retried call carries the same keys.
/// A layer may change the request, call `next` zero, one or several times, and change or replace
/// the response. The client's overall timeout bounds the whole chain: when it expires the call ends
/// with `local_timeout` and the chain's task is cancelled.
///
/// What a layer throws becomes the call's problem: a `RonProblem` is returned as it is, a
/// ``TransportFailure`` (or any other error) is classified like a transport error.
///
/// ```swift
/// struct TenantHeader: RonMiddleware {
///     func intercept(
///         _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
///     ) async throws -> TransportResponse {
///         var request = request
///         request.setHeader("X-Tenant", "acme")
///         return try await next(request)
///     }
/// }
/// ```
public protocol RonMiddleware: Sendable {
    /// Handles one request; call `next` to pass it on.
    func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse
}
