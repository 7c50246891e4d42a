#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix

    extension AsyncHTTPClientTransport {
        /// Maps an error of async-http-client or SwiftNIO to the ``TransportFailure`` that
        /// ``URLSessionTransport`` gives for the same event.
        ///
        /// - Parameters:
        ///   - error: What was thrown.
        ///   - afterHead: Whether the response head had arrived (a lost connection is then a
        ///     truncated body rather than a reset).
        static func classify(_ error: any Error, afterHead: Bool) -> TransportFailure {
            if let failure = error as? TransportFailure { return failure }
            if error is CancellationError { return TransportFailure(.cancelled) }
            if let client = error as? HTTPClientError { return classify(client, afterHead: afterHead) }
            if let connection = error as? NIOConnectionError { return classify(connection) }
            if let io = error as? IOError {
                guard let code = POSIXErrorCode(rawValue: io.errnoCode) else {
                    return TransportFailure(.other, detail: "IOError \(io.errnoCode)")
                }
                var failure = TransportFailure.classify(POSIXError(code))
                if afterHead && failure.cause == .connectionReset { failure.cause = .truncatedBody }
                return failure
            }
            if let channel = error as? ChannelError { return classify(channel, afterHead: afterHead) }
            if error is HTTPParserError { return TransportFailure(.truncatedBody, detail: "invalid HTTP") }
            let name = String(reflecting: type(of: error))
            if name.contains("NIOSSL") || name.contains("BoringSSL") {
                return TransportFailure(.tlsFailed, detail: name)
            }
            return TransportFailure.classify(error)
        }

        private static func classify(_ error: HTTPClientError, afterHead: Bool) -> TransportFailure {
            let detail = error.description
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
                return TransportFailure(.timeout, detail: detail)
            case .cancelled, .requestStreamCancelled:
                return TransportFailure(.cancelled, detail: detail)
            case .remoteConnectionClosed:
                return TransportFailure(afterHead ? .truncatedBody : .connectionReset, detail: detail)
            case .bodyLengthMismatch, .contentLengthMissing:
                return TransportFailure(.truncatedBody, detail: detail)
            default:
                return TransportFailure(.other, detail: detail)
            }
        }

        private static func classify(_ error: NIOConnectionError) -> TransportFailure {
            if let first = error.connectionErrors.first {
                var failure = classify(first.error, afterHead: false)
                if failure.cause == .other { failure.cause = .connectFailed }
                return failure
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return TransportFailure(.dnsFailed, detail: "no address for \(error.host)")
            }
            return TransportFailure(.connectFailed, detail: "no connection to \(error.host):\(error.port)")
        }

        private static func classify(_ error: ChannelError, afterHead: Bool) -> TransportFailure {
            switch error {
            case .connectTimeout:
                return TransportFailure(.timeout, detail: "connect timeout")
            case .ioOnClosedChannel, .alreadyClosed, .eof, .inputClosed, .outputClosed:
                return TransportFailure(afterHead ? .truncatedBody : .connectionReset, detail: "\(error)")
            default:
                return TransportFailure(.other, detail: "\(error)")
            }
        }
    }
#endif
