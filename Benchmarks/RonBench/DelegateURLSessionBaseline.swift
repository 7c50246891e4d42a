import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The second bare reference of section 1: the same request on a `URLSession` with a data
/// delegate that collects the body and resumes a continuation, the way a client that bounds
/// bodies or follows its own redirect rules has to use `URLSession` (and the SDK's
/// `URLSessionTransport` does). No SDK code is involved.
final class DelegateURLSessionBaseline: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<(status: Int, body: Data), any Error>
        var body = Data()
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private var session: URLSession?

    override init() {
        super.init()
        let made = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        lock.withLock { session = made }
    }

    /// The status and body of `request`.
    func data(for request: URLRequest) async throws -> (status: Int, body: Data) {
        guard let session = lock.withLock({ self.session }) else { throw BenchError("the delegate session is gone") }
        return try await withCheckedThrowingContinuation { continuation in
            let task = session.dataTask(with: request)
            lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { pending[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
        } else {
            entry.continuation.resume(returning: ((task.response as? HTTPURLResponse)?.statusCode ?? 0, entry.body))
        }
    }

    func invalidate() {
        let current = lock.withLock { () -> URLSession? in
            defer { session = nil }
            return session
        }
        current?.invalidateAndCancel()
    }
}
