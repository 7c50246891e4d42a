/// A call ended. Already redacted.
public struct RonRequestFinishedEvent: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The URL, redacted (or `[not built] <path>` when the URL could not be built).
    public var url: String
    /// The `x-request-id` sent, when the call got that far.
    public var requestId: String?
    /// The correlation id (from the problem or the response headers, else the one sent).
    public var correlationId: String?
    /// The HTTP status, or 0 when no response arrived.
    public var status: Int
    /// Whether the call succeeded.
    public var ok: Bool
    /// Wall-clock duration of the whole call (retries included), in milliseconds.
    public var durationMs: Int
    /// The size of the response body, in bytes.
    public var bytes: Int
    /// The problem's code, when the call failed.
    public var problemCode: String?
    /// The problem's kind, when the call failed and the problem has one.
    public var problemKind: String?
    /// Set when a ``ResponseCache`` answered the call.
    public var cache: RonCacheInfo?

    /// Creates the event.
    public init(
        method: String, url: String, requestId: String?, correlationId: String?, status: Int, ok: Bool,
        durationMs: Int, bytes: Int, problemCode: String?, problemKind: String?
    ) {
        self.method = method
        self.url = url
        self.requestId = requestId
        self.correlationId = correlationId
        self.status = status
        self.ok = ok
        self.durationMs = durationMs
        self.bytes = bytes
        self.problemCode = problemCode
        self.problemKind = problemKind
    }
}
