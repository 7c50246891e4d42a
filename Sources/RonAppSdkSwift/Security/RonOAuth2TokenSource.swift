import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// OAuth 2.0 access tokens for a client: fetched from the token endpoint (client credentials or
/// refresh token grant), kept until they expire, and fetched again once for any number of
/// concurrent calls.
///
/// ```swift
/// let tokens = RonOAuth2TokenSource(
///     clientCredentials: URL(string: "https://auth.example.com/oauth/token")!,
///     clientId: "reporting", clientSecret: secret, scopes: ["read:stats"])
/// config.credentials = RonCredentials(["oauth": .oauth2(tokens)])
/// ```
///
/// A call that used a token and got 401 invalidates it (``invalidate(_:)``) and is sent once more
/// with a fresh one. Secrets and tokens stay in memory: store a refresh token yourself
/// (``currentToken``) if the app needs it across launches.
public actor RonOAuth2TokenSource {
    /// An access token and what came with it.
    public struct Token: Sendable, Hashable {
        /// The access token.
        public var accessToken: String
        /// The token type (`Bearer`).
        public var tokenType: String
        /// When it expires (`nil`: not said; kept until a 401).
        public var expiresAt: Date?
        /// The refresh token, when the server gave one.
        public var refreshToken: String?
        /// The scopes granted, when the server said.
        public var scope: String?

        /// Creates a token.
        public init(
            accessToken: String, tokenType: String = "Bearer", expiresAt: Date? = nil, refreshToken: String? = nil,
            scope: String? = nil
        ) {
            self.accessToken = accessToken
            self.tokenType = tokenType
            self.expiresAt = expiresAt
            self.refreshToken = refreshToken
            self.scope = scope
        }
    }

    /// How the client authenticates at the token endpoint.
    public enum ClientAuthentication: Sendable, Hashable {
        /// `Authorization: Basic base64(id:secret)` (`client_secret_basic`, the default).
        case basic
        /// `client_id` and `client_secret` in the form body (`client_secret_post`).
        case body
    }

    private let tokenURL: URL?
    private let clientId: String?
    private let clientSecret: String?
    private let scopes: [String]
    private let clientAuthentication: ClientAuthentication
    private let usesClientCredentials: Bool
    private let transport: any RonTransport
    private let allowInsecureHttp: Bool
    private var token: Token?
    private var pending: Task<Token, any Error>?
    /// How many times a token was fetched from the endpoint (for tests and metrics).
    public private(set) var fetchCount = 0

    /// A source for the client credentials grant against `tokenURL`.
    ///
    /// - Parameters:
    ///   - tokenURL: The token endpoint (the description's `tokenUrl`). `http` is accepted only for
    ///     a loopback host unless `allowInsecureHttp` is set.
    ///   - clientId: The client's id.
    ///   - clientSecret: The client's secret.
    ///   - scopes: The scopes asked for (none: the server's default).
    ///   - authentication: How the client id and secret are sent.
    ///   - transport: What sends the token requests (`nil`: a ``URLSessionTransport`` of its own).
    ///   - allowInsecureHttp: Accept an `http` token endpoint on any host.
    public init(
        clientCredentials tokenURL: URL, clientId: String, clientSecret: String, scopes: [String] = [],
        authentication: ClientAuthentication = .basic, transport: (any RonTransport)? = nil,
        allowInsecureHttp: Bool = false
    ) {
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scopes = scopes
        self.clientAuthentication = authentication
        self.usesClientCredentials = true
        self.transport = transport ?? URLSessionTransport()
        self.allowInsecureHttp = allowInsecureHttp
    }

    /// A source that starts from `token` (for example one an authorization code or the app's store
    /// gave) and refreshes it with its refresh token against `tokenURL`.
    ///
    /// - Parameters:
    ///   - token: The current token; an empty `accessToken` makes the first call refresh at once.
    ///   - tokenURL: The token endpoint, or `nil` when the token cannot be refreshed.
    ///   - clientId: The client's id, sent with a refresh.
    ///   - clientSecret: The client's secret for a confidential client, else `nil`.
    ///   - authentication: How the client id and secret are sent.
    ///   - transport: What sends the token requests (`nil`: a ``URLSessionTransport`` of its own).
    ///   - allowInsecureHttp: Accept an `http` token endpoint on any host.
    public init(
        token: Token, refreshingAt tokenURL: URL? = nil, clientId: String? = nil, clientSecret: String? = nil,
        authentication: ClientAuthentication = .basic, transport: (any RonTransport)? = nil,
        allowInsecureHttp: Bool = false
    ) {
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scopes = []
        self.clientAuthentication = authentication
        self.usesClientCredentials = false
        self.transport = transport ?? URLSessionTransport()
        self.allowInsecureHttp = allowInsecureHttp
        self.token = token
    }

    /// A source of one fixed access token, never refreshed.
    public init(accessToken: String) {
        self.init(token: Token(accessToken: accessToken))
    }

    /// The token held now, if any (it may have expired).
    public var currentToken: Token? { token }

    /// A valid access token: the one held while it has not expired (30 seconds of margin, or a
    /// tenth of its life when shorter), else a new one. Concurrent callers share one fetch.
    ///
    /// - Throws: ``RonOAuth2Error`` when no token can be had.
    public func accessToken() async throws -> String {
        if let token, !token.accessToken.isEmpty, !Self.isExpired(token) { return token.accessToken }
        return try await refreshed().accessToken
    }

    /// Drops `accessToken` if it is the one held (a server refused it), so the next call fetches a
    /// new one. A token already replaced is left alone: many calls refused at once refresh once.
    public func invalidate(_ accessToken: String) {
        guard token?.accessToken == accessToken else { return }
        token?.accessToken = ""
    }

    /// Whether a refused token can be replaced (a refresh token or client credentials).
    public var canRefresh: Bool {
        tokenURL != nil && (usesClientCredentials || token?.refreshToken != nil)
    }

    private func refreshed() async throws -> Token {
        if let pending { return try await pending.value }
        let task = Task { try await self.fetch() }
        pending = task
        defer { pending = nil }
        let fresh = try await task.value
        token = fresh
        return fresh
    }

    private func fetch() async throws -> Token {
        guard let tokenURL else {
            throw RonOAuth2Error.cannotRefresh("the token has expired or was refused, and no token endpoint was given")
        }
        var form: [(String, String)]
        if let refresh = token?.refreshToken {
            form = [("grant_type", "refresh_token"), ("refresh_token", refresh)]
        } else if usesClientCredentials {
            form = [("grant_type", "client_credentials")]
            if !scopes.isEmpty { form.append(("scope", scopes.joined(separator: " "))) }
        } else {
            throw RonOAuth2Error.cannotRefresh("the token has expired or was refused and there is no refresh token")
        }
        let previousRefresh = token?.refreshToken
        var fresh = try await RonOAuth2Exchange.post(
            form, to: tokenURL, clientId: clientId, clientSecret: clientSecret, authentication: clientAuthentication,
            transport: transport, allowInsecureHttp: allowInsecureHttp)
        // A server that does not rotate refresh tokens leaves the old one valid.
        if fresh.refreshToken == nil { fresh.refreshToken = previousRefresh }
        fetchCount += 1
        return fresh
    }

    static func isExpired(_ token: Token, now: Date = Date()) -> Bool {
        guard let expiresAt = token.expiresAt else { return false }
        return now >= expiresAt
    }
}

