import Foundation

/// A request body that arrives as chunks of bytes from an `AsyncSequence`, sent as it is read and
/// never held whole in memory.
///
/// A stream made with ``init(length:replayable:)`` opens a new sequence for every attempt, so a
/// ``RetryMiddleware`` may send it again; one made with ``init(length:oneShot:)`` can be read once
/// only, and a call that carries it is never retried (not by the retry policy, not after an auth
/// refresh) and cannot wait in a ``RonOfflineQueue``.
///
/// Two streams are equal only when they are the same instance.
public final class RonBodyStream: Sendable, Hashable {
    /// The number of bytes the stream yields, when known: it is sent as `Content-Length` and is the
    /// expected total of upload progress. `nil` sends the body chunked.
    public let length: Int64?
    /// Whether every attempt can read the body again from the start.
    public let isReplayable: Bool
    private let factory: @Sendable () -> AsyncThrowingStream<Data, any Error>
    private let opened = LockedState(false)

    /// A body that can be read again: `make` is called once per attempt and must start over each time.
    public init<Chunks: AsyncSequence & Sendable>(
        length: Int64?, replayable make: @escaping @Sendable () -> Chunks
    ) where Chunks.Element == Data {
        self.length = length
        self.isReplayable = true
        self.factory = { Self.bridge(make()) }
    }

    /// A body that can be read once: a call that carries it is sent at most once.
    public init<Chunks: AsyncSequence & Sendable>(length: Int64?, oneShot chunks: Chunks) where Chunks.Element == Data {
        self.length = length
        self.isReplayable = false
        self.factory = { Self.bridge(chunks) }
    }

    /// Made from an already bridged factory (multipart bodies).
    init(length: Int64?, isReplayable: Bool, factory: @escaping @Sendable () -> AsyncThrowingStream<Data, any Error>) {
        self.length = length
        self.isReplayable = isReplayable
        self.factory = factory
    }

    /// The chunks for one attempt.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when a one-shot stream was read
    ///   already.
    func open() throws -> AsyncThrowingStream<Data, any Error> {
        let first = opened.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        guard first || isReplayable else {
            throw LocalNetworkError.bodyEncodingFailed(
                type: "stream", reason: "a one-shot request body stream cannot be sent twice")
        }
        return factory()
    }

    /// Whether two values are the same stream.
    public static func == (lhs: RonBodyStream, rhs: RonBodyStream) -> Bool { lhs === rhs }

    /// Hashes the stream's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// One chunk at a time, pulled when the reader asks (no buffering ahead of the transport).
    static func bridge<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) -> AsyncThrowingStream<Data, any Error>
    where Chunks.Element == Data {
        let box = IteratorBox(chunks.makeAsyncIterator())
        return AsyncThrowingStream(unfolding: { try await box.next() })
    }
}

/// The iterator of a body sequence; the stream that owns it reads it from one task at a time.
private final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element == Data {
    private var iterator: Iterator
    init(_ iterator: Iterator) { self.iterator = iterator }
    func next() async throws -> Data? {
        // Empty chunks would read as the end of an `InputStream`; they carry nothing, so skip them.
        while let chunk = try await iterator.next() {
            if !chunk.isEmpty { return chunk }
        }
        return nil
    }
}
