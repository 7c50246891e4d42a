import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What every `URLSession` delegate of the SDK answers the same way, in one place: redirects, by
/// the credential policy and the task's redirect limit, and server-trust challenges, by the
/// ``PinnedCertificate``s. ``URLSessionTransportDelegate`` (whole bodies), the streaming
/// transport's streamer and the background transfer delegate subclass it and say how a task is
/// counted and failed.
///
/// `URLSession` calls it on its own queue; subclasses keep their state behind a lock.
class URLSessionPolicyDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// The only certificates trusted (empty: the system's trust).
    let pinnedCertificates: [PinnedCertificate]

    init(pinnedCertificates: [PinnedCertificate]) {
        self.pinnedCertificates = pinnedCertificates
    }

    /// Counts one more redirect of `task`: its number (1 for the first) and the most allowed.
    func countRedirect(of task: URLSessionTask) -> (count: Int, limit: Int) {
        (1, RonConfig.Defaults.maxRedirects)
    }

    /// Ends `task` with `failure` (a refused redirect, a server that matches no pin).
    func fail(_ task: URLSessionTask, with failure: TransportFailure) {
        task.cancel()
    }

    /// The end of `task`, for subclasses to override. It is declared here because the task-delegate
    /// conformance is this class's: on Linux a method a subclass adds would not be the one
    /// `URLSession` calls (the protocol's empty default would).
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {}

    /// The bytes of `task`'s body sent so far, for subclasses to override (declared here for the
    /// same reason).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {}

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let (count, limit) = countRedirect(of: task)
        if let failure = CredentialPolicy.answerRedirect(
            of: task, to: request, count: count, maxRedirects: limit, completionHandler: completionHandler)
        {
            fail(task, with: failure)
        }
    }

    #if canImport(Security)
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            switch ServerTrustEvaluation.answer(
                challenge, pins: pinnedCertificates, completionHandler: completionHandler)
            {
            case nil: completionHandler(.performDefaultHandling, nil)
            case false?: fail(task, with: ServerTrustEvaluation.failure())
            case true?: break
            }
        }
    #endif
}
