import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams response bodies with `URLSession` and a data delegate (which also works on Linux, where
/// `URLSession.bytes(for:)` is missing).
///
/// Every stream gets an ephemeral session of its own (no cookies, cache or credential storage),
/// released when the stream ends or its consumer stops, so a cancelled subscription leaves no
/// connection behind. The request's `readTimeoutMs` is the longest silence allowed (it also bounds
/// connecting); redirects follow the same credential policy as ``URLSessionTransport``.
public struct URLSessionStreamingTransport: RonStreamingTransport {
    /// Makes the session configuration each stream starts from (`nil`: an ephemeral one).
    let configuration: (@Sendable () -> URLSessionConfiguration)?
    /// The only certificates trusted (empty: the system's trust).
    let pinnedCertificates: [PinnedCertificate]
    /// The clock of every stream's idle timeout on FoundationNetworking (see `IdleWatchdog`).
    let idleClocks = DeadlineScheduler()

    /// Creates the transport; `configuration` makes the session configuration to start from (see
    /// ``RonConfig/sessionConfiguration``).
    public init(configuration: (@Sendable () -> URLSessionConfiguration)? = nil) {
        self.init(configuration: configuration, pinnedCertificates: [])
    }

    /// Creates the transport trusting only `pinnedCertificates` (see ``PinnedCertificate``). Where
    /// `URLSession` cannot check a server's certificate (Linux), every stream fails with `tls_failed`.
    public init(
        configuration: (@Sendable () -> URLSessionConfiguration)? = nil, pinnedCertificates: [PinnedCertificate]
    ) {
        self.configuration = configuration
        self.pinnedCertificates = pinnedCertificates
    }

    /// Sends the request and returns when the response head arrived.
    public func stream(_ request: TransportRequest) async throws -> TransportStream {
        if !pinnedCertificates.isEmpty, !ServerTrustEvaluation.isSupported { throw ServerTrustEvaluation.failure() }
        let streamer = URLSessionStreamer(
            configuration: configuration, pinnedCertificates: pinnedCertificates, idleClocks: idleClocks)
        return try await streamer.open(request)
    }
}

/// One streaming request: its session, its task and the two hand-offs (head, then body chunks).
private final class URLSessionStreamer: URLSessionPolicyDelegate, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var session: URLSession?
    private var task: URLSessionTask?
    /// How the request's body is sent (a file or stream body is read as the task sends it).
    private var upload: UploadBody?
    /// The idle timeout's clock on FoundationNetworking (see ``idleWatchdog(idleMs:)``).
    private var watchdog: IdleWatchdog?
    private var head: CheckedContinuation<TransportStream, any Error>?
    private var body: ByteChannel?
    private var finished = false
    private var redirects = 0
    private var maxRedirects = RonConfig.Defaults.maxRedirects
    private let configuration: (@Sendable () -> URLSessionConfiguration)?
    private let idleClocks: DeadlineScheduler

    init(
        configuration: (@Sendable () -> URLSessionConfiguration)?, pinnedCertificates: [PinnedCertificate],
        idleClocks: DeadlineScheduler
    ) {
        self.configuration = configuration
        self.idleClocks = idleClocks
        super.init(pinnedCertificates: pinnedCertificates)
    }

    func open(_ request: TransportRequest) async throws -> TransportStream {
        let idleMs = max(request.readTimeoutMs, request.writeTimeoutMs)
        let watchdog = idleWatchdog(idleMs: idleMs)
        var urlRequest = URLRequest(request, idleTimeoutMs: watchdog == nil ? idleMs : RonConfig.Defaults.maxTimeoutMs)
        // A file or stream body goes out as `send` sends it (`UploadBody`), not as no body at all.
        let upload = try await UploadBody.make(request, into: &urlRequest)
        lock.withLock { maxRedirects = request.maxRedirects }
        let configuration = URLSessionConfiguration.ronEphemeral(
            resourceTimeoutMs: RonConfig.Defaults.maxTimeoutMs, base: self.configuration)
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: Self.delegateQueue())
        let prepared = urlRequest
        lock.withLock { self.upload = upload }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<TransportStream, any Error>) in
                lock.lock()
                if finished {
                    lock.unlock()
                    continuation.resume(throwing: TransportFailure(.cancelled))
                    FoundationNetworkingCalls.run { session.finishTasksAndInvalidate() }
                    return
                }
                head = continuation
                lock.unlock()
                // Making and resuming the task wait for FoundationNetworking's queue on Linux.
                FoundationNetworkingCalls.run {
                    let task = upload.task(in: session, for: prepared)
                    if self.store(session: session, task: task, watchdog: watchdog) {
                        watchdog?.start()
                        task.resume()
                    } else {
                        session.invalidateAndCancel()
                    }
                }
            }
        } onCancel: {
            self.close(TransportFailure(.cancelled))
        }
    }

    /// Keeps the session and its task for ``close(_:)``; `false` once the stream was closed already
    /// (the caller then releases them).
    private func store(session: URLSession, task: URLSessionTask, watchdog: IdleWatchdog?) -> Bool {
        lock.withLock {
            guard !finished else { return false }
            self.session = session
            self.task = task
            self.watchdog = watchdog
            return true
        }
    }

    /// The clock of the stream's idle timeout on FoundationNetworking, where `URLSession`'s own
    /// (`URLRequest.timeoutInterval`) ending a task races the cancellation that closes a stream (see
    /// `IdleWatchdog`); `nil` elsewhere, where `URLSession` keeps it, and stops it while a slow
    /// consumer has the task suspended.
    private func idleWatchdog(idleMs: Int) -> IdleWatchdog? {
        #if canImport(FoundationNetworking)
            IdleWatchdog(idleMs: idleMs, scheduler: idleClocks) { [weak self] in
                self?.close(TransportFailure(.timeout, detail: "nothing sent or received for \(idleMs) ms"))
            }
        #else
            nil
        #endif
    }

    /// Something was sent or received: the idle clock starts again.
    private func noteActivity() {
        lock.withLock { watchdog }?.noteActivity()
    }

    /// Ends everything: fails a waiting head or the body, cancels the task, releases the session.
    private func close(_ failure: TransportFailure?) {
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        finished = true
        let waitingHead = head
        head = nil
        let bodyContinuation = body
        body = nil
        let task = self.task
        let session = self.session
        let upload = self.upload
        let watchdog = self.watchdog
        self.watchdog = nil
        self.task = nil
        self.session = nil
        self.upload = nil
        lock.unlock()
        watchdog?.stop()
        // First: on Linux, cancelling the task waits for `URLSession`'s queue, which may be blocked
        // in a read of the body stream until the reader is cancelled.
        upload?.end()
        if let waitingHead {
            waitingHead.resume(throwing: failure ?? TransportFailure(.truncatedBody, detail: "no HTTP response"))
        }
        bodyContinuation?.finish(throwing: failure)
        // Not on this thread on Linux: `close` runs on FoundationNetworking's work queue too
        // (``InlineDelegateQueue``) or on a Swift task, and `invalidateAndCancel` waits for that queue.
        let ending = (task, session)
        FoundationNetworkingCalls.run {
            ending.0?.cancel()
            ending.1?.invalidateAndCancel()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        noteActivity()
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            close(TransportFailure(.truncatedBody, detail: "not an HTTP response"))
            return
        }
        let headers = RonHeaders(http: http)
        let continuation = ByteChannel(
            spillLimit: Self.spillLimit, onDemand: { [weak self] in self?.resumeReading() },
            onCancel: { [weak self] in self?.close(TransportFailure(.cancelled)) })
        let (stream, direct) = continuation.consumer()
        lock.lock()
        let waitingHead = head
        head = nil
        if !finished { body = continuation }
        lock.unlock()
        completionHandler(.allow)
        if let waitingHead {
            var opened = TransportStream(
                status: http.statusCode, headers: headers, body: stream,
                decodedContentCodings: HTTPBodyRules.urlSessionDecodes)
            // A download writes each chunk to its file on the delegate's queue, as it arrives.
            opened.directBody = direct
            waitingHead.resume(returning: opened)
        } else {
            continuation.finish(throwing: TransportFailure(.cancelled))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        let channel = body
        let watchdog = self.watchdog
        lock.unlock()
        watchdog?.noteActivity()
        if channel?.offer(data) == false { pauseReading(dataTask) }
    }

    /// The session's delegate queue: on FoundationNetworking one that runs each delegate call where
    /// FoundationNetworking adds it (``InlineDelegateQueue``); elsewhere `URLSession`'s own.
    private static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
            InlineDelegateQueue()
        #else
            nil
        #endif
    }

    /// Where the data delegate cannot pause (FoundationNetworking on Linux: suspending a task removes
    /// libcurl's handle mid-transfer), the chunks past the channel's mark go to an unlinked temporary
    /// file instead of memory, up to this many bytes behind; elsewhere `nil` (the task is suspended).
    private static var spillLimit: Int64? {
        #if canImport(Darwin)
            nil
        #else
            ByteChannel.defaultSpillLimit
        #endif
    }

    /// Stops reading while the consumer is a buffer behind. `URLSession` on Apple platforms stops
    /// reading from the socket for a suspended task; FoundationNetworking (Linux) cannot suspend a
    /// running transfer, so there the channel spills to disk instead (``spillLimit``).
    private func pauseReading(_ task: URLSessionTask) {
        #if canImport(Darwin)
            task.suspend()
        #endif
    }

    /// Reads again once the consumer caught up.
    private func resumeReading() {
        #if canImport(Darwin)
            lock.withLock { task }?.resume()
        #endif
    }

    override func countRedirect(of task: URLSessionTask) -> (count: Int, limit: Int) {
        lock.withLock {
            redirects += 1
            return (redirects, maxRedirects)
        }
    }

    override func fail(_ task: URLSessionTask, with failure: TransportFailure) {
        close(failure)
    }

    override func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        noteActivity()
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        close(error.map(TransportFailure.classify))
    }
}
