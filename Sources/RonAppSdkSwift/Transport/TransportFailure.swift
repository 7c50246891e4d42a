import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a transport got no usable response. The client turns it into a `RonProblem` with
/// `kind == "transport"`, `status == 0` and the ``Cause/code`` of the cause.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The classified cause.
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        /// A timeout expired (overall, connect or idle).
        case timeout
        /// The connection was refused or could not be opened.
        case connectFailed
        /// The host name did not resolve.
        case dnsFailed
        /// The TLS handshake or certificate check failed.
        case tlsFailed
        /// The connection was reset or lost mid-call.
        case connectionReset
        /// The response ended early or was not valid HTTP.
        case truncatedBody
        /// The response body is larger than the limit.
        case responseTooLarge
        /// The call was cancelled.
        case cancelled
        /// A redirect from https to http was refused.
        case insecureRedirect
        /// The server redirected more often than the transport allows (a loop, usually).
        case tooManyRedirects
        /// A redirect (307/308) would have resent the request body to another origin.
        case crossOriginBodyRedirect
        /// Any other transport failure.
        case other

        /// The problem code for this cause, for example `local_timeout`.
        public var code: String {
            switch self {
            case .timeout: return "local_timeout"
            case .connectFailed: return "connect_failed"
            case .dnsFailed: return "dns_failed"
            case .tlsFailed: return "tls_failed"
            case .connectionReset: return "connection_reset"
            case .truncatedBody: return "truncated_body"
            case .responseTooLarge: return "response_too_large"
            case .cancelled: return "cancelled"
            case .insecureRedirect: return "insecure_redirect"
            case .tooManyRedirects: return "too_many_redirects"
            case .crossOriginBodyRedirect: return "cross_origin_redirect"
            case .other: return "transport_failed"
            }
        }

        /// Whether trying again may help.
        public var retryable: Bool {
            switch self {
            case .cancelled, .responseTooLarge, .insecureRedirect, .tooManyRedirects, .crossOriginBodyRedirect:
                return false
            default: return true
            }
        }

        /// A fixed, safe message for the problem.
        public var message: String {
            switch self {
            case .timeout: return "The call did not finish within the configured timeout"
            case .connectFailed: return "Could not connect to the gateway"
            case .dnsFailed: return "The gateway host name could not be resolved"
            case .tlsFailed: return "The TLS connection to the gateway failed"
            case .connectionReset: return "The connection to the gateway was lost"
            case .truncatedBody: return "The response ended early or was not valid HTTP"
            case .responseTooLarge: return "The response body exceeds the byte limit in force"
            case .cancelled: return "The call was cancelled"
            case .insecureRedirect: return "A redirect from https to http was refused"
            case .tooManyRedirects: return "The server redirected too many times"
            case .crossOriginBodyRedirect:
                return "A redirect that would resend the request body to another origin was refused"
            case .other: return "The transport failed"
            }
        }
    }

    /// The cause.
    public var cause: Cause
    /// A short technical note for logs (never sent anywhere, never contains bodies).
    public var detail: String

    /// Creates a failure.
    public init(_ cause: Cause, detail: String = "") {
        self.cause = cause
        self.detail = detail
    }

    /// `cause.code` plus the detail.
    public var description: String { detail.isEmpty ? cause.code : "\(cause.code): \(detail)" }

    /// Classifies any error thrown by a transport.
    ///
    /// `TransportFailure` is kept, `CancellationError` is ``Cause/cancelled``, `URLError` codes and
    /// POSIX errors are mapped by meaning, and anything else is ``Cause/other``.
    public static func classify(_ error: any Error) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if error is CancellationError { return TransportFailure(.cancelled) }
        if let urlError = error as? URLError {
            return classify(urlErrorCode: urlError.code.rawValue, message: urlError.localizedDescription)
        }
        if let posix = error as? POSIXError {
            return TransportFailure(cause(of: posix.code), detail: "POSIX \(posix.code.rawValue)")
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            return classify(urlErrorCode: nsError.code, message: nsError.localizedDescription)
        }
        return TransportFailure(.other, detail: String(describing: type(of: error)))
    }

    /// A `URLError` by its code, refined by libcurl's message where FoundationNetworking's code is
    /// vague or misleading (see ``cause(curlMessage:)``).
    private static func classify(urlErrorCode raw: Int, message: String) -> TransportFailure {
        let mapped = cause(urlErrorCode: raw)
        if let guessed = cause(curlMessage: message), mapped == .other || overrides(mapped, with: guessed) {
            return TransportFailure(guessed, detail: "URLError \(raw) (by message)")
        }
        return TransportFailure(mapped, detail: "URLError \(raw)")
    }

    /// Whether curl's message beats a code-based cause. FoundationNetworking reports "Empty reply
    /// from server" (the peer closed before sending a byte) as `badServerResponse`, while the same
    /// close seen a moment earlier arrives as a reset (`networkConnectionLost`); both are a lost
    /// connection, so both must give `connection_reset`.
    private static func overrides(_ mapped: Cause, with guessed: Cause) -> Bool {
        mapped == .truncatedBody && guessed == .connectionReset
    }

    private static func cause(urlErrorCode raw: Int) -> Cause {
        func any(_ codes: URLError.Code...) -> Bool { codes.contains { $0.rawValue == raw } }
        if any(.timedOut) { return .timeout }
        if any(.cannotConnectToHost, .notConnectedToInternet) { return .connectFailed }
        if any(.cannotFindHost, .dnsLookupFailed) { return .dnsFailed }
        if any(
            .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired)
        {
            return .tlsFailed
        }
        if any(.networkConnectionLost) { return .connectionReset }
        if any(
            .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData, .zeroByteResource)
        {
            return .truncatedBody
        }
        if any(.dataLengthExceedsMaximum) { return .responseTooLarge }
        if any(.cancelled) { return .cancelled }
        return .other
    }

    /// On Linux, FoundationNetworking reports many libcurl failures as `URLError` -1 (unknown) with
    /// curl's own message as the description ("transfer closed with 94 bytes remaining to read",
    /// "OpenSSL/3.0: ... wrong version number"); the message is then the only clue.
    private static func cause(curlMessage message: String) -> Cause? {
        let text = message.lowercased()
        let rules: [(Cause, [String])] = [
            (.tlsFailed, ["ssl", "tls", "certificate", "handshake"]),
            (
                .truncatedBody,
                [
                    "remaining to read", "partial file", "transfer closed", "chunked encoding", "http/0.9",
                    "weird server reply", "unsupported http version", "invalid status line",
                ]
            ),
            (.dnsFailed, ["could not resolve", "resolve host", "name resolution"]),
            (.connectFailed, ["failed to connect", "connection refused", "couldn't connect"]),
            (.connectionReset, ["connection reset", "recv failure", "send failure", "empty reply", "broken pipe"]),
            (.timeout, ["timed out", "timeout"]),
            (.responseTooLarge, ["maximum file size exceeded"]),
        ]
        return rules.first { rule in rule.1.contains { text.contains($0) } }?.0
    }

    private static func cause(of code: POSIXErrorCode) -> Cause {
        switch code {
        case .ECONNREFUSED, .EHOSTUNREACH, .ENETUNREACH, .EADDRNOTAVAIL: return .connectFailed
        case .ECONNRESET, .EPIPE, .ECONNABORTED, .ENOTCONN: return .connectionReset
        case .ETIMEDOUT: return .timeout
        case .ECANCELED: return .cancelled
        default: return .other
        }
    }
}
