/// A call is about to be sent again. Already redacted.
public struct RonRequestRetriedEvent: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The URL, redacted.
    public var url: String
    /// The `x-request-id` of the call.
    public var requestId: String?
    /// The `x-correlation-id` of the call.
    public var correlationId: String?
    /// The number of the attempt about to start (2 for the first retry).
    public var attempt: Int
    /// The pause before it, in milliseconds.
    public var delayMs: Int
    /// Why: a problem code such as `connect_failed`, `http_503` or `auth_refresh`.
    public var cause: String

    /// Creates the event.
    public init(
        method: String, url: String, requestId: String?, correlationId: String?, attempt: Int, delayMs: Int,
        cause: String
    ) {
        self.method = method
        self.url = url
        self.requestId = requestId
        self.correlationId = correlationId
        self.attempt = attempt
        self.delayMs = delayMs
        self.cause = cause
    }
}
