import Foundation
import NIOHTTP1
import RonGenerated

/// Problem responses in the real gateway's wire shape.
///
/// Each problem is built as a generated ``RonProblem`` and written with exactly the fields the real
/// node writes: `code`, `message`, `retryable` and, when set, `retry_after_ms` and `reason`. The
/// generated type's other fields (`status`, `kind`, `correlation_id`, `details`) are never sent by
/// the real node: clients fill them from the response.
enum ProblemResponses {
    /// The body the real node serialises (svc-gateway `errors::Problem`, omnigate `http_map::Problem`).
    private struct WireProblem: Encodable {
        var code: String
        var message: String
        var retryable: Bool
        var retryAfterMs: Int?
        var reason: String?

        enum CodingKeys: String, CodingKey {
            case code, message, retryable
            case retryAfterMs = "retry_after_ms"
            case reason
        }
    }

    /// `problem` as a response with `status`, plus `Retry-After` (whole seconds, rounded up) when the
    /// problem carries `retry_after_ms`.
    static func response(_ problem: RonProblem, status: HTTPResponseStatus) -> GatewayResponse {
        let wire = WireProblem(
            code: problem.code, message: problem.message, retryable: problem.retryable ?? false,
            retryAfterMs: problem.retryAfterMs, reason: problem.reason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data =
            (try? encoder.encode(wire))
            ?? Data(#"{"code":"INTERNAL","message":"internal error","retryable":true}"#.utf8)
        var response = GatewayResponse.bytes(status, contentType: ContentType.json, data)
        if let milliseconds = problem.retryAfterMs {
            response.headers.add(name: "retry-after", value: String(retryAfterSeconds(milliseconds: milliseconds)))
        }
        return response
    }

    /// Whole seconds for `Retry-After`: milliseconds rounded up, as omnigate's helper does.
    static func retryAfterSeconds(milliseconds: Int) -> Int {
        guard milliseconds > 0 else { return 0 }
        return (milliseconds + 999) / 1_000
    }

    /// `400`: omnigate's `BadRequest` reason.
    static func badRequest(_ message: String) -> GatewayResponse {
        response(
            RonProblem(code: "BAD_REQUEST", message: message, retryable: false, reason: "bad_request"),
            status: .badRequest)
    }

    /// `401`: omnigate's `Unauthorized` reason, with micronode's `WWW-Authenticate` challenge.
    static func unauthorized() -> GatewayResponse {
        var result = response(
            RonProblem(
                code: "UNAUTHORIZED", message: "missing capability macaroon", retryable: false,
                reason: "unauthorized"),
            status: .unauthorized)
        result.headers.add(name: "www-authenticate", value: #"Macro realm="micronode""#)
        return result
    }

    /// `404`: omnigate's `NotFound` reason.
    static func notFound(_ message: String = "not found") -> GatewayResponse {
        response(
            RonProblem(code: "NOT_FOUND", message: message, retryable: false, reason: "not_found"),
            status: .notFound)
    }

    /// `405` with an `Allow` header: omnigate's `MethodNotAllowed` reason.
    static func methodNotAllowed(allowed: [String]) -> GatewayResponse {
        var result = response(
            RonProblem(
                code: "METHOD_NOT_ALLOWED", message: "method not allowed", retryable: false,
                reason: "method_not_allowed"),
            status: .methodNotAllowed)
        result.headers.add(name: "allow", value: allowed.joined(separator: ", "))
        return result
    }

    /// `413`: omnigate's body-cap preflight answer.
    static func payloadTooLarge() -> GatewayResponse {
        response(
            RonProblem(
                code: "PAYLOAD_TOO_LARGE", message: "request body too large", retryable: false,
                reason: "payload_too_large"),
            status: .payloadTooLarge)
    }

    /// `431`: request headers over the decoder's limit (the real node's HTTP server answers 431).
    static func headersTooLarge() -> GatewayResponse {
        response(
            RonProblem(
                code: "BAD_REQUEST", message: "request headers too large", retryable: false,
                reason: "header_overflow"),
            status: .requestHeaderFieldsTooLarge)
    }

    /// `429`: svc-gateway's `rate_limited_retry_after`.
    static func rateLimited(retryAfterMs: Int) -> GatewayResponse {
        response(
            RonProblem(code: "rate_limited", message: "Too many requests", retryable: true, retryAfterMs: retryAfterMs),
            status: .tooManyRequests)
    }

    /// `503`: svc-gateway's `too_busy_retry_after`.
    static func tooBusy(retryAfterMs: Int) -> GatewayResponse {
        response(
            RonProblem(code: "too_busy", message: "Server busy", retryable: true, retryAfterMs: retryAfterMs),
            status: .serviceUnavailable)
    }

    /// `502`: svc-gateway's `upstream_unavailable`, with its message per reason.
    static func upstreamUnavailable(reason: String) -> GatewayResponse {
        let message: String
        switch reason {
        case "connect": message = "upstream connect error"
        case "read": message = "upstream read error"
        default: message = "upstream transport error"
        }
        return response(
            RonProblem(code: "upstream_unavailable", message: message, retryable: true, reason: reason),
            status: .badGateway)
    }

    /// `500`: omnigate's `Internal` reason (retryable).
    static func internalError() -> GatewayResponse {
        response(
            RonProblem(code: "INTERNAL", message: "internal error", retryable: true, reason: "internal"),
            status: .internalServerError)
    }

    /// A problem for any status, as the test route `/app/_test/status/{code}` sends it.
    static func forStatus(_ code: Int) -> GatewayResponse {
        switch code {
        case 400: return badRequest("bad request")
        case 401: return unauthorized()
        case 403:
            return response(
                RonProblem(code: "FORBIDDEN", message: "forbidden", retryable: false, reason: "forbidden"),
                status: .forbidden)
        case 404: return notFound()
        case 405: return methodNotAllowed(allowed: ["GET"])
        case 411:
            return response(
                RonProblem(
                    code: "LENGTH_REQUIRED", message: "length required", retryable: false, reason: "length_required"),
                status: .lengthRequired)
        case 413: return payloadTooLarge()
        case 415:
            return response(
                RonProblem(
                    code: "UNSUPPORTED_MEDIA_TYPE", message: "Encoding not allowed", retryable: false,
                    reason: "unsupported_media_type"),
                status: .unsupportedMediaType)
        case 429: return rateLimited(retryAfterMs: 2_000)
        case 500: return internalError()
        case 502: return upstreamUnavailable(reason: "connect")
        case 503: return tooBusy(retryAfterMs: 1_000)
        default:
            let status = HTTPResponseStatus(statusCode: code)
            return response(
                RonProblem(
                    code: "HTTP_\(code)", message: status.reasonPhrase.isEmpty ? "error" : status.reasonPhrase,
                    retryable: code >= 500),
                status: status)
        }
    }
}
