import Foundation

/// One App Plane call, as given to ``RonRequesting/request(_:)``.
public struct AppRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path below `/app`, not percent-encoded; a missing leading `/` is added and a path that
    /// already starts with `/app/` is not prefixed again (see ``RonClient``). A path of another
    /// server (your own API description's) is made by ``init(method:serverPath:path:query:headers:body:timeoutMs:idempotent:)``. A query written in it
    /// (`"/search?q=a%20b"`, percent-encoded as in a URL) is split off and sent before ``query``.
    public var path: String
    /// Query parameters, in order; a `nil` value sends the bare name.
    public var query: [URLQueryItem]
    /// Extra headers for this call; they win over every header the SDK adds (matched ignoring case).
    public var headers: [String: String]
    /// The body, if any.
    public var body: AppRequestBody?
    /// An overall timeout for this call only, in milliseconds (`nil`: the client's).
    public var timeoutMs: Int?
    /// The largest whole response body this call accepts, in bytes (`nil`: the client's,
    /// ``RonConfig/maxResponseBytes``). Values below 1 count as 1.
    public var maxResponseBytes: Int?
    /// Whether the call may be sent more than once: `true` lets ``RetryMiddleware`` retry a POST or
    /// PATCH (say so only when the server dedupes it, for example by its idempotency key), `false`
    /// forbids retrying even a GET, `nil` (the default) decides by the method (see ``RetryPolicy``).
    public var idempotent: Bool?
    /// The policy of a ``ResponseCache`` for this call only (set with ``cache(_:)``; `nil`: the cache's).
    public var cachePolicy: RonCachePolicy?
    /// Where the transport reports how much of the body it has sent (set with
    /// ``uploadProgress(_:)``). Reports only grow, also over a retry that sends the body again; the
    /// reporter is told ``RonProgressReporter/finish()`` when the call ends. Not part of equality.
    public var uploadProgress: RonProgressReporter? {
        get { progressSlot.reporter }
        set { progressSlot.reporter = newValue }
    }
    var progressSlot = ProgressSlot()
    /// The security the call's operation declares: alternatives, each a set of schemes needed
    /// together (`nil`, the default: none declared, nothing attached; an empty list: the operation
    /// needs none). Generated calls set it from their description; the client attaches the first
    /// requirement ``RonConfig/credentials`` can meet, or fails with `credentials_missing` before
    /// anything is sent (see <doc:Credentials>).
    public var security: [RonSecurityRequirement]?
    /// What the client attached for ``security`` (not part of equality).
    var credentials = CredentialSlot()

    /// Creates a request.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: AppRequestBody? = nil, timeoutMs: Int? = nil, idempotent: Bool? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeoutMs = timeoutMs
        self.idempotent = idempotent
    }

    /// Creates a request with a dictionary of query parameters, sent sorted by name.
    public init(
        method: HTTPMethod = .get, path: String, query: [String: String]?, headers: [String: String] = [:],
        body: AppRequestBody? = nil, timeoutMs: Int? = nil, idempotent: Bool? = nil
    ) {
        self.init(
            method: method, path: path, query: Self.queryItems(query), headers: headers, body: body,
            timeoutMs: timeoutMs, idempotent: idempotent)
    }

    /// Creates a request to `path` below `serverPath` instead of `/app`: a call of your own API
    /// description whose server is not the App Plane.
    ///
    /// ```swift
    /// // {baseUrl}/api/assets, not {baseUrl}/app/api/assets
    /// let assets: AppResponse<[Asset]> = await client.request(AppRequest(serverPath: "/api", path: "/assets"))
    /// ```
    ///
    /// The generated calls of a document with its own `servers` do this already, and follow
    /// ``RonConfig/serverPaths``; to follow it here too, build the path with
    /// ``RonClient/serverPrefix(document:default:)`` (`client.serverPrefix(document:
    /// "photos.openapi.json", default: "/api") + "/assets"`) and pass it as `path`.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - serverPath: The server's path, unencoded (`/api`, `/v2`; `""` for the base URL itself).
    ///   - path: The path below it, unencoded; a query written in it is split off as for ``path``.
    ///   - query: Query parameters, in order.
    ///   - headers: Extra headers for this call.
    ///   - body: The body, if any.
    ///   - timeoutMs: An overall timeout for this call only, in milliseconds.
    ///   - idempotent: Whether the call may be sent more than once (see ``idempotent``).
    public init(
        method: HTTPMethod = .get, serverPath: String, path: String, query: [URLQueryItem] = [],
        headers: [String: String] = [:], body: AppRequestBody? = nil, timeoutMs: Int? = nil, idempotent: Bool? = nil
    ) {
        let below = path.hasPrefix("/") || path.hasPrefix("?") ? path : "/" + path
        self.init(
            method: method, path: RonPath.server(serverPath) + below, query: query, headers: headers, body: body,
            timeoutMs: timeoutMs, idempotent: idempotent)
    }

    /// This request with `reporter` told how much of its body has been sent.
    ///
    /// ```swift
    /// let (progress, reporter) = RonProgressReporter.stream()
    /// ```
    public func uploadProgress(_ reporter: RonProgressReporter) -> AppRequest {
        var copy = self
        copy.uploadProgress = reporter
        return copy
    }

    static func queryItems(_ query: [String: String]?) -> [URLQueryItem] {
        (query ?? [:]).sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
}
