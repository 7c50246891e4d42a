import Foundation
import RonCodegenCore

/// The OAuth 2.0 token endpoint of the mock (RFC 6749): the client credentials grant (§4.4) and
/// the refresh token grant (§6), at `/_mock/oauth/token` and at the path of every `tokenUrl` and
/// `refreshUrl` of the description's oauth2 flows. Its access tokens are accepted as bearer tokens
/// of the oauth2 and openIdConnect schemes until they expire.
extension MockAPI {
    /// The path the token endpoint always answers at.
    public static let tokenEndpointPath = "/_mock/oauth/token"

    /// The paths of the token endpoint: ``tokenEndpointPath`` and the path of each `tokenUrl` and
    /// `refreshUrl` (an absolute URL's path; a relative one as written, below `/`), without a
    /// trailing `/`, in document order.
    static func tokenPaths(of schemes: [SecurityScheme]) -> [String] {
        var paths = [tokenEndpointPath]
        for scheme in schemes {
            guard case .oauth2(let flows) = scheme.kind else { continue }
            for written in flows.flatMap({ [$0.tokenURL, $0.refreshURL] }).compactMap({ $0 }) {
                let path: String
                if written.contains("://") {
                    guard let url = URLComponents(string: written) else { continue }
                    path = url.path
                } else {
                    let bare = written.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
                    path = bare.hasPrefix("/") ? bare : "/" + bare
                }
                let trimmed = normalizedPath(path)
                if trimmed != "/", !paths.contains(trimmed) { paths.append(trimmed) }
            }
        }
        return paths
    }

    /// `path` decoded, without a trailing `/` (`/` stays).
    static func normalizedPath(_ path: String) -> String {
        var decoded = path.removingPercentEncoding ?? path
        while decoded.count > 1, decoded.hasSuffix("/") { decoded.removeLast() }
        return decoded.isEmpty ? "/" : decoded
    }

    /// The routes of the token endpoint, one line each (`POST /_mock/oauth/token  OAuth 2.0 token
    /// endpoint`); empty when the description has no oauth2 scheme and no client is configured.
    public var tokenEndpointDescriptions: [String] {
        let oauth = securitySchemes.contains { if case .oauth2 = $0.kind { true } else { false } }
        guard oauth || !credentials.oauthClients.isEmpty else { return [] }
        return tokenPaths.map { "POST \($0)  OAuth 2.0 token endpoint" }
    }

    /// The answer of the token endpoint to a POST.
    func tokenEndpoint(_ request: MockRequest) -> MockResponse {
        let sent = request.header("content-type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard sent?.lowercased() == "application/x-www-form-urlencoded" else {
            return oauthError(
                400, "invalid_request", "the token endpoint takes an application/x-www-form-urlencoded body")
        }
        guard let pairs = Self.formPairs(request.body) else {
            return oauthError(
                400, "invalid_request", "the body is not form-urlencoded: a name or value is not percent-encoded UTF-8")
        }
        var form: [String: String] = [:]
        for (name, value) in pairs where form[name] == nil { form[name] = value }
        // Client authentication: HTTP basic (id and secret form-encoded, RFC 6749 §2.3.1), or the body.
        var client: (id: String?, secret: String?) = (form["client_id"], form["client_secret"])
        if let basic = Self.authorization("basic", in: request) {
            guard let pair = Self.basicPair(basic), let colon = pair.firstIndex(of: ":") else {
                return oauthError(401, "invalid_client", "the Basic credentials are not base64 of id:secret")
            }
            guard form["client_secret"] == nil else {
                return oauthError(
                    400, "invalid_request", "the client authenticates twice (Basic and client_secret): use one")
            }
            let decode = { (text: Substring) in Self.formDecoded(text) ?? String(text) }
            client = (decode(pair[..<colon]), decode(pair[pair.index(after: colon)...]))
        }
        if !credentials.oauthClients.isEmpty {
            guard let id = client.id, let expected = credentials.oauthClients[id], client.secret == expected else {
                return oauthError(
                    401, "invalid_client",
                    client.id == nil
                        ? "the client is not authenticated (Basic, or client_id and client_secret)"
                        : "unknown client, or not its secret")
            }
        }
        let lifetime = credentials.tokenLifetime
        switch form["grant_type"] {
        case "client_credentials":
            return tokenAnswer(
                tokens.issue(client: client.id, scope: form["scope"], lifetime: lifetime, now: credentials.now()))
        case "refresh_token":
            guard let token = form["refresh_token"], !token.isEmpty else {
                return oauthError(400, "invalid_request", "grant_type=refresh_token needs refresh_token")
            }
            guard let issued = tokens.renew(token, client: client.id, lifetime: lifetime, now: credentials.now())
            else {
                return oauthError(
                    400, "invalid_grant", "the refresh token was not issued to this client, or was used already")
            }
            return tokenAnswer(issued)
        case nil, "":
            return oauthError(400, "invalid_request", "grant_type is missing")
        case let other?:
            return oauthError(
                400, "unsupported_grant_type",
                "the mock's token endpoint grants client_credentials and refresh_token, not '\(other)'")
        }
    }

    /// A successful token answer (RFC 6749 §5.1), not to be cached.
    private func tokenAnswer(_ issued: MockTokenStore.Issued) -> MockResponse {
        var body: [String: Any] = [
            "access_token": issued.accessToken, "token_type": "Bearer", "expires_in": credentials.tokenLifetime,
            "refresh_token": issued.refreshToken,
        ]
        if let scope = issued.scope { body["scope"] = scope }
        return Self.oauthJSON(200, body)
    }

    /// An error answer of the token endpoint (RFC 6749 §5.2); `invalid_client` with the
    /// `WWW-Authenticate` of HTTP basic.
    private func oauthError(_ status: Int, _ error: String, _ description: String) -> MockResponse {
        var response = Self.oauthJSON(status, ["error": error, "error_description": description])
        if status == 401 {
            response.headers.append(("WWW-Authenticate", "Basic realm=\(Self.quoted("mock token endpoint"))"))
        }
        return response
    }

    private static func oauthJSON(_ status: Int, _ body: [String: Any]) -> MockResponse {
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        return MockResponse(
            status: status,
            headers: [
                ("Content-Type", "application/json"), ("Cache-Control", "no-store"), ("Pragma", "no-cache"),
                ("X-Ron-Mock-Source", "token endpoint"),
            ],
            body: data)
    }

    /// The target of `request` for a log line: the values of query parameters that carry
    /// credentials (the description's `apiKey` schemes `in: query`, and `access_token`) as `***`.
    public func loggedTarget(of request: MockRequest) -> String {
        guard let mark = request.target.firstIndex(of: "?") else { return request.target }
        var secret: Set<String> = ["access_token"]
        for scheme in securitySchemes {
            if case .apiKey(let name, let location) = scheme.kind, location == "query" { secret.insert(name) }
        }
        let pairs = request.target[request.target.index(after: mark)...].split(separator: "&").map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = Self.formDecoded(name[...]) ?? name
            return secret.contains(decoded) ? name + "=***" : String(pair)
        }
        return request.target[..<mark] + "?" + pairs.joined(separator: "&")
    }
}
