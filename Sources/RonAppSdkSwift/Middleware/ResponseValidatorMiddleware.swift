import Foundation

/// Rejects responses the app cannot use, before they are decoded.
///
/// - With ``requireJSON``, a `2xx` response with a body whose `Content-Type` is not JSON
///   (`application/json` or `…+json`) fails with `unexpected_content_type`, when the request
///   accepts JSON (its `Accept` mentions `json`, or it has none). `Data` and text endpoints that
///   send their own `Accept` are left alone.
/// - With ``maxBytes``, a body longer than that fails with `response_too_large`.
///
/// Both failures are `RonProblem`s with `kind == "validation"`, the HTTP status, and
/// `retryable == false`.
public struct ResponseValidatorMiddleware: RonMiddleware {
    /// Whether successful bodies must be JSON.
    public var requireJSON: Bool
    /// The largest body accepted, in bytes (`nil`: only the client's own 1 MiB limit).
    public var maxBytes: Int?

    /// Creates the validator.
    public init(requireJSON: Bool = true, maxBytes: Int? = nil) {
        self.requireJSON = requireJSON
        self.maxBytes = maxBytes
    }

    /// Sends the request and checks the response.
    public func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        let response = try await next(request)
        let correlationId = response.headers["x-correlation-id"] ?? context.correlationId
        if let maxBytes, response.body.count > maxBytes {
            throw RonProblem(
                code: "response_too_large", message: "The response body exceeds the \(maxBytes) byte limit",
                kind: "validation", status: response.status, correlationId: correlationId, retryable: false,
                details: ["body_bytes": .integer(Int64(response.body.count)), "limit": .integer(Int64(maxBytes))])
        }
        let acceptsJSON = request.header("accept").map { $0.lowercased().contains("json") } ?? true
        let contentType = response.headers["content-type"] ?? ""
        if requireJSON, acceptsJSON, (200..<300).contains(response.status), !response.body.isEmpty,
            !Self.isJSON(contentType)
        {
            throw RonProblem(
                code: "unexpected_content_type",
                message: "Expected a JSON response but got '\(contentType.isEmpty ? "no content type" : contentType)'",
                kind: "validation", status: response.status, correlationId: correlationId, retryable: false,
                details: ["content_type": .string(String(contentType.prefix(100)))])
        }
        return response
    }

    /// Whether a `Content-Type` value names JSON (`application/json`, `application/problem+json`, …).
    static func isJSON(_ contentType: String) -> Bool {
        let media = RonHeaders.mediaType(contentType)
        return media == "application/json" || media.hasSuffix("+json")
    }
}
