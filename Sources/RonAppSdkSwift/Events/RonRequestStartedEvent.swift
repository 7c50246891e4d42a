/// A call is about to be sent. Already redacted.
public struct RonRequestStartedEvent: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The URL, redacted (user info dropped, secret-looking query values replaced).
    public var url: String
    /// The request headers, redacted.
    public var headers: RonHeaders
    /// The `x-request-id` sent.
    public var requestId: String?
    /// The `x-correlation-id` sent.
    public var correlationId: String?

    /// Creates the event.
    public init(method: String, url: String, headers: RonHeaders, requestId: String?, correlationId: String?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.requestId = requestId
        self.correlationId = correlationId
    }
}
