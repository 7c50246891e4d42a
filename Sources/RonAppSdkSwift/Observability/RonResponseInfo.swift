/// What an ``RonConfig/onResponse`` hook sees about a finished call. Already redacted.
public struct RonResponseInfo: Sendable, Hashable {
    /// The HTTP method.
    public var method: String
    /// The URL, redacted.
    public var url: String
    /// The HTTP status, or 0 when no response arrived.
    public var status: Int
    /// Whether the call succeeded.
    public var ok: Bool
    /// The response headers, redacted.
    public var headers: RonHeaders
    /// Wall-clock duration in milliseconds.
    public var durationMs: Int
    /// The correlation id (from the problem or the response headers, else the one sent).
    public var correlationId: String?
    /// The problem, if the call failed.
    public var problem: RonProblem?

    /// Creates the info.
    public init(
        method: String, url: String, status: Int, ok: Bool, headers: RonHeaders, durationMs: Int,
        correlationId: String?, problem: RonProblem?
    ) {
        self.method = method
        self.url = url
        self.status = status
        self.ok = ok
        self.headers = headers
        self.durationMs = durationMs
        self.correlationId = correlationId
        self.problem = problem
    }
}
