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
///
/// Composing is synchronous: the caller asks the `headerProvider` (the one step that may suspend)
/// first and passes what it gave, so a call without one adds no suspension point or async frame.
struct HeaderComposer: Sendable {
    let authToken: String?
    let passportToken: String?
    let headerProvider: (@Sendable () async -> [String: String])?
    /// The configured request id factory; `nil` for the default random UUIDs, which are valid header
    /// values by construction and so are not checked again on every call.
    let requestIdFactory: (@Sendable () -> String)?
    /// The configured idempotency key factory; `nil` for the default random UUIDs.
    let idempotencyKeyFactory: (@Sendable () -> String)?
    /// The header that carries new idempotency keys (`Idempotency-Key` unless configured).
    var idempotencyKeyHeader = RonConfig.Defaults.idempotencyKeyHeader

    /// ``RonSDK/userAgent``, made once.
    private static let userAgent = RonSDK.userAgent

    /// A new idempotency key from the configured factory, or a random UUID.
    func makeIdempotencyKey() -> String {
        idempotencyKeyFactory?() ?? RandomUUID.lowercased()
    }

    /// The headers of one call, `provided` being what the `headerProvider` gave for it.
    func compose(method: HTTPMethod, callHeaders: [String: String], provided: [String: String], body: AppRequestBody?)
        throws(LocalNetworkError) -> RonHeaders
    {
        // Every value is checked once, where it comes in; `Accept` and `User-Agent` are the SDK's own.
        // Room for the SDK's own six fields and the caller's, so the storage is allocated once.
        var fields = RonHeaders(minimumCapacity: 6 + callHeaders.count)
        fields.append("Accept", "application/json")
        fields.append("User-Agent", Self.userAgent)
        if let token = authToken, !token.isEmpty {
            try Self.appendChecked("Authorization", Self.authorizationValue(token), to: &fields)
        }
        if let passport = passportToken, !passport.isEmpty {
            try Self.appendChecked("X-RON-Passport", passport, to: &fields)
        }
        for (name, value) in provided {
            try Self.validate(name: name, value: value)
            fields[name] = value
        }
        if !callHeaders.isEmpty {
            for (name, value) in callHeaders.sorted(by: { $0.key < $1.key }) {
                try Self.validate(name: name, value: value)
                fields[name] = value
            }
        }
        // Only where still missing: the names below are the SDK's own tokens, so only their values
        // need checking, and a missing field is appended without another search.
        var requestId = fields["x-request-id"]
        if requestId == nil {
            if let requestIdFactory {
                let made = requestIdFactory()
                try Self.appendChecked("x-request-id", made, to: &fields)
                requestId = made
            } else {
                let made = RandomUUID.lowercased()
                fields.append("x-request-id", made)
                requestId = made
            }
        }
        if let requestId, !fields.contains("x-correlation-id") {
            fields.append("x-correlation-id", requestId)
        }
        if method.carriesIdempotencyKey, !fields.contains("x-idempotency-key"), !fields.contains("idempotency-key") {
            try set(idempotencyKeyHeader, makeIdempotencyKey(), in: &fields)
        }
        if let body, !fields.contains("content-type") {
            try Self.appendChecked("Content-Type", body.contentType, to: &fields)
        }
        return fields
    }

    /// Checks one header and sets it.
    private func set(_ name: String, _ value: String, in fields: inout RonHeaders) throws(LocalNetworkError) {
        try Self.validate(name: name, value: value)
        fields[name] = value
    }

    /// Checks the value of a header the SDK names itself and appends it (the caller knows it is missing).
    private static func appendChecked(_ name: String, _ value: String, to fields: inout RonHeaders)
        throws(LocalNetworkError)
    {
        try validate(value: value, name: name)
        fields.append(name, value)
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
        try validate(value: value, name: name)
    }

    /// Checks a header value: no control characters but horizontal tab.
    private static func validate(value: String, name: String) throws(LocalNetworkError) {
        // ASCII bytes are checked directly, on the string's UTF-8 in place; only a value with other
        // characters needs the scalar properties (C1 controls such as U+0085).
        var text = value
        let (asciiControl, ascii) = text.withUTF8 { bytes in
            var ascii = true
            for byte in bytes {
                if byte >= 0x80 {
                    ascii = false
                } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                    return (true, ascii)
                }
            }
            return (false, ascii)
        }
        if asciiControl
            || (!ascii && value.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\t" })
        {
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
