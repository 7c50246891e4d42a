import Foundation

extension ByteChannel {
    /// The consumer's side as a sequence; releasing it (or cancelling the reading task) cancels the
    /// channel.
    func stream() -> AsyncThrowingStream<Data, any Error> {
        consumer().body
    }

    /// The consumer's side as a sequence and as a direct body (read it one way, once); the channel
    /// is cancelled when both are released (or the reading task is cancelled).
    func consumer() -> (body: AsyncThrowingStream<Data, any Error>, direct: any DirectBodySource) {
        let handle = ConsumerHandle(self)
        return (AsyncThrowingStream(unfolding: { try await handle.channel.next() }), handle)
    }
}

/// Held only by the consumer's sequence and direct body: when both go, the channel is cancelled.
private final class ConsumerHandle: DirectBodySource {
    let channel: ByteChannel
    init(_ channel: ByteChannel) { self.channel = channel }
    deinit { channel.cancel() }

    func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws {
        try await channel.drain(write)
    }
}
