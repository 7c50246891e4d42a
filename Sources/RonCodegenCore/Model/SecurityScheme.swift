/// A security scheme of a description (`components/securitySchemes`; Swagger 2.0's
/// `securityDefinitions` read as OpenAPI 3.0): what credential its operations take and where.
public struct SecurityScheme: Sendable, Equatable {
    /// The kinds OpenAPI 3.0, 3.1 and Swagger 2.0 declare.
    public enum Kind: Sendable, Equatable {
        /// An API key: the header, query parameter or cookie `name` (`location` is `header`,
        /// `query` or `cookie`).
        case apiKey(name: String, location: String)
        /// An HTTP scheme in `Authorization`, lower-cased (`basic`, `bearer`, or a vendor's own).
        case http(scheme: String, bearerFormat: String?)
        /// OAuth 2.0 with these flows.
        case oauth2([OAuthFlow])
        /// OpenID Connect, discovered at `url`.
        case openIdConnect(url: String)
        /// Mutual TLS.
        case mutualTLS
    }

    /// One OAuth 2.0 flow.
    public struct OAuthFlow: Sendable, Equatable {
        /// `authorizationCode`, `clientCredentials`, `implicit` or `password` (Swagger 2.0's
        /// `accessCode` and `application` read as the first two).
        public var kind: String
        /// `authorizationUrl`, as written.
        public var authorizationURL: String?
        /// `tokenUrl`, as written.
        public var tokenURL: String?
        /// `refreshUrl`, as written.
        public var refreshURL: String?
        /// The scope names, in document order.
        public var scopes: [String]

        /// Creates a flow.
        public init(
            kind: String, authorizationURL: String? = nil, tokenURL: String? = nil, refreshURL: String? = nil,
            scopes: [String] = []
        ) {
            self.kind = kind
            self.authorizationURL = authorizationURL
            self.tokenURL = tokenURL
            self.refreshURL = refreshURL
            self.scopes = scopes
        }
    }

    /// The scheme's key in its document.
    public var name: String
    /// The Swift property name of the scheme (unique within its document).
    public var swiftName: String
    /// What it is.
    public var kind: Kind
    /// The `description`, or `nil`.
    public var description: String?
    /// Where it is defined (`file#/components/securitySchemes/name`).
    public var origin: Origin
    /// The generated enum that declares its document's schemes (`PetstoreSecurity`).
    public var securityTypeName: String = ""
    /// The generated struct of its document's credentials (`PetstoreCredentials`).
    public var credentialsTypeName: String = ""

    /// Creates a scheme.
    public init(name: String, swiftName: String, kind: Kind, description: String? = nil, origin: Origin) {
        self.name = name
        self.swiftName = swiftName
        self.kind = kind
        self.description = description
        self.origin = origin
    }

    /// What the scheme takes and where, for documentation and listings (`an API key in the header 'X-API-Key'`).
    public var summary: String {
        switch kind {
        case .apiKey(let key, let location): return "an API key in the \(location) '\(key)'"
        case .http(let scheme, _) where scheme == "basic": return "HTTP basic (user and password)"
        case .http(let scheme, _) where scheme == "bearer": return "a bearer token"
        case .http(let scheme, _): return "HTTP '\(scheme)' credentials in Authorization"
        case .oauth2(let flows): return "OAuth 2.0 (\(flows.map(\.kind).joined(separator: ", ")))"
        case .openIdConnect: return "OpenID Connect"
        case .mutualTLS: return "a TLS client certificate"
        }
    }
}

/// One scheme of a requirement: its name and the scopes asked of it.
public struct SecurityUse: Sendable, Equatable {
    /// The scheme's key in the operation's document.
    public var scheme: String
    /// The scopes (OAuth 2.0, OpenID Connect) or roles asked.
    public var scopes: [String]
    /// The Swift expression of the scheme (`PetstoreSecurity.apiKey`).
    public var reference: String = ""

    /// Creates a use.
    public init(scheme: String, scopes: [String] = []) {
        self.scheme = scheme
        self.scopes = scopes
    }
}
