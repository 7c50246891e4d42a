import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects bounded bodies for ``URLSessionTransport``; redirects and pins are answered by
/// ``URLSessionPolicyDelegate``.
///
/// `URLSession` calls it on its own queue; all state sits behind one lock.
final class URLSessionTransportDelegate: URLSessionPolicyDelegate, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<TransportResponse, any Error>
        var method: String
        var limit: Int
        var maxRedirects: Int
        var redirects = 0
        var body = Data()
        var response: HTTPURLResponse?
        var failure: TransportFailure?
        var progress: RonProgressReporter?
        var expectedBytes: Int64?
        var credentialHeaders: Set<String> = []
        var watchdog: IdleWatchdog
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    override init(pinnedCertificates: [PinnedCertificate] = []) {
        super.init(pinnedCertificates: pinnedCertificates)
    }

    func register(
        task: URLSessionTask, request: TransportRequest,
        continuation: CheckedContinuation<TransportResponse, any Error>, watchdog: IdleWatchdog
    ) {
        lock.lock()
        pending[task.taskIdentifier] = Pending(
            continuation: continuation, method: request.method, limit: request.maxResponseBytes,
            maxRedirects: request.maxRedirects, progress: request.uploadProgress,
            expectedBytes: request.bodySource?.length, credentialHeaders: request.credentials.headerNames,
            watchdog: watchdog)
        lock.unlock()
    }

    /// Ends `task`, silent for `idleMs`, with ``TransportFailure/Cause/timeout`` (its
    /// ``IdleWatchdog`` calls this).
    func endSilent(_ task: URLSessionTask, idleMs: Int) {
        let running = update(task) { entry -> Bool in
            if entry.failure == nil {
                entry.failure = TransportFailure(.timeout, detail: "nothing sent or received for \(idleMs) ms")
            }
            return true
        }
        if running == true { task.cancel() }
    }

    private func update<R>(_ task: URLSessionTask, _ change: (inout Pending) -> R) -> R? {
        lock.lock()
        defer { lock.unlock() }
        let id = task.taskIdentifier
        guard pending[id] != nil else { return nil }
        // In place: a copy taken out and stored back would copy the body collected so far on every
        // chunk (the dictionary still holds it while the copy grows).
        return change(&pending[id]!)
    }

    private func take(_ task: URLSessionTask) -> Pending? {
        lock.lock()
        defer { lock.unlock() }
        return pending.removeValue(forKey: task.taskIdentifier)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = update(dataTask) { entry -> Bool in
            entry.watchdog.noteActivity()
            let http = response as? HTTPURLResponse
            entry.response = http
            guard !HTTPBodyRules.hasNoBody(method: entry.method, status: http?.statusCode ?? 0),
                response.expectedContentLength > Int64(entry.limit)
            else { return false }
            entry.failure = TransportFailure(
                .responseTooLarge, detail: "Content-Length \(response.expectedContentLength)")
            return true
        }
        // Refused by cancelling, not with `.cancel`: on FoundationNetworking a task then ends in one
        // way only (see `IdleWatchdog`), whatever cancellation comes with it.
        completionHandler(.allow)
        if tooLarge == true { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = update(dataTask) { entry -> Bool in
            entry.watchdog.noteActivity()
            guard entry.failure == nil else { return false }
            guard entry.body.count + data.count <= entry.limit else {
                entry.failure = TransportFailure(.responseTooLarge, detail: "body passed \(entry.limit) bytes")
                entry.body = Data()
                return true
            }
            entry.body.append(data)
            return false
        }
        if tooLarge == true { dataTask.cancel() }
    }

    override func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard
            let (reporter, expected) = update(
                task,
                { entry in
                    entry.watchdog.noteActivity()
                    return (entry.progress, entry.expectedBytes)
                }), let reporter
        else { return }
        reporter.report(
            RonTransferProgress(
                completedBytes: totalBytesSent,
                expectedBytes: expected ?? (totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil)))
    }

    override func countRedirect(of task: URLSessionTask) -> (count: Int, limit: Int) {
        update(task) { entry -> (Int, Int) in
            entry.redirects += 1
            return (entry.redirects, entry.maxRedirects)
        } ?? (1, RonConfig.Defaults.maxRedirects)
    }

    override func credentialHeaders(of task: URLSessionTask) -> Set<String> {
        update(task) { $0.credentialHeaders } ?? []
    }

    override func fail(_ task: URLSessionTask, with failure: TransportFailure) {
        _ = update(task) { $0.failure = failure }
        task.cancel()
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = take(task) else { return }
        entry.watchdog.stop()
        if let failure = entry.failure {
            entry.continuation.resume(throwing: failure)
            return
        }
        if let error {
            entry.continuation.resume(throwing: TransportFailure.classify(error))
            return
        }
        guard let http = entry.response ?? (task.response as? HTTPURLResponse) else {
            entry.continuation.resume(throwing: TransportFailure(.truncatedBody, detail: "no HTTP response"))
            return
        }
        let expected = http.expectedContentLength
        if expected >= 0, Int64(entry.body.count) < expected,
            HTTPBodyRules.lengthIsComparable(http, method: entry.method)
        {
            entry.continuation.resume(
                throwing: TransportFailure(.truncatedBody, detail: "got \(entry.body.count) of \(expected) bytes"))
            return
        }
        let body = HTTPBodyRules.hasNoBody(method: entry.method, status: http.statusCode) ? Data() : entry.body
        entry.continuation.resume(
            returning: TransportResponse(
                status: http.statusCode, headers: RonHeaders(http: http), body: body,
                decodedContentCodings: HTTPBodyRules.urlSessionDecodes))
    }
}
