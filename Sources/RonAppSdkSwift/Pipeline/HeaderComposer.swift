import Foundation

/// Composes the headers of one call. Later layers win, names are matched ignoring case:
///
/// 1. `Accept: application/json`, `User-Agent: ron-app-sdk-swift/<version>`;
/// 2. `Authorization` from `authToken` (`Bearer ` added when the token names no scheme) and
///    `X-RON-Passport` from `passportToken`;
/// 3. the `headerProvider`'s headers;
/// 4. the call's own headers;
/// 5. then, only where still missing: `x-request-id` (`requestIdFactory`, default UUID),
///    `x-correlation-id` (= the request id), `Idempotency-Key` (or the configured
///    `idempotencyKeyHeader`, e.g. `X-Idempotency-Key` for older gateways) on POST/PUT/PATCH/DELETE
///    (`idempotencyKeyFactory`, default UUID; a caller's key under either name counts), and
///    `Content-Type` when a body is sent.
struct HeaderComposer: Sendable {
    let authToken: String?
    let passportToken: String?
    let headerProvider: (@Sendable () async -> [String: String])?
    let requestIdFactory: @Sendable () -> String
    let idempotencyKeyFactory: @Sendable () -> String
    /// The header that carries new idempotency keys (`Idempotency-Key` unless configured).
    var idempotencyKeyHeader = RonConfig.Defaults.idempotencyKeyHeader

    /// ``RonSDK/userAgent``, made once.
    private static let userAgent = RonSDK.userAgent

    func compose(method: HTTPMethod, callHeaders: [String: String], body: AppRequestBody?)
        async throws(LocalNetworkError) -> RonHeaders
    {
        // Every value is checked once, where it comes in; `Accept` and `User-Agent` are the SDK's own.
        var fields: RonHeaders = ["Accept": "application/json", "User-Agent": Self.userAgent]
        if let token = authToken, !token.isEmpty {
            try set("Authorization", Self.authorizationValue(token), in: &fields)
        }
        if let passport = passportToken, !passport.isEmpty {
            try set("X-RON-Passport", passport, in: &fields)
        }
        if let headerProvider {
            for (name, value) in await headerProvider() {
                try Self.validate(name: name, value: value)
                fields[name] = value
            }
        }
        for (name, value) in callHeaders.sorted(by: { $0.key < $1.key }) {
            try Self.validate(name: name, value: value)
            fields[name] = value
        }
        if !fields.contains("x-request-id") {
            try set("x-request-id", requestIdFactory(), in: &fields)
        }
        if !fields.contains("x-correlation-id"), let requestId = fields["x-request-id"] {
            fields["x-correlation-id"] = requestId
        }
        if method.carriesIdempotencyKey, !fields.contains("x-idempotency-key"), !fields.contains("idempotency-key") {
            try set(idempotencyKeyHeader, idempotencyKeyFactory(), in: &fields)
        }
        if let body, !fields.contains("content-type") {
            try set("Content-Type", body.contentType, in: &fields)
        }
        return fields
    }

    /// Checks one header and sets it.
    private func set(_ name: String, _ value: String, in fields: inout RonHeaders) throws(LocalNetworkError) {
        try Self.validate(name: name, value: value)
        fields[name] = value
    }

    /// `Bearer <token>` unless the token already starts with a scheme word and a space.
    static func authorizationValue(_ token: String) -> String {
        let trimmed = token.trimmingCharacters(in: .whitespaces)
        if let space = trimmed.firstIndex(of: " ") {
            let scheme = trimmed[..<space]
            if !scheme.isEmpty, scheme.allSatisfy({ isTokenCharacter($0) }) { return trimmed }
        }
        return "Bearer " + trimmed
    }

    static func validate(name: String, value: String) throws(LocalNetworkError) {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
            throw .invalidHeader(name: name, reason: "the name must be a non-empty HTTP token")
        }
        // ASCII bytes are checked directly; only a value with other characters needs the scalar
        // properties (C1 controls such as U+0085).
        var ascii = true
        for byte in value.utf8 {
            if byte >= 0x80 {
                ascii = false
            } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                throw .invalidHeader(name: name, reason: "the value contains a control character (CR, LF, NUL, ...)")
            }
        }
        if ascii { return }
        for scalar in value.unicodeScalars where scalar.properties.generalCategory == .control && scalar != "\t" {
            throw .invalidHeader(name: name, reason: "the value contains a control character (CR, LF, NUL, ...)")
        }
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return isTokenByte(ascii)
    }

    /// Whether `byte` is an HTTP token character (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
}
