import Foundation
import RonCodegenCore

/// The operations' security requirements (their own `security`, else their document's) checked
/// against the credentials a request carries, before its parameters and body. See
/// docs/MockServer.md, "Credentials". No answer or message holds a credential's value.
extension MockAPI {
    /// What a request made of one scheme of a requirement.
    enum SchemeVerdict: Equatable {
        /// The credential is where the scheme says, and accepted.
        case met
        /// No credential (or an empty one) where the scheme says.
        case missing
        /// A credential that is not the configured one, or not readable (why, without the value).
        case wrong(String)
        /// A bearer token of an oauth2 or openIdConnect scheme that is refused: expired, or not
        /// issued by the token endpoint while clients are configured (why).
        case invalidToken(String)

        /// Whether the verdict is ``wrong(_:)``.
        var isWrong: Bool { if case .wrong = self { true } else { false } }
        /// Whether the verdict is ``invalidToken(_:)``.
        var isInvalidToken: Bool { if case .invalidToken = self { true } else { false } }
    }

    /// One scheme of a requirement, as the request met it.
    struct JudgedScheme {
        var scheme: SecurityScheme
        var scopes: [String]
        var verdict: SchemeVerdict
    }

    /// The refusal of `request` (401, or 403 for a wrong credential where the operation documents
    /// 403), or `nil` when one alternative of the operation's requirements is met.
    func authorize(_ request: MockRequest, route: MockRoute) -> MockResponse? {
        // No requirement said, `security: []`, or an empty alternative: anyone may call.
        guard let alternatives = route.operation.security, !alternatives.isEmpty,
            !alternatives.contains(where: \.isEmpty)
        else { return nil }
        let file = route.operation.origin.file
        var judged: [[JudgedScheme]] = []
        for alternative in alternatives {
            var row: [JudgedScheme] = []
            for use in alternative {
                guard let scheme = securitySchemes.first(where: { $0.name == use.scheme && $0.origin.file == file })
                else { continue }
                row.append(JudgedScheme(scheme: scheme, scopes: use.scopes, verdict: judge(request, scheme: scheme)))
            }
            if row.allSatisfy({ $0.verdict == .met }) { return nil }
            judged.append(row)
        }
        return refusal(judged, route: route)
    }

    /// Whether `request` carries the credential of `scheme` where it says, and an accepted one.
    func judge(_ request: MockRequest, scheme: SecurityScheme) -> SchemeVerdict {
        let configured = credentials.value(forScheme: scheme.name)
        func compare(_ sent: String?, decoded: String? = nil) -> SchemeVerdict {
            guard let sent, !sent.isEmpty else { return .missing }
            guard let configured else { return .met }
            return sent == configured || decoded == configured ? .met : .wrong("not the configured value")
        }
        switch scheme.kind {
        case .apiKey(let name, let location):
            switch location {
            case "header": return compare(request.header(name))
            case "query": return compare(request.queryItems.first { $0.name == name }?.value)
            default:
                let sent = Self.cookie(name, in: request.header("cookie"))
                return compare(sent, decoded: sent?.removingPercentEncoding)
            }
        case .http(let kind, _) where kind == "basic":
            guard let sent = Self.authorization(kind, in: request), !sent.isEmpty else { return .missing }
            guard let pair = Self.basicPair(sent) else { return .wrong("not base64 of user:password") }
            return compare(pair)
        case .http(let kind, _):
            return compare(Self.authorization(kind, in: request))
        case .oauth2, .openIdConnect:
            guard let token = Self.authorization("bearer", in: request), !token.isEmpty else { return .missing }
            switch tokens.check(token, now: credentials.now()) {
            case .valid: return .met
            case .expired: return .invalidToken("the access token expired")
            case .unknown:
                if configured != nil || credentials.oauthClients.isEmpty { return compare(token) }
                return .invalidToken("the access token was not issued by the mock's token endpoint")
            }
        case .mutualTLS:
            // A client certificate cannot be seen on plain HTTP: taken as met.
            return .met
        }
    }

