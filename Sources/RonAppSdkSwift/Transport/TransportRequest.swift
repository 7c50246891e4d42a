import Foundation

/// A fully built HTTP request handed to a ``RonTransport``.
public struct TransportRequest: Sendable, Hashable {
    /// The HTTP method, for example `GET`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields.
    public var headers: RonHeaders
    /// The body, if any.
    public var body: Data?
    /// Overall budget for this call in milliseconds.
    public var timeoutMs: Int
    /// Connect budget in milliseconds.
    public var connectTimeoutMs: Int
    /// Longest idle pause while reading the response, in milliseconds.
    public var readTimeoutMs: Int
    /// Longest idle pause while sending the body, in milliseconds.
    public var writeTimeoutMs: Int
    /// The largest response body to accept; larger ones must fail with
    /// ``TransportFailure/Cause/responseTooLarge``.
    public var maxResponseBytes: Int
    /// The most redirects to follow; one more fails with ``TransportFailure/Cause/tooManyRedirects``.
    public var maxRedirects: Int
    /// Whether the call may be sent more than once (`nil`: decided by its method, see
    /// ``RetryPolicy/isSafeToRetry(_:)``).
    public var idempotent: Bool?
    /// The call's own ``RonCachePolicy`` (``AppRequest/cache(_:)``), read by a ``ResponseCache``.
    public var cachePolicy: RonCachePolicy?

    /// Creates a request.
    public init(
        method: String, url: URL, headers: RonHeaders = [:], body: Data? = nil,
        timeoutMs: Int = RonConfig.Defaults.overallTimeoutMs,
        connectTimeoutMs: Int = RonConfig.Defaults.connectTimeoutMs,
        readTimeoutMs: Int = RonConfig.Defaults.readTimeoutMs,
        writeTimeoutMs: Int = RonConfig.Defaults.writeTimeoutMs,
        maxResponseBytes: Int = RonSDK.maxResponseBytes,
        maxRedirects: Int = RonConfig.Defaults.maxRedirects,
        idempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeoutMs = timeoutMs
        self.connectTimeoutMs = connectTimeoutMs
        self.readTimeoutMs = readTimeoutMs
        self.writeTimeoutMs = writeTimeoutMs
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
        self.idempotent = idempotent
    }
}
