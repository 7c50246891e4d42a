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

    /// Whether ``send(_:)`` never blocks its thread: it only suspends (awaits) while it waits for
    /// the network, and never waits synchronously (a semaphore, a sleep, blocking I/O). `false`
    /// unless the transport says otherwise.
    ///
    /// A client normally runs each call in a task of its own beside the overall deadline, so that
    /// the caller gets control back at the deadline even from a transport that blocks its thread.
    /// When the transport declares `true` and no ``RonMiddleware`` is configured, the call starts on
    /// the caller's thread instead (it still ends at the deadline if the transport ignores
    /// cancellation but suspends), which saves a task start and two thread wake-ups per call.
    /// ``URLSessionTransport`` and `AsyncHTTPClientTransport` declare `true`.
    var neverBlocks: Bool { get }
}

extension RonTransport {
    /// `false`: a transport is assumed to possibly block its thread unless it says otherwise.
    public var neverBlocks: Bool { false }
}
