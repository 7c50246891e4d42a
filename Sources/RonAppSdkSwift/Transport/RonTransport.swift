/// The HTTP engine under a ``RonClient``: one request in, one response out.
///
/// The default is ``URLSessionTransport``. Plug in another engine (or a test double) through
/// ``RonConfig/transport``. An implementation should:
/// - return every HTTP status (including 4xx/5xx) as a ``TransportResponse``, never follow an
///   https → http redirect, and never return a body larger than ``TransportRequest/maxResponseBytes``;
/// - throw a ``TransportFailure`` describing why no response came back (any other error is
///   classified as well as possible);
/// - stop promptly when its task is cancelled. The client also enforces the overall timeout
///   itself, so a transport that ignores cancellation cannot hang a call.
public protocol RonTransport: Sendable {
    /// Sends one request and returns the status, headers and body.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
