/// One line of the gateway's request log: what was asked, what was answered and how long it took.
public struct GatewayLogRecord: Sendable, Hashable, CustomStringConvertible {
    /// The request method, for example `GET`.
    public var method: String
    /// The request path without the query.
    public var path: String
    /// The response status, or `0` when the connection was closed without one.
    public var status: Int
    /// How long the request took, from its head to the last byte written.
    public var duration: Duration
    /// The correlation id echoed on the response.
    public var correlationId: String

    /// Creates a log record.
    public init(method: String, path: String, status: Int, duration: Duration, correlationId: String) {
        self.method = method
        self.path = path
        self.status = status
        self.duration = duration
        self.correlationId = correlationId
    }

    /// The record as one line: `GET /app/hello 200 1.234ms corr=…`.
    public var description: String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let milliseconds = Double(microseconds) / 1_000
        let rounded = (milliseconds * 1_000).rounded() / 1_000
        return "\(method) \(path) \(status) \(rounded)ms corr=\(correlationId)"
    }
}