/// Why an OAuth 2.0 token could not be had.
public enum RonOAuth2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token endpoint answered with an error (`error` and `error_description` of RFC 6749 §5.2).
    case refused(status: Int, error: String?, description: String?)
    /// The token endpoint's answer is not a token (what is wrong with it).
    case invalidAnswer(String)
    /// The endpoint is `http` on a host other than loopback, and insecure HTTP was not allowed.
    case insecureEndpoint(String)
    /// The endpoint could not be reached (why).
    case unreachable(String)
    /// There is no way to get a new token (why).
    case cannotRefresh(String)
    /// A discovery document or an authorization answer is not what OAuth 2.0 or OpenID Connect says.
    case invalidConfiguration(String)

    /// What went wrong.
    public var description: String {
        switch self {
        case .refused(let status, let error, let description):
            return "the token endpoint refused with status \(status)"
                + (error.map { ": \($0)" } ?? "") + (description.map { " (\($0))" } ?? "")
        case .invalidAnswer(let reason): return "the token endpoint's answer is not a token: \(reason)"
        case .insecureEndpoint(let url):
            return
                "the OAuth endpoint \(url) is plain http on a host that is not loopback (allowInsecureHttp to accept it)"
        case .unreachable(let reason): return "the token endpoint could not be reached: \(reason)"
        case .cannotRefresh(let reason): return reason
        case .invalidConfiguration(let reason): return reason
        }
    }
}

