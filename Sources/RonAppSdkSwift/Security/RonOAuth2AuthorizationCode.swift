import Foundation

/// The authorization code flow with PKCE (RFC 7636, `S256`): the SDK builds the URL the browser
/// opens and exchanges the code it brings back; opening the browser and receiving the redirect
/// (`ASWebAuthenticationSession`, a loopback listener) is the app's.
///
/// ```swift
/// let flow = RonOAuth2AuthorizationCode(
///     authorizationURL: authorize, tokenURL: token, clientId: "notes-ios",
///     redirectURI: "notes://oauth", scopes: ["notes:read"])
/// let url = flow.authorizationRequestURL          // open it
/// let tokens = try await flow.exchange(callback: redirectedURL)
/// config.credentials = RonCredentials(["oauth": .oauth2(tokens)])
/// ```
public struct RonOAuth2AuthorizationCode: Sendable {
    /// The authorization endpoint.
    public let authorizationURL: URL
    /// The token endpoint.
    public let tokenURL: URL
    /// The client's id.
    public let clientId: String
    /// The client's secret, for a confidential client (`nil` for an app, which keeps none).
    public let clientSecret: String?
    /// Where the authorization server sends the browser back.
    public let redirectURI: String
    /// The scopes asked for.
    public let scopes: [String]
    /// The PKCE code verifier: 43 characters of 32 random bytes, kept in memory only.
    public let codeVerifier: String
    /// The `state` sent and expected back unchanged.
    public let state: String
    private let transport: (any RonTransport)?
    private let allowInsecureHttp: Bool

    /// Starts a flow with a new code verifier and state.
    ///
    /// - Parameters:
    ///   - authorizationURL: The authorization endpoint (the description's `authorizationUrl`).
    ///   - tokenURL: The token endpoint (its `tokenUrl`).
    ///   - clientId: The client's id.
    ///   - clientSecret: A confidential client's secret, else `nil`.
    ///   - redirectURI: The registered redirect URI.
    ///   - scopes: The scopes asked for.
    ///   - transport: What sends the token requests (`nil`: a ``URLSessionTransport`` of its own).
    ///   - allowInsecureHttp: Accept `http` endpoints on hosts other than loopback.
    public init(
        authorizationURL: URL, tokenURL: URL, clientId: String, clientSecret: String? = nil, redirectURI: String,
        scopes: [String] = [], transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) {
        self.authorizationURL = authorizationURL
        self.tokenURL = tokenURL
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.codeVerifier = Self.randomText(bytes: 32)
        self.state = Self.randomText(bytes: 16)
        self.transport = transport
        self.allowInsecureHttp = allowInsecureHttp
    }

    /// The PKCE code challenge: base64url of the SHA-256 of ``codeVerifier``, without padding.
    public var codeChallenge: String {
        var verifier = codeVerifier
        let words = verifier.withUTF8 { SHA256Digest.digest($0) }
        var bytes: [UInt8] = []
        for word in words {
            bytes += [UInt8(word >> 24), UInt8((word >> 16) & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word & 0xFF)]
        }
        return Self.base64URL(Data(bytes))
    }

