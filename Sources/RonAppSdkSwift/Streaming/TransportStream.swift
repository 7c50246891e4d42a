import Foundation

/// A response whose body is still arriving; see ``RonStreamingTransport``.
public struct TransportStream: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: RonHeaders
    /// The body, chunk by chunk.
    public var body: AsyncThrowingStream<Data, any Error>
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
}
