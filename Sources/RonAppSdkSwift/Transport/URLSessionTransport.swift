import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``RonTransport``, built on `URLSession`.
///
/// - Uses an ephemeral session: no cookies, no cache, no credential storage.
/// - Follows redirects under the SDK's credential policy: https → http is refused
///   (``TransportFailure/Cause/insecureRedirect``); on a redirect to another origin (scheme, host or
///   port) every credential header is dropped and a body is never resent.
/// - `readTimeoutMs`/`writeTimeoutMs` (the larger of the two) become the request's idle timeout
///   (`URLRequest.timeoutInterval`), which also bounds connecting; `URLSession` has no separate
///   connect timeout, so `connectTimeoutMs` is honoured only through the overall timeout the client
///   enforces. The request's `timeoutMs` also caps the session's resource timeout.
/// - Refuses bodies over ``TransportRequest/maxResponseBytes``: a larger `Content-Length` is
///   refused before reading, and a body without one is cut off once it passes the limit.
///
/// One instance owns one `URLSession`; ``invalidate()`` (called by ``RonClient/close()``) releases it.
public final class URLSessionTransport: RonTransport {
    private let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// Creates a transport whose session-wide resource timeout is `overallTimeoutMs`.
    public init(overallTimeoutMs: Int = RonConfig.Defaults.overallTimeoutMs) {
        let configuration = URLSessionConfiguration.ronEphemeral(resourceTimeoutMs: overallTimeoutMs)
        let delegate = URLSessionTransportDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Cancels running calls and releases the session. Later calls fail with `cancelled`.
    public func invalidate() {
        session.invalidateAndCancel()
    }

    /// Sends the request with `URLSession` and collects the whole (bounded) body.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let urlRequest = URLRequest(request, idleTimeoutMs: max(request.readTimeoutMs, request.writeTimeoutMs))
        let task = session.dataTask(with: urlRequest)
        let limit = request.maxResponseBytes
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<TransportResponse, any Error>) in
                delegate.register(task: task, limit: limit, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
