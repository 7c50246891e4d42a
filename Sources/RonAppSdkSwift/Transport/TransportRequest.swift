import Foundation

/// A fully built HTTP request handed to a ``RonTransport``.
public struct TransportRequest: Sendable, Hashable {
    /// The HTTP method, for example `GET`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields (case-insensitive names, possibly repeated).
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

    /// Creates a request.
    public init(
        method: String, url: URL, headers: RonHeaders = [:], body: Data? = nil,
        timeoutMs: Int = RonConfig.Defaults.overallTimeoutMs,
        connectTimeoutMs: Int = RonConfig.Defaults.connectTimeoutMs,
        readTimeoutMs: Int = RonConfig.Defaults.readTimeoutMs,
        writeTimeoutMs: Int = RonConfig.Defaults.writeTimeoutMs,
        maxResponseBytes: Int = RonSDK.maxResponseBytes
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
    }
}
