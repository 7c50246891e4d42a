import Foundation
import NIOHTTP1

/// The two ids every response carries.
///
/// `x-request-id` is the caller's (svc-gateway keeps it) or a fresh `r-` + 16 hex digits.
/// `x-correlation-id` is the caller's `x-correlation-id`, else the caller's `x-request-id`, else a
/// fresh 32-hex-digit id (omnigate's form). Ids that are empty, longer than 256 bytes or not
/// printable ASCII are ignored, as omnigate ignores non-ASCII ones.
struct CorrelationIDs: Sendable, Hashable {
    var requestId: String
    var correlationId: String

    init(requestId: String, correlationId: String) {
        self.requestId = requestId
        self.correlationId = correlationId
    }

    /// The ids for a request with `headers`.
    init(headers: HTTPHeaders) {
        let sentRequestId = Self.usable(headers.first(name: "x-request-id"))
        let sentCorrelationId = Self.usable(headers.first(name: "x-correlation-id"))
        self.requestId = sentRequestId ?? "r-" + Self.hex(UInt64.random(in: .min ... .max))
        self.correlationId =
            sentCorrelationId ?? sentRequestId
            ?? Self.hex(UInt64.random(in: .min ... .max)) + Self.hex(UInt64.random(in: .min ... .max))
    }

    /// Fresh ids, for a connection that never sent a readable head.
    static func fresh() -> CorrelationIDs {
        CorrelationIDs(headers: HTTPHeaders())
    }

    /// The value without the optional whitespace around it (RFC 9110 `OWS`: spaces and tabs), when
    /// what is left is 1–256 visible ASCII characters. Worked on the UTF-8 bytes: Foundation's
    /// `trimmingCharacters(in:)` goes through `NSString` on Linux, two of them on every request.
    private static func usable(_ value: String?) -> String? {
        guard let value else { return nil }
        let bytes = value.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let trimmed = bytes[first...last]
        guard trimmed.count <= 256, trimmed.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else { return nil }
        return trimmed.count == bytes.count ? value : String(Substring(trimmed))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
