import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// The channel between a transport that cannot pause and a slower reader: memory stays at the
    /// mark, the rest waits on disk, and the reader gets every byte in order.
    @Suite("Byte channel: spilling past the mark")
    struct ByteChannelSpillTests {
        /// Chunk `index` of a test body: its bytes name their position, so order and content are checked.
        static func chunk(_ index: Int, size: Int = 16_384) -> Data {
            Data((0..<size).map { UInt8(truncatingIfNeeded: (index * size + $0) % 253) })
        }

        static func readAll(_ channel: ByteChannel) async throws -> Data {
            var all = Data()
            for try await piece in channel.stream() { all.append(piece) }
            return all
        }

        @Test func aReaderThatHasNotStartedCostsOneMarkOfMemoryAndGetsEverythingInOrder() async throws {
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: {})
            var expected = Data()
            for index in 0..<256 {
                let piece = Self.chunk(index)
                expected.append(piece)
                #expect(channel.offer(piece), "a spilling channel never asks its producer to pause")
            }
            #expect(channel.peakBuffered <= 65_536 + 16_384)
            #expect(channel.spilledBytes == Int64(expected.count - 65_536))
            channel.finish()
            let read = try await Self.readAll(channel)
            #expect(read == expected)
            #expect(channel.spilledBytes == 0)
        }

        @Test func aProducerAndAReaderRacingKeepTheOrder() async throws {
            let channel = ByteChannel(highWater: 32_768, spillLimit: 64 << 20, onCancel: {})
            let producer = Task.detached {
                for index in 0..<2_000 {
                    _ = channel.offer(Self.chunk(index, size: 1_000 + index % 7))
                    if index % 97 == 0 { await Task.yield() }
                }
                channel.finish()
            }
            var expected = Data()
            for index in 0..<2_000 { expected.append(Self.chunk(index, size: 1_000 + index % 7)) }
            var read = Data()
            var pieces = 0
            for try await piece in channel.stream() {
                read.append(piece)
                pieces += 1
                if pieces % 50 == 0 { try await Task.sleep(for: .microseconds(200)) }
            }
            await producer.value
            #expect(read == expected)
            #expect(channel.peakBuffered <= 32_768 + 1_010)
        }

        @Test func aReaderFurtherBehindThanTheLimitGetsTheBytesBeforeItThenAFailure() async throws {
            let channel = ByteChannel(highWater: 16_384, spillLimit: 65_536, onCancel: {})
            var accepted = 0
            for index in 0..<10 where channel.offer(Self.chunk(index)) { accepted += 1 }
            #expect(accepted == 5, "one chunk in memory, four on disk, the sixth passes the limit")
            var read = Data()
            do {
                for try await piece in channel.stream() { read.append(piece) }
                Issue.record("the body ended without the failure")
            } catch let failure as TransportFailure {
                #expect(failure.cause == .responseTooLarge)
                #expect(failure.detail.contains("65536 bytes behind"))
            }
            #expect(read == (0..<5).reduce(into: Data()) { $0.append(Self.chunk($1)) })
        }

        @Test func aReaderThatStopsDropsTheSpillAndStopsTheProducer() async throws {
            let cancelled = Locked(false)
            let channel = ByteChannel(
                highWater: 16_384, spillLimit: 1 << 20, onCancel: { cancelled.update { $0 = true } })
            for index in 0..<8 { _ = channel.offer(Self.chunk(index)) }
            #expect(channel.spilledBytes > 0)
            channel.cancel()
            #expect(cancelled.value)
            #expect(channel.spilledBytes == 0)
            #expect(!channel.offer(Self.chunk(9)))
        }

        @Test func withoutALimitTheChannelAsksTheProducerToPauseInstead() {
            let channel = ByteChannel(highWater: 16_384, onCancel: {})
            #expect(!channel.offer(Self.chunk(0)))
            #expect(channel.spilledBytes == 0)
        }
    }
}