    /// The credentials of the `Authorization` fields of `request` whose scheme is `scheme` (any
    /// case): the first such field's, trimmed; `nil` when none has that scheme.
    static func authorization(_ scheme: String, in request: MockRequest) -> String? {
        for field in request.headers where field.name.caseInsensitiveCompare("authorization") == .orderedSame {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            let name = value.prefix { !$0.isWhitespace }
            guard name.caseInsensitiveCompare(scheme) == .orderedSame else { continue }
            return value.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// `user:password` of HTTP basic credentials (base64, padding optional), or `nil` when they
    /// are not base64 of UTF-8 text with a `:`.
    static func basicPair(_ credentials: String) -> String? {
        var text = credentials
        if !text.count.isMultiple(of: 4) { text += String(repeating: "=", count: 4 - text.count % 4) }
        guard let data = Data(base64Encoded: text), let pair = String(data: data, encoding: .utf8),
            pair.contains(":")
        else { return nil }
        return pair
    }

    /// The answer to a request that meets no alternative: 403 when an alternative's credentials
    /// were all sent and one is not the configured value (401 when the operation documents no
    /// 403), else 401 with `WWW-Authenticate` naming every scheme of the requirements.
    private func refusal(_ judged: [[JudgedScheme]], route: MockRoute) -> MockResponse {
        let operation = route.operation
        let realm = Self.quoted(realm(of: operation.origin.file))
        var findings: [MockProblem.Finding] = []
        var named = Set<String>()
        for item in judged.joined() where item.verdict != .met && named.insert(item.scheme.name).inserted {
            let message: String
            switch item.verdict {
            case .met, .missing: message = "missing"
            case .wrong(let why), .invalidToken(let why): message = why
            }
            findings.append(.init(location: "\(item.scheme.name) (\(Self.place(of: item.scheme)))", message: message))
        }
        let sent = judged.filter { row in !row.contains { $0.verdict == .missing } }
        let documented = route.responses(in: documents)
        let wrong = sent.joined().filter(\.verdict.isWrong)
        let status: Int
        let code: String
        let message: String
        if !wrong.isEmpty {
            let names = Self.unique(wrong.map(\.scheme.name)).joined(separator: ", ")
            status = documented.contains { $0.status == "403" } ? 403 : 401
            code = status == 403 ? "forbidden" : "unauthenticated"
            message = "\(operation.operationId): the credentials of \(names) are not accepted"
        } else if let refused = sent.joined().first(where: \.verdict.isInvalidToken) {
            (status, code) = (401, "unauthenticated")
            message = "\(operation.operationId): \(refused.scheme.name): the bearer token is refused"
        } else {
            (status, code) = (401, "unauthenticated")
            let needs = judged.map { row in
                row.map { "\($0.scheme.name) (\(Self.place(of: $0.scheme)))" }.joined(separator: " and ")
            }
            message = "\(operation.operationId) needs credentials: \(needs.joined(separator: ", or "))"
        }
        var headers: [(name: String, value: String)] = []
        if status == 401 {
            var challenges: [String] = []
            for item in judged.joined() {
                guard let challenge = Self.challenge(item, realm: realm), !challenges.contains(challenge) else {
                    continue
                }
                challenges.append(challenge)
            }
            headers.append(("WWW-Authenticate", challenges.joined(separator: ", ")))
        }
        headers.append(("X-Ron-Mock-Source", "credentials check"))
        var response = MockProblem.response(
            status: status, code: code, message: message, kind: "auth", findings: findings, headers: headers)
        // A JSON media type the operation documents for this status is the answer's.
        let answer =
            documented.first { $0.status == String(status) } ?? documented.first { $0.status.uppercased() == "4XX" }
        if let media = answer?.response.value.member("content")?.objectMembers?.first?.key, media.contains("json"),
            !media.contains("*")
        {
            response.headers[0] = ("Content-Type", media)
        }
        return response
    }

    /// The challenge of `WWW-Authenticate` for one scheme (`nil` for mutual TLS).
    private static func challenge(_ item: JudgedScheme, realm: String) -> String? {
        let scope = item.scopes.isEmpty ? "" : ", scope=\(quoted(item.scopes.joined(separator: " ")))"
        switch item.scheme.kind {
        case .apiKey(let name, let location):
            return "ApiKey realm=\(realm), name=\(quoted(name)), in=\(quoted(location))"
        case .http(let kind, _) where kind == "bearer":
            return "Bearer realm=\(realm)"
        case .http(let kind, _):
            return "\(kind.prefix(1).uppercased() + kind.dropFirst()) realm=\(realm)"
        case .oauth2, .openIdConnect:
            guard case .invalidToken(let why) = item.verdict else { return "Bearer realm=\(realm)\(scope)" }
            return "Bearer realm=\(realm)\(scope), error=\"invalid_token\", error_description=\(quoted(why))"
        case .mutualTLS:
            return nil
        }
    }

    /// Where a scheme's credential goes, in words (`header 'X-Api-Key'`, `Authorization: Basic`).
    static func place(of scheme: SecurityScheme) -> String {
        switch scheme.kind {
        case .apiKey(let name, let location) where location == "query": return "query parameter '\(name)'"
        case .apiKey(let name, let location): return "\(location) '\(name)'"
        case .http(let kind, _): return "Authorization: \(kind.prefix(1).uppercased() + kind.dropFirst())"
        case .oauth2, .openIdConnect: return "Authorization: Bearer"
        case .mutualTLS: return "a TLS client certificate"
        }
    }

    /// The realm of a document's challenges: its `info.title`, else `mock`.
    func realm(of file: String) -> String {
        documents.roots[file]?.member("info")?.member("title")?.text ?? "mock"
    }

    /// `text` as an HTTP quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
