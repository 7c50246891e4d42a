import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``RonBackgroundTransfers`` session reports.
public enum RonBackgroundTransferEvent: Sendable {
    /// Bytes moved so far by the task with this identifier.
    case progress(taskIdentifier: Int, RonTransferProgress)
    /// A download finished with a 2xx and its file is at `destination`.
    case downloaded(taskIdentifier: Int, destination: URL, status: Int)
    /// An upload finished with a 2xx; `body` is up to 64 KiB of the answer.
    case uploaded(taskIdentifier: Int, status: Int, body: Data)
    /// A transfer failed: a non-2xx (its problem), the network, or the file could not be moved.
    case failed(taskIdentifier: Int, RonProblem)
}

/// Downloads and file uploads handed to a background `URLSession`, which the system carries on
/// while the app is suspended or after it ended (Apple platforms).
///
/// Each transfer is prepared by the client (URL, credentials, the client's and the call's headers),
/// then run by the system: no middleware, no retries, no streaming, no digest or resume checks, and
/// events only while the app runs. After a relaunch, make the object again with the same
/// `identifier` and pass the system's completion handler to
/// ``handleEventsForBackgroundURLSession(_:completionHandler:)`` (from the app delegate's
/// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`); the finished transfers'
/// events follow, and a download's destination survives in the task's description. On Linux,
/// FoundationNetworking has no background sessions: the same code runs the transfers in the
/// process, as an ordinary session would.
public final class RonBackgroundTransfers: @unchecked Sendable {
    private let client: RonClient
    private let delegate: BackgroundTransferDelegate
    private let session: URLSession
    private let identifier: String

    /// Opens (or reopens, after a relaunch) the background session `identifier`; `events` is told
    /// about every transfer, on the session's queue.
    public init(
        identifier: String, client: RonClient, events: @escaping @Sendable (RonBackgroundTransferEvent) -> Void
    ) {
        self.client = client
        delegate = BackgroundTransferDelegate(events: events, pinnedCertificates: client.config.pinnedCertificates)
        #if canImport(Darwin)
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
        #else
            // FoundationNetworking has no background sessions: an ordinary one, in the process.
            let configuration = URLSessionConfiguration.default
        #endif
        self.identifier = identifier
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Starts downloading `request` to `destination`; returns the task's identifier.
    ///
    /// - Throws: The `RonProblem` of a request that cannot be prepared (bad path, closed client).
    public func download(_ request: AppRequest, to destination: URL) async throws(RonProblem) -> Int {
        let task = session.downloadTask(with: try await prepared(request))
        task.taskDescription = BackgroundTransferDelegate.downloadMark + destination.path
        task.resume()
        return task.taskIdentifier
    }

    /// Starts uploading the file at `file` as the body of `request`; returns the task's identifier.
    ///
    /// - Throws: The `RonProblem` of a request that cannot be prepared.
    public func upload(_ request: AppRequest, fromFile file: URL) async throws(RonProblem) -> Int {
        let task = session.uploadTask(with: try await prepared(request), fromFile: file)
        task.resume()
        return task.taskIdentifier
    }

    /// Keeps the system's `completionHandler` until the session has delivered the events that woke
    /// the app; `false` when `identifier` is another session's.
    public func handleEventsForBackgroundURLSession(
        _ identifier: String, completionHandler: @escaping @Sendable () -> Void
    ) -> Bool {
        guard identifier == self.identifier else { return false }
        delegate.store(completionHandler)
        return true
    }

    /// Cancels the running transfers and closes the session.
    public func invalidate() { session.invalidateAndCancel() }

    private func prepared(_ call: AppRequest) async throws(RonProblem) -> URLRequest {
        let url = try client.url(for: call)
        var provided: [String: String] = [:]
        if let provider = client.headerComposer.headerProvider { provided = await provider() }
        let timeoutMs = client.timeoutMs(for: call)
        do {
            let prepared = try client.prepare(
                call, url: url, provided: provided, timeoutMs: timeoutMs,
                deadline: ContinuousClock.now + .milliseconds(timeoutMs), limits: .call)
            var request = URLRequest(prepared.transport, idleTimeoutMs: client.readTimeoutMs)
            request.httpBody = nil
            return request
        } catch {
            throw error.problem
        }
    }
}

/// The background session's delegate: progress, moving finished downloads into place, answers.
final class BackgroundTransferDelegate: URLSessionPolicyDelegate, URLSessionDownloadDelegate, URLSessionDataDelegate,
    @unchecked Sendable
{
    static let downloadMark = "ron-download:"
    private let events: @Sendable (RonBackgroundTransferEvent) -> Void
    private let answers = LockedState<[Int: Data]>([:])
    private let finishing = LockedState<(@Sendable () -> Void)?>(nil)

    init(events: @escaping @Sendable (RonBackgroundTransferEvent) -> Void, pinnedCertificates: [PinnedCertificate]) {
        self.events = events
        super.init(pinnedCertificates: pinnedCertificates)
    }

    func store(_ completionHandler: @escaping @Sendable () -> Void) {
        finishing.withLock { $0 = completionHandler }
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        let expected = totalBytesExpectedToWrite >= 0 ? totalBytesExpectedToWrite : nil
        events(
            .progress(
                taskIdentifier: downloadTask.taskIdentifier,
                RonTransferProgress(completedBytes: totalBytesWritten, expectedBytes: expected)))
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        let id = downloadTask.taskIdentifier
        let http = downloadTask.response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        guard (200..<300).contains(status), let http else {
            let body = (try? FileHandle(forReadingFrom: location).read(upToCount: 65_536)) ?? nil
            let headers = http.map(RonHeaders.init(http:)) ?? [:]
            events(
                .failed(
                    taskIdentifier: id, ProblemMapper.fromHTTP(status: status, headers: headers, body: body ?? Data())))
            return
        }
        guard let description = downloadTask.taskDescription, description.hasPrefix(Self.downloadMark) else { return }
        let destination = URL(fileURLWithPath: String(description.dropFirst(Self.downloadMark.count)))
        do {
            // The system removes `location` when this method returns: move it now.
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: location, to: destination)
            events(.downloaded(taskIdentifier: id, destination: destination, status: http.statusCode))
        } catch {
            events(.failed(taskIdentifier: id, PartialFile.problem("cannot move into place", destination, error)))
        }
    }

    override func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let expected = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
        events(
            .progress(
                taskIdentifier: task.taskIdentifier,
                RonTransferProgress(completedBytes: totalBytesSent, expectedBytes: expected)))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        answers.withLock { all in
            let kept = all[dataTask.taskIdentifier, default: Data()]
            all[dataTask.taskIdentifier] = kept + data.prefix(max(0, 65_536 - kept.count))
        }
    }

    override func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        let body = answers.withLock { $0.removeValue(forKey: id) } ?? Data()
        if let error {
            events(.failed(taskIdentifier: id, ProblemMapper.fromTransport(TransportFailure.classify(error))))
            return
        }
        guard task is URLSessionUploadTask, let http = task.response as? HTTPURLResponse else { return }
        if (200..<300).contains(http.statusCode) {
            events(.uploaded(taskIdentifier: id, status: http.statusCode, body: body))
        } else {
            events(
                .failed(
                    taskIdentifier: id,
                    ProblemMapper.fromHTTP(status: http.statusCode, headers: RonHeaders(http: http), body: body)))
        }
    }

    #if canImport(Darwin)
        func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let handler = finishing.withLock { held -> (@Sendable () -> Void)? in
                defer { held = nil }
                return held
            }
            DispatchQueue.main.async { handler?() }
        }
    #endif
}
