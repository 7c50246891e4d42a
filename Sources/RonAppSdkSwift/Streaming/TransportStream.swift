import Foundation

/// A response whose body is still arriving; see ``RonStreamingTransport``.
public struct TransportStream: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields with lowercased names.
    public var headers: RonHeaders
    /// The body, chunk by chunk.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a stream; header names are lowercased.
    public init(status: Int, headers: RonHeaders, body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
