import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything a ``RonClient`` needs: where the gateway is, how long to wait, which credentials to send
/// and where to report.
///
/// A plain value: build one with ``init(baseUrl:overallTimeoutMs:connectTimeoutMs:readTimeoutMs:writeTimeoutMs:authToken:passportToken:headerProvider:requestIdFactory:idempotencyKeyFactory:allowInsecureHttp:debug:transport:logger:onRequest:onResponse:middleware:retry:cache:idempotencyKeyHeader:maxRedirects:sessionConfiguration:pinnedCertificates:serverPaths:)``
/// (every parameter has a default), or merge environment variables in with
/// ``fromEnvironment(overrides:environment:)``. Timeouts left `nil` use the defaults in ``Defaults``.
public struct RonConfig: Sendable {
    /// The gateway base URL, for example `https://node.example.com` or `https://host/prefix`.
    ///
    /// Calls go to `{baseUrl}/app{path}`. `http://` is refused unless ``allowInsecureHttp`` is true.
    public var baseUrl: URL?
    /// The most a whole call may take, in milliseconds (default 10 000). Enforced by the client itself.
    public var overallTimeoutMs: Int?
    /// The most connecting may take, in milliseconds (default 3 000).
    public var connectTimeoutMs: Int?
    /// The longest pause while waiting for response bytes, in milliseconds (default 10 000).
    public var readTimeoutMs: Int?
    /// The longest pause while sending the request body, in milliseconds (default 10 000).
    public var writeTimeoutMs: Int?
    /// Sent as `Authorization`. A bare token gets `Bearer ` in front; a value that already names a
    /// scheme (`Bearer x`, `Macaroon x`, `Basic x`) is sent as written.
    public var authToken: String?
    /// Sent as `X-RON-Passport`.
    public var passportToken: String?
    /// Called before every request; the headers it returns are added (and win over the config's own
    /// credentials). Use it for rotating tokens.
    public var headerProvider: (@Sendable () async -> [String: String])?
    /// Makes the `x-request-id` of each call (default: a random UUID).
    public var requestIdFactory: (@Sendable () -> String)?
    /// Makes the idempotency key of each POST, PUT, PATCH and DELETE (default: a random UUID).
    public var idempotencyKeyFactory: (@Sendable () -> String)?
    /// The header that carries the idempotency key: `Idempotency-Key` (the default, what the node's
    /// gateway reads), or `X-Idempotency-Key` for older gateways. A call that already has either
    /// keeps its own.
    public var idempotencyKeyHeader: String
    /// The most redirects one call follows (default 10); one more ends it with `too_many_redirects`.
    public var maxRedirects: Int?
    /// The largest whole response body a call accepts, in bytes (`nil`: ``RonSDK/maxResponseBytes``,
    /// 1 MiB); a larger one fails with `response_too_large`, whose message and `details.limit_bytes`
    /// name the limit in force. A call can set its own (``AppRequest/maxResponseBytes``). Streams and
    /// downloads are not bounded by it (they take `maxBytes`). Must be at least 1.
    ///
    /// ```swift
    /// var config = RonConfig(baseUrl: url)
    /// config.maxResponseBytes = 16 << 20
    /// ```
    public var maxResponseBytes: Int?
    /// Makes the `URLSessionConfiguration` the default transport's sessions start from, for calls
    /// and streams alike (a proxy, TLS versions, extra headers). The SDK's rules still apply on top:
    /// no cookies, cache or credential storage. Ignored when ``transport`` is set.
    public var sessionConfiguration: (@Sendable () -> URLSessionConfiguration)?
    /// Certificates the default transport trusts instead of the system's trust store, for calls and
    /// streams alike (certificate pinning, see ``PinnedCertificate``). Empty (the default): the
    /// system's trust. On Apple platforms `URLSession` checks them; on Linux, where
    /// FoundationNetworking cannot check a server's certificate itself, ``RonClient/init(config:)``
    /// refuses pins with ``SdkConfigError/unsupportedSetting(name:reason:)``: pass them to
    /// `AsyncHTTPClientTransport(pinnedCertificates:)` (package trait `AsyncHTTPClient`) instead. Also
    /// refused beside a custom ``transport``, which does its own TLS.
    public var pinnedCertificates: [PinnedCertificate]
    /// Allows an `http://` base URL. For local development only.
    public var allowInsecureHttp: Bool
    /// Logs request and response bodies (redacted, truncated) at debug level. Off by default.
    public var debug: Bool
    /// The HTTP engine; `nil` means a ``URLSessionTransport`` built from this config.
    public var transport: (any RonTransport)?
    /// Where the client logs. `nil` logs nothing unless ``debug`` is on, which then logs to a
    /// `Logger` labelled `ron-app-sdk-swift` at debug level.
    public var logger: Logger?
    /// Called (without being awaited) before each request is sent, with redacted details.
    public var onRequest: (@Sendable (RonRequestInfo) -> Void)?
    /// Called (without being awaited) after each call ends, with redacted details.
    public var onResponse: (@Sendable (RonResponseInfo) -> Void)?
    /// Interceptors around the transport, outermost first (see ``RonMiddleware``). Empty by default.
    public var middleware: [any RonMiddleware]
    /// Retries transient failures of safe calls with this policy (see ``RetryPolicy``); `nil` (the
    /// default) never retries. The ``RetryMiddleware`` it adds runs inside (after) ``middleware``.
    public var retry: RetryPolicy?
    /// An HTTP cache for `GET` and `HEAD` answers (see ``ResponseCache`` and <doc:ResponseCaching>);
    /// `nil` (the default) caches nothing. It runs innermost, inside ``middleware`` and ``retry``,
    /// once per call.
    ///
    /// ```swift
    /// let config = RonConfig(baseUrl: url, authToken: token, cache: try ResponseCache(directory: cachesFolder))
    /// ```
    public var cache: ResponseCache?
    /// Moves the calls generated from an OpenAPI document with its own `servers`: the document's
    /// path below `Schema/` (`gadgets.openapi.json`) → the server path its calls go below instead of
    /// its first server URL's (`/v3`, `/api/v2`, `""` for the base URL itself). Empty by default:
    /// each document's calls go to `{baseUrl}{its server path}{path}`. The App Plane document, and
    /// every document without `servers`, is below the client's `/app` like hand-written calls; a
    /// prefix for every call belongs in ``baseUrl`` (`https://host/prefix`).
    ///
    /// ```swift
    /// let config = RonConfig(baseUrl: url, serverPaths: ["gadgets.openapi.json": "/v3"])
    /// ```
    public var serverPaths: [String: String]