/// The token endpoint's one request: a form POST, its answer read as RFC 6749 §5.1 says.
enum RonOAuth2Exchange {
    static func post(
        _ form: [(String, String)], to url: URL, clientId: String?, clientSecret: String?,
        authentication: RonOAuth2TokenSource.ClientAuthentication, transport: any RonTransport,
        allowInsecureHttp: Bool
    ) async throws -> RonOAuth2TokenSource.Token {
        try checkSecure(url, allowInsecureHttp: allowInsecureHttp)
        var form = form
        var headers: RonHeaders = [
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
        ]
        if let clientId {
            if let clientSecret, authentication == .basic {
                // RFC 6749 §2.3.1: both form-encoded before they are joined.
                let pair = formEncode(clientId) + ":" + formEncode(clientSecret)
                headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
            } else {
                form.append(("client_id", clientId))
                if let clientSecret { form.append(("client_secret", clientSecret)) }
            }
        }
        let body = form.map { formEncode($0.0) + "=" + formEncode($0.1) }.joined(separator: "&")
        let request = TransportRequest(method: "POST", url: url, headers: headers, body: Data(body.utf8))
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw RonOAuth2Error.unreachable(String(describing: TransportFailure.classify(error).cause.code))
        }
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard (200..<300).contains(response.status) else {
            throw RonOAuth2Error.refused(
                status: response.status, error: object?["error"] as? String,
                description: object?["error_description"] as? String)
        }
        guard let object else { throw RonOAuth2Error.invalidAnswer("the body is not a JSON object") }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw RonOAuth2Error.invalidAnswer("no access_token")
        }
        var expiresAt: Date?
        if let seconds = (object["expires_in"] as? NSNumber)?.doubleValue
            ?? (object["expires_in"] as? String).flatMap(Double.init), seconds > 0
        {
            // Renew before the server would refuse it: 30 s early, or a tenth of a short life.
            expiresAt = Date().addingTimeInterval(seconds - min(30, seconds / 10))
        }
        return RonOAuth2TokenSource.Token(
            accessToken: access, tokenType: object["token_type"] as? String ?? "Bearer", expiresAt: expiresAt,
            refreshToken: object["refresh_token"] as? String, scope: object["scope"] as? String)
    }

    /// Refuses plain `http` except on loopback, unless allowed.
    static func checkSecure(_ url: URL, allowInsecureHttp: Bool) throws {
        let scheme = url.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw RonOAuth2Error.invalidConfiguration("the OAuth endpoint \(url) is not an http(s) URL")
        }
        guard scheme == "http", !allowInsecureHttp else { return }
        let host = url.host?.lowercased() ?? ""
        if host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]" { return }
        throw RonOAuth2Error.insecureEndpoint(url.absoluteString)
    }

    /// `application/x-www-form-urlencoded` text of one name or value.
    static func formEncode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
            .replacingOccurrences(of: "%20", with: "+")
    }
}
