import Foundation
import NIOCore
import NIOHTTP1
import RonGenerated

/// The purpose-built routes under `/app/_test/` that client tests use to see every failure the real
/// node can produce. They answer any method.
enum TestRoutes {
    /// The route names, for documentation and the 404 message.
    static let names = [
        "auth", "not-found", "upload", "rate-limited", "upstream-unavailable", "unavailable", "internal-text",
        "internal-empty", "slow", "drop-after-headers", "drop-before-response", "truncated", "large",
        "invalid-json", "status/{code}", "file", "drip", "upload-sink",
    ]

    static func respond(to request: GatewayRequest, name: String, router: GatewayRouter) async -> GatewayResponse {
        switch name {
        case "auth":
            return GatewayRouter.hasAuthorization(request)
                ? router.json(Hello(message: "authorized")) : ProblemResponses.unauthorized()
        case "not-found":
            return ProblemResponses.notFound("test route: not found")
        case "upload":
            return .empty(.noContent)
        case "rate-limited":
            return withMilliseconds(request, "retry_after_ms", default: 2_000) {
                ProblemResponses.rateLimited(retryAfterMs: $0)
            }
        case "upstream-unavailable":
            return ProblemResponses.upstreamUnavailable(reason: "connect")
        case "unavailable":
            return withMilliseconds(request, "retry_after_ms", default: 1_000) {
                ProblemResponses.tooBusy(retryAfterMs: $0)
            }
        case "internal-text":
            return .text(.internalServerError, "internal error")
        case "internal-empty":
            return .empty(.internalServerError)
        case "slow":
            return await slow(request, router: router)
        case "drop-after-headers":
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: ContentType.json)
            return GatewayResponse(status: .ok, headers: headers, body: .dropAfterHead)
        case "drop-before-response":
            return GatewayResponse(status: .ok, body: .closeWithoutResponse)
        case "truncated":
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: ContentType.json)
            return GatewayResponse(
                status: .ok, headers: headers,
                body: .truncated(declaredLength: 1_024, prefix: ByteBuffer(string: #"{"message":"trunc"#)))
        case "large":
            return large(request)
        case "file":
            return FileRoutes.file(request)
        case "drip":
            return FileRoutes.drip(request)
        case "invalid-json":
            return .bytes(.ok, contentType: ContentType.json, Array(#"{"message": "unterminated"#.utf8))
        default:
            if name.hasPrefix("status/"), let code = Int(name.dropFirst("status/".count)), (400...599).contains(code) {
                return ProblemResponses.forStatus(code)
            }
            return ProblemResponses.notFound("no test route '\(name)'; known: \(names.joined(separator: ", "))")
        }
    }

    private static func withMilliseconds(
        _ request: GatewayRequest, _ name: String, default value: Int, _ make: (Int) -> GatewayResponse
    ) -> GatewayResponse {
        guard let text = request.queryValue(name) else { return make(value) }
        guard let parsed = Int(text), (0...86_400_000).contains(parsed) else {
            return ProblemResponses.badRequest("\(name) must be an integer from 0 to 86400000")
        }
        return make(parsed)
    }

    private static func slow(_ request: GatewayRequest, router: GatewayRouter) async -> GatewayResponse {
        var delay = 1_000
        if let text = request.queryValue("delay_ms") {
            guard let parsed = Int(text), (0...GatewayLimits.maxDelayMilliseconds).contains(parsed) else {
                return ProblemResponses.badRequest(
                    "delay_ms must be an integer from 0 to \(GatewayLimits.maxDelayMilliseconds)")
            }
            delay = parsed
        }
        try? await Task.sleep(for: .milliseconds(delay))
        return .bytes(.ok, contentType: ContentType.json, router.fixtures.hello)
    }

    private static func large(_ request: GatewayRequest) -> GatewayResponse {
        var count = 1_048_576
        if let text = request.queryValue("bytes") {
            guard let parsed = Int(text), (0...GatewayLimits.maxGeneratedBodyBytes).contains(parsed) else {
                return ProblemResponses.badRequest(
                    "bytes must be an integer from 0 to \(GatewayLimits.maxGeneratedBodyBytes)")
            }
            count = parsed
        }
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: ContentType.octetStream)
        return GatewayResponse(status: .ok, headers: headers, body: .generated(count: count))
    }

    /// Byte `index` of a generated body: a repeating, position-dependent pattern a client can check.
    static func generatedByte(at index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: index % patternPeriod)
    }

    /// The period of the generated-body pattern (a prime, so it never lines up with chunk sizes).
    static let patternPeriod = 251
}
