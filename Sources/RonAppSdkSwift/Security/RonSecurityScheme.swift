import Foundation

/// One security scheme of an API description (`components/securitySchemes` in OpenAPI 3,
/// `securityDefinitions` in Swagger 2.0): what kind of credential a call takes and where it goes.
///
/// Generated code declares one per scheme of a document (`PetstoreSecurity.apiKey`); a call's
/// ``AppRequest/security`` lists the requirements made of them, and the client attaches the
/// matching credential of ``RonConfig/credentials``.
public struct RonSecurityScheme: Sendable, Hashable, CustomStringConvertible {
    /// Where an API key goes.
    public enum Location: String, Sendable, Hashable, CaseIterable {
        /// A request header named by the scheme.
        case header
        /// A query parameter named by the scheme.
        case query
        /// A cookie named by the scheme, sent in the `Cookie` header.
        case cookie
    }

    /// The kinds of scheme OpenAPI 3.0, 3.1 and Swagger 2.0 declare.
    public enum Kind: Sendable, Hashable {
        /// An API key sent as the header, query parameter or cookie `name`.
        case apiKey(name: String, location: Location)
        /// An HTTP authentication scheme sent in `Authorization`: `basic`, `bearer`, or a vendor's
        /// own (`dsn`, `token`, ...), as written (lower-cased).
        case http(scheme: String)
        /// OAuth 2.0: a bearer access token from one of these flows.
        case oauth2(RonOAuth2Flows)
        /// OpenID Connect: a bearer token from the provider whose discovery document is at `url`.
        case openIdConnect(url: String)
        /// Mutual TLS: the transport's client certificate; nothing is added to the request.
        case mutualTLS
    }

    /// The scheme's name in the description (the key of `securitySchemes`), by which credentials
    /// are given (``RonCredentials``).
    public var name: String
    /// What it is.
    public var kind: Kind

    /// Creates a scheme.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// `name (what it takes and where)`, as a missing credential's problem names it.
    public var description: String {
        switch kind {
        case .apiKey(let key, let location): return "\(name) (an API key in the \(location.rawValue) '\(key)')"
        case .http(let scheme) where scheme == "basic": return "\(name) (HTTP basic: user and password)"
        case .http(let scheme) where scheme == "bearer": return "\(name) (a bearer token)"
        case .http(let scheme): return "\(name) (HTTP '\(scheme)' credentials)"
        case .oauth2: return "\(name) (an OAuth 2.0 token)"
        case .openIdConnect: return "\(name) (an OpenID Connect token)"
        case .mutualTLS: return "\(name) (a TLS client certificate)"
        }
    }
}

/// The flows an OAuth 2.0 scheme declares, each with its endpoints and scopes.
public struct RonOAuth2Flows: Sendable, Hashable {
    /// One flow: its endpoints (as written: absolute, or relative to the server) and scopes.
    public struct Flow: Sendable, Hashable {
        /// The authorization endpoint (authorization code and implicit flows).
        public var authorizationURL: String?
        /// The token endpoint (authorization code, client credentials and password flows).
        public var tokenURL: String?
        /// The refresh endpoint, when it is not the token endpoint.
        public var refreshURL: String?
        /// The scopes the flow offers, by name.
        public var scopes: [String]

        /// Creates a flow.
        public init(
            authorizationURL: String? = nil, tokenURL: String? = nil, refreshURL: String? = nil, scopes: [String] = []
        ) {
            self.authorizationURL = authorizationURL
            self.tokenURL = tokenURL
            self.refreshURL = refreshURL
            self.scopes = scopes
        }
    }

    /// The authorization code flow (`accessCode` in Swagger 2.0).
    public var authorizationCode: Flow?
    /// The client credentials flow (`application` in Swagger 2.0).
    public var clientCredentials: Flow?
    /// The implicit flow.
    public var implicit: Flow?
    /// The resource owner password flow.
    public var password: Flow?

    /// Creates the flows of a scheme.
    public init(
        authorizationCode: Flow? = nil, clientCredentials: Flow? = nil, implicit: Flow? = nil, password: Flow? = nil
    ) {
        self.authorizationCode = authorizationCode
        self.clientCredentials = clientCredentials
        self.implicit = implicit
        self.password = password
    }
}

/// One way to meet an operation's security: every scheme listed is needed at once. An operation
/// lists its requirements as alternatives; an empty requirement means the call may go without
/// credentials.
public struct RonSecurityRequirement: Sendable, Hashable {
    /// The schemes needed together.
    public var schemes: [RonSecurityScheme]
    /// The OAuth 2.0 or OpenID Connect scopes the operation asks of each scheme, by scheme name.
    public var scopes: [String: [String]]

    /// Creates a requirement.
    public init(_ schemes: [RonSecurityScheme], scopes: [String: [String]] = [:]) {
        self.schemes = schemes
        self.scopes = scopes
    }

    /// The requirement that needs nothing: the call may be sent without credentials.
    public static let anonymous = RonSecurityRequirement([])
}
