import Foundation

/// The body of the stream a subscription's terminal opened (the latest attempt's, when a middleware
/// retried).
final class OpenedStream: @unchecked Sendable {
    private let lock = NSLock()
    private var stream: TransportStream?

    func store(_ stream: TransportStream) {
        lock.withLock { self.stream = stream }
    }

    var value: TransportStream? {
        lock.withLock { stream }
    }
}

extension RonClient {
    /// The terminal of a subscription: opens the stream with the streaming transport. The head goes
    /// back through the middleware as a ``TransportResponse`` (for a non-2xx, with up to 64 KiB of
    /// its body and its problem); a 2xx stream's body is kept in `opened` for the pump to read.
    func streamTerminal(into opened: OpenedStream) -> RonMiddlewareNext {
        { [streamingTransport] request in
            try request.bodySource?.checkFile()
            let stream = try await streamingTransport.stream(request)
            try request.bodySource?.checkFile(answered: stream.status)
            guard (200..<300).contains(stream.status) else {
                let body = await ServerSentEventPump<ServerSentEvent>.collect(stream.body, limit: 65_536)
                var response = TransportResponse(status: stream.status, headers: stream.headers, body: body)
                response.mappedProblem = ProblemMapper.fromHTTP(
                    status: stream.status, headers: stream.headers, body: body)
                return response
            }
            opened.store(stream)
            return TransportResponse(status: stream.status, headers: stream.headers)
        }
    }
}
