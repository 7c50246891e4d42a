import Foundation

/// A 2xx response whose body is still arriving: the status and headers, and the body as
/// ``RonByteStream`` (chunks of `Data`, in order), from ``RonClient/stream(_:maxBytes:)``.
public struct RonStreamedResponse: Sendable {
    /// The HTTP status code (2xx).
    public let status: Int
    /// The response headers (case-insensitive names).
    public let headers: RonHeaders
    /// The body, chunk by chunk; read it once.
    public let body: RonByteStream

    /// The `Content-Length`, when the server sent one and no content coding was decoded on the way
    /// (then it counts the coded bytes, not the ones delivered).
    public var expectedBytes: Int64? { TransferHeaders(headers: headers).contentLength }

    /// Creates a response (for tests and custom pipelines).
    public init(status: Int, headers: RonHeaders, body: RonByteStream) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A response body as an `AsyncSequence` of `Data` chunks, with backpressure.
///
/// The transport reads ahead at most about 1 MiB: while the consumer does not ask for the next
/// chunk, `AsyncHTTPClientTransport` and `URLSession` on Apple platforms stop reading the connection
/// (FoundationNetworking on Linux cannot pause a running transfer; there what passes the mark waits
/// in an unlinked temporary file, up to 4 GiB). Iteration throws a `RonProblem` when the connection fails
/// (`kind == "transport"`), when the body passes the `maxBytes` given to the call
/// (`response_too_large`), or `cancelled` when the reading task is cancelled. Cancelling the
/// reading task, or releasing the sequence before its end, closes the connection.
public struct RonByteStream: AsyncSequence, Sendable {
    /// A chunk of the body.
    public typealias Element = Data
    /// A `RonProblem`.
    public typealias Failure = any Error

    private let chunks: AsyncThrowingStream<Data, any Error>
    private let maxBytes: Int64?

    /// A body read from `chunks`, failing once it passes `maxBytes` (`nil`: no limit).
    public init(_ chunks: AsyncThrowingStream<Data, any Error>, maxBytes: Int64? = nil) {
        self.chunks = chunks
        self.maxBytes = maxBytes
    }

    /// Reads the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let maxBytes: Int64?
        var count: Int64 = 0

        /// The next chunk, or `nil` at the end of the body.
        public mutating func next() async throws -> Data? {
            let chunk: Data?
            do {
                chunk = try await base.next()
            } catch let problem as RonProblem {
                throw problem
            } catch {
                throw ProblemMapper.fromTransport(TransportFailure.classify(error))
            }
            guard let chunk else {
                // A stream read by a cancelled task ends without an error (an unfolding
                // `AsyncThrowingStream` stops producing): that is not the body's end.
                if Task.isCancelled { throw ProblemMapper.fromTransport(TransportFailure(.cancelled)) }
                return nil
            }
            count += Int64(chunk.count)
            if let maxBytes, count > maxBytes {
                throw ProblemMapper.fromTransport(
                    TransportFailure(.responseTooLarge, detail: "body passed \(maxBytes) bytes"))
            }
            return chunk
        }
    }

    /// Starts reading.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: chunks.makeAsyncIterator(), maxBytes: maxBytes)
    }

    /// Reads the whole body into memory (for small bodies; at most `limit` bytes, else
    /// `response_too_large`).
    public func collect(upTo limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            guard data.count + chunk.count <= limit else {
                throw ProblemMapper.fromTransport(
                    TransportFailure(.responseTooLarge, detail: "body passed \(limit) bytes"))
            }
            data.append(chunk)
        }
        return data
    }
}
