/// The stage a ``RonClient`` runs its ``RonConfig/cache`` in: innermost, after every middleware and
/// the retry layer, once per call. Internal, so a cache cannot be added to the chain twice.
struct CacheStage: RonMiddleware {
    let cache: ResponseCache

    func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        try await cache.respond(request, terminal: context.terminal, next: next)
    }
}
