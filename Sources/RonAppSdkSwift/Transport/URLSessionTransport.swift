import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``RonTransport``, built on `URLSession`.
///
/// - Uses an ephemeral session: no cookies, no cache, no credential storage.
/// - Redirects follow the SDK's credential policy: https → http is refused
///   (``TransportFailure/Cause/insecureRedirect``), credentials are dropped when the origin
///   (scheme, host, port) changes, a body is not resent to another origin, and more than
///   ``TransportRequest/maxRedirects`` redirects fail with ``TransportFailure/Cause/tooManyRedirects``.
/// - `readTimeoutMs`/`writeTimeoutMs` (the larger of the two) are the call's idle timeout: the
///   longest time with nothing sent or received, connecting included, after which the call fails
///   with ``TransportFailure/Cause/timeout``. The transport keeps that clock itself rather than
///   through `URLRequest.timeoutInterval` (see `IdleWatchdog`); `URLSession` has no separate connect
///   timeout, so `connectTimeoutMs` is honoured only through the overall timeout the client
///   enforces (the session itself never cuts a call short).
/// - Refuses bodies over ``TransportRequest/maxResponseBytes``: a larger `Content-Length` is
///   refused before reading, and a body is cut off once its decoded size passes the limit.
///
/// One instance owns one `URLSession`; ``invalidate()`` (called by ``RonClient/close()``) releases
/// it. A call sent after that, or still running, fails with ``TransportFailure/Cause/cancelled``.
///
/// On Linux, FoundationNetworking (Swift 5.10 through 6.3.1) keeps about 145 bytes of heap for every
/// request a `URLSession` makes, in its check that libcurl and `URL` agree on the host; a new
/// session does not release it. Long-running servers on Linux should use
/// `AsyncHTTPClientTransport` (the `AsyncHTTPClient` package trait), whose memory stays flat.
public final class URLSessionTransport: RonTransport, @unchecked Sendable {
    private let session: URLSession
    private let delegate: URLSessionTransportDelegate
    /// The clock of every call's idle timeout (see `IdleWatchdog`).
    private let idleClocks = DeadlineScheduler()
    /// The base configuration, also used by the streams this transport opens.
    let configuration: (@Sendable () -> URLSessionConfiguration)?
    /// The only certificates trusted (empty: the system's trust), also used by the streams.
    let pinnedCertificates: [PinnedCertificate]
    /// Guards `invalidated`; the session and delegate are immutable.
    private let lock = NSLock()
    private var invalidated = false

    /// Creates a transport. `overallTimeoutMs` is kept for source compatibility: the client
    /// enforces every call's overall timeout itself. `configuration` makes the session
    /// configuration to start from (see ``RonConfig/sessionConfiguration``).
    public init(
        overallTimeoutMs: Int = RonConfig.Defaults.overallTimeoutMs,
        configuration: (@Sendable () -> URLSessionConfiguration)? = nil
    ) {
        (session, delegate) = Self.makeSession(configuration, pins: [])
        self.configuration = configuration
        self.pinnedCertificates = []
    }

    /// Creates a transport that trusts only `pinnedCertificates` (see ``PinnedCertificate``), for
    /// its calls and the streams it opens. Where `URLSession` cannot check a server's certificate
    /// (Linux), every call fails with `tls_failed` rather than going out unpinned.
    public init(
        overallTimeoutMs: Int = RonConfig.Defaults.overallTimeoutMs,
        configuration: (@Sendable () -> URLSessionConfiguration)? = nil,
        pinnedCertificates: [PinnedCertificate]
    ) {
        (session, delegate) = Self.makeSession(configuration, pins: pinnedCertificates)
        self.configuration = configuration
        self.pinnedCertificates = pinnedCertificates
    }

    /// The client enforces each call's overall timeout itself, so the session never cuts a call
    /// short (a per-call timeout may be longer than the client's).
    private static func makeSession(
        _ configuration: (@Sendable () -> URLSessionConfiguration)?, pins: [PinnedCertificate]
    ) -> (URLSession, URLSessionTransportDelegate) {
        let delegate = URLSessionTransportDelegate(pinnedCertificates: pins)
        let session = URLSession(
            configuration: .ronEphemeral(resourceTimeoutMs: RonConfig.Defaults.maxTimeoutMs, base: configuration),
            delegate: delegate, delegateQueue: nil)
        return (session, delegate)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Cancels running calls and releases the session. Later calls fail with `cancelled`.
    public func invalidate() {
        lock.lock()
        let first = !invalidated
        invalidated = true
        lock.unlock()
        let session = self.session
        if first { FoundationNetworkingCalls.run { session.invalidateAndCancel() } }
    }

    /// `true`: a call waits for `URLSession` by suspending, never by blocking its thread.
    public var neverBlocks: Bool { true }

    /// Sends the request with `URLSession` and collects the whole (bounded) body. A file body is
    /// sent with an upload task that reads it from disk, a stream body through an `InputStream`
    /// (chunked, or with `Content-Length` when its length is known; on Linux a stream of known
    /// length goes through a temporary file, see `UploadBody`); both report to
    /// ``TransportRequest/uploadProgress``.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        if !pinnedCertificates.isEmpty, !ServerTrustEvaluation.isSupported { throw ServerTrustEvaluation.failure() }
        // The idle timeout is the watchdog's, not `URLSession`'s (see `IdleWatchdog`).
        let idleMs = max(request.readTimeoutMs, request.writeTimeoutMs)
        var urlRequest = URLRequest(request, idleTimeoutMs: RonConfig.Defaults.maxTimeoutMs)
        let upload = try await UploadBody.make(request, into: &urlRequest)
        defer { upload.end() }
        // A task made after `invalidateAndCancel()` is a fatal error in Foundation: tasks are only
        // made (and registered with the delegate) under the lock, and never once it is invalidated.
        let handle = TaskHandle()
        let prepared = urlRequest
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<TransportResponse, any Error>) in
                // Making and resuming the task wait for FoundationNetworking's queue on Linux.
                FoundationNetworkingCalls.run {
                    self.lock.lock()
                    guard !self.invalidated else {
                        self.lock.unlock()
                        continuation.resume(
                            throwing: TransportFailure(.cancelled, detail: "the transport was invalidated"))
                        return
                    }
                    let task = upload.task(in: self.session, for: prepared)
                    let delegate = self.delegate
                    let watchdog = IdleWatchdog(idleMs: idleMs, scheduler: self.idleClocks) {
                        delegate.endSilent(task, idleMs: idleMs)
                    }
                    delegate.register(task: task, request: request, continuation: continuation, watchdog: watchdog)
                    self.lock.unlock()
                    watchdog.start()
                    handle.start(task)
                }
            }
        } onCancel: {
            // First: on Linux, cancelling the task waits for `URLSession`'s queue, which may be
            // blocked in a read of the body stream until the reader is cancelled.
            upload.end()
            handle.cancel()
        }
    }
}

/// The task of one call, for a cancellation that may come before the task exists.
final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Resumes `task`, and cancels it at once when the call was cancelled already (so that it
    /// still completes through the delegate).
    func start(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        if let task { FoundationNetworkingCalls.run { task.cancel() } }
    }
}
