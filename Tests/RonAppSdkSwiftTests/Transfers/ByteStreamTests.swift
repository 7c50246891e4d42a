import Foundation
import Testing

@testable import RonAppSdkSwift

/// How a body read as a `RonByteStream` ends.
@Suite struct ByteStreamTests {
    /// An endless body, as a transport hands it over (an unfolding stream).
    static func endless() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream(unfolding: { Data(repeating: 7, count: 16) })
    }

    @Test func aTaskCancelledBetweenTwoChunksGetsCancelledNotAnEnd() async throws {
        let reader = Task { () async throws -> Int in
            var read = 0
            for try await chunk in RonByteStream(Self.endless()) {
                read += chunk.count
                // Cancelled while not waiting for a chunk: the unfolding stream stops producing.
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return read
        }
        do {
            let read = try await reader.value
            Issue.record("the body ended without an error after \(read) bytes")
        } catch {
            #expect((error as? RonProblem)?.code == "cancelled", "\(error)")
        }
    }

    @Test func aBodyThatEndsEndsAndOnePastItsLimitFails() async throws {
        let (chunks, source) = AsyncThrowingStream.makeStream(of: Data.self)
        for _ in 0..<4 { source.yield(Data(count: 16)) }
        source.finish()
        var read = 0
        for try await chunk in RonByteStream(chunks) {
            read += chunk.count
        }
        #expect(read == 64)
        await #expect(throws: RonProblem.self) {
            for try await _ in RonByteStream(Self.endless(), maxBytes: 100) {}
        }
    }
}
