import Foundation

/// One credential, given for a ``RonSecurityScheme`` by its name.
public enum RonCredential: Sendable {
    /// An API key, sent where the scheme says (header, query or cookie). A bearer or HTTP scheme
    /// takes it as its token too.
    case apiKey(String)
    /// A bearer token (`Authorization: Bearer …`), for HTTP bearer, OAuth 2.0 and OpenID Connect
    /// schemes; an API key scheme sends it as its key.
    case bearer(String)
    /// A user and password for HTTP basic (`Authorization: Basic base64(user:password)`).
    case basic(user: String, password: String)
    /// `Authorization: <scheme> <value>`, for an HTTP scheme of a vendor's own (`dsn`, `token`).
    case authorization(scheme: String, value: String)
    /// OAuth 2.0 (or OpenID Connect) tokens, fetched, kept until they expire and refreshed by the source.
    case oauth2(RonOAuth2TokenSource)
}

/// The credentials a client attaches to the calls whose operation declares security
/// (``AppRequest/security``), by scheme name; set once in ``RonConfig/credentials``.
///
/// ```swift
/// var config = RonConfig(baseUrl: url)
/// config.credentials = RonCredentials(["api_key": .apiKey(key), "basic": .basic(user: "me", password: pw)])
/// // or rotating: asked before every call that needs one
/// config.credentials = .provider { scheme in try await keychain.credential(for: scheme.name) }
/// ```
///
/// Generated code makes a typed value per description (`PetstoreCredentials`) whose
/// `credentials` is one of these.
public struct RonCredentials: Sendable {
    enum Storage: Sendable {
        case fixed([String: RonCredential])
        case provider(@Sendable (RonSecurityScheme) async throws -> RonCredential?)
    }

    let storage: Storage

    /// Credentials by scheme name.
    public init(_ credentials: [String: RonCredential] = [:]) {
        storage = .fixed(credentials)
    }

    /// Credentials asked of `provider` for each scheme, before every call that needs one (rotate
    /// them there). An error it throws ends the call with an `auth_failed` problem.
    public static func provider(
        _ provider: @escaping @Sendable (RonSecurityScheme) async throws -> RonCredential?
    ) -> RonCredentials {
        RonCredentials(storage: .provider(provider))
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// The credential for `scheme`, or `nil` when none is given.
    public func credential(for scheme: RonSecurityScheme) async throws -> RonCredential? {
        switch storage {
        case .fixed(let values): return values[scheme.name]
        case .provider(let provider): return try await provider(scheme)
        }
    }

    /// These credentials with `other`'s added; `other` wins for a scheme both give.
    public func merging(_ other: RonCredentials) -> RonCredentials {
        switch (storage, other.storage) {
        case (.fixed(let mine), .fixed(let theirs)):
            return RonCredentials(mine.merging(theirs) { _, new in new })
        default:
            let first = self
            return .provider { scheme in
                if let value = try await other.credential(for: scheme) { return value }
                return try await first.credential(for: scheme)
            }
        }
    }
}

/// A user and password for an HTTP basic scheme, as a generated credentials struct takes them.
public struct RonBasicCredential: Sendable, Hashable {
    /// The user.
    public var user: String
    /// The password.
    public var password: String

    /// Creates a basic credential.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
}

/// A typed set of credentials, one property per scheme of a description; generated per document
/// (`PetstoreCredentials`).
public protocol RonCredentialSet: Sendable {
    /// The credentials by scheme name.
    var credentials: RonCredentials { get }
}