    /// The credentials of your API descriptions' security schemes, by scheme name: attached to the
    /// calls whose operation declares security (``AppRequest/security``) where each scheme says
    /// (header, query, cookie, `Authorization`), refreshed for OAuth 2.0, redacted in every log and
    /// event. `nil` by default; ``authToken`` and ``headerProvider`` work as before beside it.
    ///
    /// ```swift
    /// config.credentials = PetstoreCredentials(apiKey: key).credentials
    /// ```
    public var credentials: RonCredentials? = nil

    /// Creates a configuration; every parameter is optional.
    public init(
        baseUrl: URL? = nil,
        overallTimeoutMs: Int? = nil,
        connectTimeoutMs: Int? = nil,
        readTimeoutMs: Int? = nil,
        writeTimeoutMs: Int? = nil,
        authToken: String? = nil,
        passportToken: String? = nil,
        headerProvider: (@Sendable () async -> [String: String])? = nil,
        requestIdFactory: (@Sendable () -> String)? = nil,
        idempotencyKeyFactory: (@Sendable () -> String)? = nil,
        allowInsecureHttp: Bool = false,
        debug: Bool = false,
        transport: (any RonTransport)? = nil,
        logger: Logger? = nil,
        onRequest: (@Sendable (RonRequestInfo) -> Void)? = nil,
        onResponse: (@Sendable (RonResponseInfo) -> Void)? = nil,
        middleware: [any RonMiddleware] = [],
        retry: RetryPolicy? = nil,
        cache: ResponseCache? = nil,
        idempotencyKeyHeader: String = Defaults.idempotencyKeyHeader,
        maxRedirects: Int? = nil,
        sessionConfiguration: (@Sendable () -> URLSessionConfiguration)? = nil,
        pinnedCertificates: [PinnedCertificate] = [],
        serverPaths: [String: String] = [:]
    ) {
        self.serverPaths = serverPaths
        self.baseUrl = baseUrl
        self.overallTimeoutMs = overallTimeoutMs
        self.connectTimeoutMs = connectTimeoutMs
        self.readTimeoutMs = readTimeoutMs
        self.writeTimeoutMs = writeTimeoutMs
        self.authToken = authToken
        self.passportToken = passportToken
        self.headerProvider = headerProvider
        self.requestIdFactory = requestIdFactory
        self.idempotencyKeyFactory = idempotencyKeyFactory
        self.allowInsecureHttp = allowInsecureHttp
        self.debug = debug
        self.transport = transport
        self.logger = logger
        self.onRequest = onRequest
        self.onResponse = onResponse
        self.middleware = middleware
        self.retry = retry
        self.cache = cache
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.maxRedirects = maxRedirects
        self.sessionConfiguration = sessionConfiguration
        self.pinnedCertificates = pinnedCertificates
    }
}

extension RonConfig {
    /// The values used when a timeout is left `nil`.
    public enum Defaults {
        /// Default overall timeout: 10 s.
        public static let overallTimeoutMs = 10_000
        /// Default connect timeout: 3 s.
        public static let connectTimeoutMs = 3_000
        /// Default read (idle) timeout: 10 s.
        public static let readTimeoutMs = 10_000
        /// Default write (idle) timeout: 10 s.
        public static let writeTimeoutMs = 10_000
        /// Default most redirects followed by one call: 10.
        public static let maxRedirects = 10
        /// The idempotency header the node's gateway reads (the IETF `Idempotency-Key`).
        public static let idempotencyKeyHeader = "Idempotency-Key"
        /// The largest timeout accepted anywhere: 24 h.
        public static let maxTimeoutMs = 86_400_000
    }
}
