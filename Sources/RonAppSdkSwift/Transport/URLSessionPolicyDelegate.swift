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

    /// The header names `task`'s security scheme put credentials in (beside the policy's own), which
    /// a redirect to another origin drops; subclasses that know the task's request say.
    func credentialHeaders(of task: URLSessionTask) -> Set<String> { [] }

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
            of: task, to: request, count: count, maxRedirects: limit, credentialHeaders: credentialHeaders(of: task),
            completionHandler: completionHandler)
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
    #else
        /// FoundationNetworking asks here about a 401 whose `WWW-Authenticate` names Basic or Digest,
        /// once the whole answer has arrived, and then waits for ever unless told to cancel (no
        /// answer hands the 401 over). The SDK attaches credentials itself and never answers a
        /// challenge: the task ends here with the answer it got (as on Apple platforms), and the
        /// cancellation that follows finds it ended.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            urlSession(session, task: task, didCompleteWithError: nil)
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    #endif
}
