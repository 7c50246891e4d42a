import Foundation

/// Composes the headers of one call. Later layers win, names are matched ignoring case:
///
/// 1. `Accept: application/json`, `User-Agent: ron-app-sdk-swift/<version>`;
/// 2. `Authorization` from `authToken` (`Bearer ` added when the token names no scheme) and
///    `X-RON-Passport` from `passportToken`;
/// 3. the `headerProvider`'s headers;
/// 4. the call's own headers;
/// 5. then, only where still missing: `x-request-id` (`requestIdFactory`, default UUID),
///    `x-correlation-id` (= the request id), `X-Idempotency-Key` on POST/PUT/PATCH/DELETE
///    (`idempotencyKeyFactory`, default UUID; a caller's `Idempotency-Key` also counts), and
///    `Content-Type` when a body is sent.
struct HeaderComposer: Sendable {
    let authToken: String?
    let passportToken: String?
    let headerProvider: (@Sendable () async -> [String: String])?
    let requestIdFactory: @Sendable () -> String
    let idempotencyKeyFactory: @Sendable () -> String

    /// Headers with case-insensitive identity and stable spelling.
    struct Fields {
        private(set) var storage: [String: (name: String, value: String)] = [:]

        mutating func set(_ name: String, _ value: String) {
            storage[name.lowercased()] = (name, value)
        }

        func value(_ name: String) -> String? { storage[name.lowercased()]?.value }

        var dictionary: [String: String] {
            Dictionary(storage.values.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        }
    }

    func compose(method: HTTPMethod, callHeaders: [String: String], body: AppRequestBody?)
        async throws(LocalNetworkError) -> [String: String]
    {
        var fields = Fields()
        fields.set("Accept", "application/json")
        fields.set("User-Agent", RonSDK.userAgent)
        if let token = authToken, !token.isEmpty {
            fields.set("Authorization", Self.authorizationValue(token))
        }
        if let passport = passportToken, !passport.isEmpty {
            fields.set("X-RON-Passport", passport)
        }
        if let headerProvider {
            for (name, value) in await headerProvider() {
                try Self.validate(name: name, value: value)
                fields.set(name, value)
            }
        }
        for (name, value) in callHeaders.sorted(by: { $0.key < $1.key }) {
            try Self.validate(name: name, value: value)
            fields.set(name, value)
        }
        if fields.value("x-request-id") == nil {
            fields.set("x-request-id", requestIdFactory())
        }
        if fields.value("x-correlation-id") == nil, let requestId = fields.value("x-request-id") {
            fields.set("x-correlation-id", requestId)
        }
        if method.carriesIdempotencyKey, fields.value("x-idempotency-key") == nil,
            fields.value("idempotency-key") == nil
        {
            fields.set("X-Idempotency-Key", idempotencyKeyFactory())
        }
        if let body, fields.value("content-type") == nil {
            fields.set("Content-Type", body.contentType)
        }
        for (name, value) in fields.dictionary {
            try Self.validate(name: name, value: value)
        }
        return fields.dictionary
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
