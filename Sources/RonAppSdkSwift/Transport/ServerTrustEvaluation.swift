import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// Answers `URLSession`'s server-trust challenges with ``PinnedCertificate``s, for calls and streams.
///
/// On Apple platforms the server's chain is evaluated with the pins as the only anchors (the host
/// name is still checked). FoundationNetworking (Linux) hands no server-trust challenge to a
/// delegate, so there pins cannot be checked by `URLSession`: ``isSupported`` is false, the client
/// refuses such a configuration, and a transport made with pins anyway fails every call.
enum ServerTrustEvaluation {
    /// Whether `URLSession` on this platform lets the SDK check a server's certificate.
    static var isSupported: Bool {
        #if canImport(Security)
            return true
        #else
            return false
        #endif
    }

    /// The failure of a call whose server matches no pin (or of any call, where pins cannot be checked).
    static func failure(supported: Bool = isSupported) -> TransportFailure {
        supported
            ? TransportFailure(.tlsFailed, detail: "the server's certificate chain leads to no pinned certificate")
            : TransportFailure(
                .tlsFailed, detail: "certificate pinning is not available with URLSession on this platform")
    }

    #if canImport(Security)
        /// Decides a challenge: `nil` when the pins have no say (no pins, not a server-trust
        /// challenge), else whether the server is trusted, after answering `completionHandler`.
        static func answer(
            _ challenge: URLAuthenticationChallenge, pins: [PinnedCertificate],
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) -> Bool? {
            guard !pins.isEmpty,
                challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust
            else { return nil }
            let anchors = pins.compactMap { SecCertificateCreateWithData(nil, $0.der as CFData) }
            _ = SecTrustSetAnchorCertificates(trust, anchors as CFArray)
            _ = SecTrustSetAnchorCertificatesOnly(trust, true)
            var error: CFError?
            if SecTrustEvaluateWithError(trust, &error) {
                completionHandler(.useCredential, URLCredential(trust: trust))
                return true
            }
            completionHandler(.cancelAuthenticationChallenge, nil)
            return false
        }
    #endif
}
