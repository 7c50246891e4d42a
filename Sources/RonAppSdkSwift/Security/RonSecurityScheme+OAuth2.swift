import Foundation

/// Token sources and flows made from what a description says of an OAuth 2.0 or OpenID Connect
/// scheme: its endpoints, resolved against the API's base URL when written relative.
extension RonSecurityScheme {
    /// A token source for the scheme's client credentials flow, at its `tokenUrl`.
    ///
    /// ```swift
    /// let tokens = try PetstoreSecurity.oauth.clientCredentials(
    ///     clientId: "reports", clientSecret: secret, relativeTo: baseURL)
    /// config.credentials = PetstoreCredentials(oauth: tokens).credentials
    /// ```
    ///
    /// - Parameters:
    ///   - clientId: The client's id.
    ///   - clientSecret: The client's secret.
    ///   - scopes: The scopes asked for (`nil`: every scope the flow lists; empty: none named).
    ///   - tokenURL: The token endpoint to use instead of the description's (a test server's).
    ///   - baseURL: What a relative `tokenUrl` is resolved against (the API's base URL).
    ///   - authentication: How the client id and secret are sent.
    ///   - transport: What sends the token requests (`nil`: a ``URLSessionTransport`` of its own).
    ///   - allowInsecureHttp: Accept an `http` token endpoint on a host that is not loopback.
    /// - Throws: ``RonOAuth2Error/invalidConfiguration(_:)`` when the scheme has no client
    ///   credentials flow or its endpoint cannot be resolved.
    public func clientCredentials(
        clientId: String, clientSecret: String, scopes: [String]? = nil, tokenURL: URL? = nil,
        relativeTo baseURL: URL? = nil, authentication: RonOAuth2TokenSource.ClientAuthentication = .basic,
        transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) throws -> RonOAuth2TokenSource {
        let flow = try oauthFlow(\.clientCredentials, "client credentials")
        let endpoint = try tokenURL ?? resolve(flow.tokenURL, "tokenUrl", relativeTo: baseURL)
        return RonOAuth2TokenSource(
            clientCredentials: endpoint, clientId: clientId, clientSecret: clientSecret, scopes: scopes ?? flow.scopes,
            authentication: authentication, transport: transport, allowInsecureHttp: allowInsecureHttp)
    }

    /// The scheme's authorization code flow with PKCE, at its `authorizationUrl` and `tokenUrl`.
    ///
    /// - Parameters:
    ///   - clientId: The client's id.
    ///   - clientSecret: A confidential client's secret, else `nil`.
    ///   - redirectURI: The registered redirect URI.
    ///   - scopes: The scopes asked for (`nil`: every scope the flow lists).
    ///   - baseURL: What relative endpoints are resolved against.
    ///   - transport: What sends the token requests.
    ///   - allowInsecureHttp: Accept `http` endpoints on hosts other than loopback.
    /// - Throws: ``RonOAuth2Error/invalidConfiguration(_:)`` when the scheme has no such flow.
    public func authorizationCode(
        clientId: String, clientSecret: String? = nil, redirectURI: String, scopes: [String]? = nil,
        relativeTo baseURL: URL? = nil, transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) throws -> RonOAuth2AuthorizationCode {
        let flow = try oauthFlow(\.authorizationCode, "authorization code")
        return RonOAuth2AuthorizationCode(
            authorizationURL: try resolve(flow.authorizationURL, "authorizationUrl", relativeTo: baseURL),
            tokenURL: try resolve(flow.tokenURL, "tokenUrl", relativeTo: baseURL), clientId: clientId,
            clientSecret: clientSecret, redirectURI: redirectURI, scopes: scopes ?? flow.scopes,
            transport: transport, allowInsecureHttp: allowInsecureHttp)
    }

    /// A token source that starts from `token` and refreshes it at the scheme's `refreshUrl` (else
    /// its `tokenUrl`) of the first flow that has one.
    ///
    /// - Parameters:
    ///   - token: The tokens the app holds (an access token and its refresh token).
    ///   - clientId: The client's id.
    ///   - clientSecret: A confidential client's secret, else `nil`.
    ///   - baseURL: What a relative endpoint is resolved against.
    ///   - transport: What sends the token requests.
    ///   - allowInsecureHttp: Accept `http` endpoints on hosts other than loopback.
    /// - Throws: ``RonOAuth2Error/invalidConfiguration(_:)`` when no flow names a token endpoint.
    public func refreshing(
        _ token: RonOAuth2TokenSource.Token, clientId: String, clientSecret: String? = nil,
        relativeTo baseURL: URL? = nil, transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) throws -> RonOAuth2TokenSource {
        guard case .oauth2(let flows) = kind else {
            throw RonOAuth2Error.invalidConfiguration("\(name) is not an OAuth 2.0 scheme")
        }
        let all = [flows.authorizationCode, flows.password, flows.clientCredentials, flows.implicit].compactMap { $0 }
        guard let written = all.lazy.compactMap({ $0.refreshURL ?? $0.tokenURL }).first else {
            throw RonOAuth2Error.invalidConfiguration("\(name) names no token endpoint to refresh at")
        }
        return RonOAuth2TokenSource(
            token: token, refreshingAt: try resolve(written, "tokenUrl", relativeTo: baseURL), clientId: clientId,
            clientSecret: clientSecret, authentication: clientSecret == nil ? .body : .basic, transport: transport,
            allowInsecureHttp: allowInsecureHttp)
    }

    /// The OpenID Connect provider's endpoints, read from the scheme's `openIdConnectUrl`.
    ///
    /// - Parameters:
    ///   - baseURL: What a relative discovery URL is resolved against.
    ///   - transport: What sends the request.
    ///   - allowInsecureHttp: Accept `http` on hosts other than loopback.
    /// - Throws: ``RonOAuth2Error`` when the scheme is not OpenID Connect or discovery fails.
    public func discover(
        relativeTo baseURL: URL? = nil, transport: (any RonTransport)? = nil, allowInsecureHttp: Bool = false
    ) async throws -> RonOpenIDConfiguration {
        guard case .openIdConnect(let url) = kind else {
            throw RonOAuth2Error.invalidConfiguration("\(name) is not an OpenID Connect scheme")
        }
        return try await RonOpenIDConfiguration.discover(
            resolve(url, "openIdConnectUrl", relativeTo: baseURL), transport: transport,
            allowInsecureHttp: allowInsecureHttp)
    }

    private func oauthFlow(
        _ path: KeyPath<RonOAuth2Flows, RonOAuth2Flows.Flow?>, _ label: String
    ) throws -> RonOAuth2Flows.Flow {
        guard case .oauth2(let flows) = kind else {
            throw RonOAuth2Error.invalidConfiguration("\(name) is not an OAuth 2.0 scheme")
        }
        guard let flow = flows[keyPath: path] else {
            throw RonOAuth2Error.invalidConfiguration("\(name) declares no \(label) flow")
        }
        return flow
    }

    private func resolve(_ written: String?, _ field: String, relativeTo baseURL: URL?) throws -> URL {
        guard let written, !written.isEmpty else {
            throw RonOAuth2Error.invalidConfiguration("\(name) gives no \(field)")
        }
        if let absolute = URL(string: written), absolute.scheme != nil { return absolute }
        guard let baseURL, let resolved = URL(string: written, relativeTo: baseURL)?.absoluteURL else {
            throw RonOAuth2Error.invalidConfiguration(
                "\(name)'s \(field) '\(written)' is relative: give the API's base URL to resolve it against")
        }
        return resolved
    }
}
