import Foundation

/// Turns whatever came back into a `RonProblem`. The rules, in order of preference:
///
/// **A JSON object error body** (what the real svc-gateway and omnigate send:
/// `{code, message, retryable, retry_after_ms?, reason?}`) keeps every field it carries
/// (`code`, `message`, `kind`, `retryable`, `retry_after_ms`/`retryAfterMs`, `reason`,
/// `correlation_id`/`correlationId`, `details`). Then:
/// - `status` is always the HTTP status (a `status` in the body is ignored);
/// - a missing or empty `code` becomes `http_<status>`; a missing `message` becomes the status's
///   reason phrase (`"Not Found"`);
/// - a missing correlation id comes from the `x-correlation-id`, else `x-request-id`, response header;
/// - a missing `retry_after_ms` comes from `Retry-After` (seconds × 1000, or an HTTP-date);
/// - a missing `retryable` is `true` for 408, 429 and 5xx except 501, else `false`;
/// - `kind` stays `nil` when the body has none.
///
/// **A non-JSON (by RFC 8259 alone: `{"a": 1,}` is not JSON), malformed or empty error body** gives `code: "http_<status>"`, `kind: "transport"`,
/// `status` = the HTTP status, a fixed message that never contains the body, and `details` with the
/// body's `content_type` and `body_bytes`; correlation id, retry hints as above.
///
/// **No response** (``TransportFailure``): `status: 0`, `kind: "transport"`, the cause's code.
///
/// **A 2xx body that is not the expected type**: `code: "decode_failed"`, `kind: "decode"`, the HTTP
/// status, a message naming the type and the coding path.
package enum ProblemMapper {
    /// The problem for a non-2xx response.
    package static func fromHTTP(status: Int, headers lowered: RonHeaders, body: Data, now: Date = Date()) -> RonProblem
    {
        let headerCorrelation = nonEmpty(lowered["x-correlation-id"]) ?? nonEmpty(lowered["x-request-id"])
        let headerRetryAfter = lowered["retry-after"].flatMap { retryAfterMs(header: $0, now: now) }
        let defaultRetryable = defaultRetryable(status: status)

        guard let object = jsonObject(body) else {
            var details: [String: JSONValue] = ["body_bytes": .integer(Int64(body.count))]
            if let contentType = lowered["content-type"] {
                details["content_type"] = .string(String(contentType.prefix(100)))
            }
            let what = body.isEmpty ? "an empty body" : "a body that is not a JSON problem"
            return RonProblem(
                code: "http_\(status)",
                message: "HTTP \(status) \(ReasonPhrases.phrase(for: status)) with \(what)",
                kind: "transport", status: status, correlationId: headerCorrelation, retryable: defaultRetryable,
                retryAfterMs: headerRetryAfter, details: details)
        }

        return RonProblem(
            code: nonEmpty(object["code"]?.stringValue) ?? "http_\(status)",
            message: nonEmpty(object["message"]?.stringValue) ?? ReasonPhrases.phrase(for: status),
            kind: nonEmpty(object["kind"]?.stringValue),
            status: status,
            correlationId: nonEmpty(object["correlation_id"]?.stringValue)
                ?? nonEmpty(object["correlationId"]?.stringValue) ?? headerCorrelation,
            retryable: object["retryable"]?.boolValue ?? defaultRetryable,
            retryAfterMs: milliseconds(object["retry_after_ms"]) ?? milliseconds(object["retryAfterMs"])
                ?? headerRetryAfter,
            reason: nonEmpty(object["reason"]?.stringValue),
            details: object["details"]?.objectValue)
    }

    /// The problem for a call that got no usable response.
    package static func fromTransport(_ failure: TransportFailure, limit: Int? = nil) -> RonProblem {
        if failure.cause == .responseTooLarge, let limit {
            return RonProblem(
                code: failure.cause.code,
                message:
                    "The response body exceeds the \(limit) byte limit (RonConfig.maxResponseBytes or the call's own)",
                kind: "transport", status: 0, retryable: false, details: ["limit_bytes": .integer(Int64(limit))])
        }
        return RonProblem(
            code: failure.cause.code, message: failure.cause.message, kind: "transport", status: 0,
            retryable: failure.cause.retryable)
    }

    /// The problem for a 2xx body that did not decode as `type`.
    package static func decodeFailure(
        type: Any.Type, error: any Error, status: Int, headers lowered: RonHeaders
    ) -> RonProblem {
        let typeName = String(describing: type)
        let (path, what) = describe(error)
        let at = path.isEmpty ? "the top level" : "'\(path)'"
        return RonProblem(
            code: "decode_failed",
            message: "could not decode \(typeName) at \(at): \(what)",
            kind: "decode", status: status,
            correlationId: nonEmpty(lowered["x-correlation-id"]) ?? nonEmpty(lowered["x-request-id"]),
            retryable: false,
            details: ["type": .string(typeName), "path": .string(path)])
    }

    /// `true` for 408, 429 and 5xx except 501.
    package static func defaultRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || ((500..<600).contains(status) && status != 501)
    }

    /// Parses a `Retry-After` value: whole seconds (→ ms) or an HTTP-date (→ ms from `now`, at least 0).
    package static func retryAfterMs(header: String, now: Date = Date()) -> Int? {
        let text = header.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let seconds = Int(text) else { return Int.max / 2 }
            return seconds > Int.max / 2000 ? Int.max / 2 : seconds * 1000
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        let ms = date.timeIntervalSince(now) * 1000
        return ms <= 0 ? 0 : Int(min(ms.rounded(.up), Double(Int.max / 2)))
    }

    private static func jsonObject(_ body: Data) -> [String: JSONValue]? {
        guard !body.isEmpty, StrictJSON.isValid(body), let value = try? JSONDecoder().decode(JSONValue.self, from: body)
        else { return nil }
        return value.objectValue
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    private static func milliseconds(_ value: JSONValue?) -> Int? {
        switch value {
        case .integer(let number)?:
            return number < 0 ? nil : Int(clamping: number)
        case .unsigned?:
            return Int.max
        case .bigInteger(let number)?:
            return number.isNegative ? nil : Int.max
        case .double(let number)?:
            guard number.isFinite, number >= 0 else { return nil }
            return number >= Double(Int.max) ? Int.max : Int(number.rounded(.up))
        case .string(let text)?:
            guard let number = Int(text), number >= 0 else { return nil }
            return number
        default:
            return nil
        }
    }

    private static func describe(_ error: any Error) -> (path: String, what: String) {
        func join(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
                .replacingOccurrences(of: ".[", with: "[")
        }
        guard let decoding = error as? DecodingError else {
            return ("", String(describing: Swift.type(of: error)))
        }
        switch decoding {
        case .typeMismatch(let expected, let context):
            return (join(context.codingPath), "expected \(expected): \(context.debugDescription)")
        case .valueNotFound(let expected, let context):
            return (join(context.codingPath), "missing \(expected) value: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            let path = join(context.codingPath + [key])
            return (path, "missing key '\(key.stringValue)'")
        case .dataCorrupted(let context):
            return (join(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "decoding error")
        }
    }
}