    /// The URL to open in the browser: the authorization endpoint with `response_type=code`, the
    /// client id, redirect URI, scopes, state and the `S256` code challenge (its own query kept).
    public var authorizationRequestURL: URL {
        let components = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)
        var items = components?.queryItems ?? []
        items += [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientId),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
        ]
        if !scopes.isEmpty { items.append(URLQueryItem(name: "scope", value: scopes.joined(separator: " "))) }
        items += [
            URLQueryItem(name: "state", value: state), URLQueryItem(name: "code_challenge", value: codeChallenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        guard var built = components else { return authorizationURL }
        built.queryItems = items
        // `+` is literal in a query item, but a space in a form: a `+` goes as %2B.
        let query = built.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        built.percentEncodedQuery = query
        return built.url ?? authorizationURL
    }

    /// Exchanges the redirect the browser came back with for tokens: checks `state`, reads `code`
    /// (or the server's `error`), then calls ``exchange(code:)``.
    ///
    /// - Throws: ``RonOAuth2Error`` for a refused authorization, a changed state or a failed exchange.
    public func exchange(callback: URL) async throws -> RonOAuth2TokenSource {
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        if let error = value("error") {
            throw RonOAuth2Error.refused(status: 0, error: error, description: value("error_description"))
        }
        guard value("state") == state else {
            throw RonOAuth2Error.invalidConfiguration("the redirect's state is not the one sent: the answer is refused")
        }
        guard let code = value("code"), !code.isEmpty else {
            throw RonOAuth2Error.invalidConfiguration("the redirect carries no code")
        }
        return try await exchange(code: code)
    }

    /// Exchanges an authorization `code` (with the code verifier) for tokens, and returns a source
    /// that holds them and refreshes them at ``tokenURL``.
    ///
    /// - Throws: ``RonOAuth2Error`` when the token endpoint refuses or answers something else.
    public func exchange(code: String) async throws -> RonOAuth2TokenSource {
        let sender = transport ?? URLSessionTransport()
        let token = try await RonOAuth2Exchange.post(
            [
                ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
                ("code_verifier", codeVerifier),
            ], to: tokenURL, clientId: clientId, clientSecret: clientSecret,
            authentication: clientSecret == nil ? .body : .basic, transport: sender,
            allowInsecureHttp: allowInsecureHttp)
        return RonOAuth2TokenSource(
            token: token, refreshingAt: tokenURL, clientId: clientId, clientSecret: clientSecret,
            authentication: clientSecret == nil ? .body : .basic, transport: sender,
            allowInsecureHttp: allowInsecureHttp)
    }

    static func randomText(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// The endpoints an OpenID Connect provider publishes at its discovery URL
/// (`…/.well-known/openid-configuration`, a description's `openIdConnectUrl`).
public struct RonOpenIDConfiguration: Sendable, Hashable {
    /// `issuer`.
    public var issuer: String?
    /// `authorization_endpoint`.
    public var authorizationEndpoint: URL?
    /// `token_endpoint`.
    public var tokenEndpoint: URL?
    /// `grant_types_supported` (empty when not said).
    public var grantTypesSupported: [String]
    /// `code_challenge_methods_supported` (empty when not said).
    public var codeChallengeMethodsSupported: [String]

    /// Reads the discovery document at `url`.
    ///
    /// - Parameters:
    ///   - url: The discovery URL.
    ///   - transport: What sends the request (`nil`: a ``URLSessionTransport`` of its own).
    ///   - allowInsecureHttp: Accept `http` on hosts other than loopback.
    /// - Throws: ``RonOAuth2Error`` when it cannot be read or is not a discovery document.
    public static func discover(
        _ url: URL, transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) async throws -> RonOpenIDConfiguration {
        try RonOAuth2Exchange.checkSecure(url, allowInsecureHttp: allowInsecureHttp)
        let sender = transport ?? URLSessionTransport()
        let response: TransportResponse
        do {
            response = try await sender.send(
                TransportRequest(method: "GET", url: url, headers: ["Accept": "application/json"]))
        } catch {
            throw RonOAuth2Error.unreachable(TransportFailure.classify(error).cause.code)
        }
        guard (200..<300).contains(response.status),
            let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        else {
            throw RonOAuth2Error.invalidConfiguration(
                "the OpenID Connect discovery document at \(url) could not be read (status \(response.status))")
        }
        func endpoint(_ name: String) -> URL? { (object[name] as? String).flatMap { URL(string: $0) } }
        let configuration = RonOpenIDConfiguration(
            issuer: object["issuer"] as? String, authorizationEndpoint: endpoint("authorization_endpoint"),
            tokenEndpoint: endpoint("token_endpoint"),
            grantTypesSupported: object["grant_types_supported"] as? [String] ?? [],
            codeChallengeMethodsSupported: object["code_challenge_methods_supported"] as? [String] ?? [])
        guard configuration.tokenEndpoint != nil else {
            throw RonOAuth2Error.invalidConfiguration("the discovery document at \(url) names no token_endpoint")
        }
        return configuration
    }
}
