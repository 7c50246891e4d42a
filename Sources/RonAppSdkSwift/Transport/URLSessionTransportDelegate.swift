import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects bounded bodies for ``URLSessionTransport`` and polices redirects.
///
/// `URLSession` calls it on its own queue; all state sits behind one lock.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<TransportResponse, any Error>
        var limit: Int
        var body = Data()
        var response: HTTPURLResponse?
        var failure: TransportFailure?
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    func register(
        task: URLSessionTask, limit: Int, continuation: CheckedContinuation<TransportResponse, any Error>
    ) {
        lock.lock()
        pending[task.taskIdentifier] = Pending(continuation: continuation, limit: limit)
        lock.unlock()
    }

    private func update(_ task: URLSessionTask, _ change: (inout Pending) -> Void) {
        lock.lock()
        if var entry = pending[task.taskIdentifier] {
            change(&entry)
            pending[task.taskIdentifier] = entry
        }
        lock.unlock()
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
        var tooLarge = false
        update(dataTask) { entry in
            entry.response = response as? HTTPURLResponse
            if response.expectedContentLength > Int64(entry.limit) {
                entry.failure = TransportFailure(
                    .responseTooLarge, detail: "Content-Length \(response.expectedContentLength)")
                tooLarge = true
            }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var tooLarge = false
        update(dataTask) { entry in
            guard entry.failure == nil else { return }
            if entry.body.count + data.count > entry.limit {
                entry.failure = TransportFailure(.responseTooLarge, detail: "body passed \(entry.limit) bytes")
                entry.body = Data()
                tooLarge = true
            } else {
                entry.body.append(data)
            }
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        if let failure = CredentialPolicy.answerRedirect(of: task, to: request, completionHandler: completionHandler) {
            update(task) { $0.failure = failure }
            task.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = take(task) else { return }
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
        if expected >= 0, Int64(entry.body.count) < expected {
            entry.continuation.resume(
                throwing: TransportFailure(.truncatedBody, detail: "got \(entry.body.count) of \(expected) bytes"))
            return
        }
        entry.continuation.resume(
            returning: TransportResponse(status: http.statusCode, headers: RonHeaders(http: http), body: entry.body))
    }
}
