import RonAppSdkSwift

/// A middleware that lets a response be as large as 64 MiB: httpbin echoes a few MiB of upload as a
/// larger `data:` URL, more than the client's default 1 MiB limit.
package struct LargeEchoes: RonMiddleware {
    package init() {}

    package func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        var request = request
        request.maxResponseBytes = 64 * 1024 * 1024
        return try await next(request)
    }
}
