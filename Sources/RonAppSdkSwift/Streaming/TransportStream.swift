import Foundation

/// A response whose body is still arriving; see ``RonStreamingTransport``.
public struct TransportStream: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: RonHeaders
    /// The body, chunk by chunk.
    public var body: AsyncThrowingStream<Data, any Error> {
        // A body someone replaced is no longer the one the direct reader would hand over.
        didSet { directBody = nil }
    }
    /// The content codings (lowercased `Content-Encoding` tokens) the transport decodes before the
    /// body reaches ``body``; empty when it hands the bytes over as they came. A streamed call or a
    /// download refuses a body coded otherwise (`undecoded_content_coding`) rather than pass coded
    /// bytes on as if they were the content.
    public var decodedContentCodings: Set<String>

    /// Creates a stream; header names are lowercased.
    public init(
        status: Int, headers: RonHeaders, body: AsyncThrowingStream<Data, any Error>,
        decodedContentCodings: Set<String> = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.decodedContentCodings = decodedContentCodings
    }

    /// The same body, for a reader that writes each part where it goes on the transport's own
    /// thread (a download's file), when the transport offers that; cleared when ``body`` is replaced.
    var directBody: (any DirectBodySource)?
}

/// A body whose parts can be handed over on the transport's thread as they arrive, with no hand-over
/// to the reader's task per part (``AsyncHTTPClientTransport``'s, for ``RonClient/download(_:to:options:progress:)``).
protocol DirectBodySource: Sendable {
    /// Calls `write` with every part of the body not yet read, in order, one call at a time, on the
    /// transport's thread, and returns once the body ended. A throw from `write` ends the request
    /// and is rethrown; so is a failure of the transfer, as ``TransportFailure`` (`cancelled` once
    /// the calling task is cancelled). Read the body either this way or through its stream, once.
    func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws
}
