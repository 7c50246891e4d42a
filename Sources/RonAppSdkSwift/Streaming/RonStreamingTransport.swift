/// A transport that can hand over a response body while it arrives, for long-lived responses such
/// as server-sent events (``RonClient/subscribe(_:path:query:lastEventId:options:)``).
///
/// ``URLSessionTransport`` implements it. When ``RonConfig/transport`` is set to a transport that
/// does not, subscriptions fail with `streaming_unsupported`.
public protocol RonStreamingTransport: Sendable {
    /// Sends the request and returns as soon as the response head arrived.
    ///
    /// The body is delivered chunk by chunk in ``TransportStream/body``; it finishes when the
    /// response ends and throws a ``TransportFailure`` when the connection fails. A consumer that
    /// stops iterating (or whose task is cancelled) must close the connection.
    ///
    /// - Throws: A ``TransportFailure`` when no response head arrived.
    func stream(_ request: TransportRequest) async throws -> TransportStream
}

/// Stands in for a custom transport that cannot stream: every subscription fails, saying why.
struct NoStreamingTransport: RonStreamingTransport {
    func stream(_ request: TransportRequest) async throws -> TransportStream {
        throw RonProblem(
            code: "streaming_unsupported",
            message: "The configured transport cannot stream; make it a RonStreamingTransport to subscribe",
            kind: "local", status: 0, retryable: false)
    }
}
