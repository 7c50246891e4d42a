import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// A consumer that drains the channel (a download writing its file): what was queued, in memory
    /// and spilled, is written first and in order, then every chunk is written by the producer as it
    /// arrives; the drain ends only once no write is running, with the body's outcome or the
    /// writer's error.
    @Suite("Byte channel: draining on the producer's thread")
    struct ByteChannelDrainTests {
        static func chunk(_ index: Int) -> Data { ByteChannelSpillTests.chunk(index) }

        /// Collects what a drain writes, and on which thread each write ran.
        final class Written: @unchecked Sendable {
            private let lock = NSLock()
            private var bytes = Data()
            private var threads: [Bool] = []
            var data: Data { lock.withLock { bytes } }
            /// For each write: whether it ran inside a Swift task.
            var inTask: [Bool] { lock.withLock { threads } }

            func write(_ chunk: Data) {
                let inTask = withUnsafeCurrentTask { $0 != nil }
                lock.withLock {
                    bytes.append(chunk)
                    threads.append(inTask)
                }
            }
        }

        @Test func queuedAndSpilledChunksComeFirstThenTheProducerWritesEachAsItArrives() async throws {
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: {})
            var expected = Data()
            // Queued before the drain: one mark in memory, the rest spilled to disk.
            for index in 0..<40 {
                expected.append(Self.chunk(index))
                #expect(channel.offer(Self.chunk(index)))
            }
            #expect(channel.spilledBytes > 0)
            let written = Written()
            let drain = Task { try await channel.drain { written.write($0) } }
            // The drain took over once the queue is empty; every later chunk is written inside `offer`,
            // on the producer's thread (here a plain thread, not a task).
            #expect(await eventually(timeoutMs: 5_000) { written.data.count == expected.count })
            let late = Locked(0)
            let producer = Thread {
                for index in 40..<80 {
                    let before = written.data.count
                    _ = channel.offer(Self.chunk(index))
                    if written.data.count != before + 16_384 { late.update { $0 += 1 } }
                }
                channel.finish()
            }
            for index in 40..<80 { expected.append(Self.chunk(index)) }
            producer.start()
            try await drain.value
            #expect(written.data == expected)
            #expect(late.value == 0, "offer returned before its chunk was written")
            #expect(channel.spilledBytes == 0)
            #expect(written.inTask.suffix(40).allSatisfy { !$0 }, "a live chunk was handed to the task")
        }

        /// A producer faster than the writer must not queue behind the drain while it writes the
        /// backlog (the queue would never empty, and the network would never be slowed down): its
        /// `offer` waits, then writes its chunk itself, after the backlog.
        @Test func aProducerOfferingWhileTheBacklogIsWrittenWaitsAndThenWritesItsOwnChunk() async throws {
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: {})
            var expected = Data()
            for index in 0..<40 {
                expected.append(Self.chunk(index))
                channel.offer(Self.chunk(index))
            }
            let spilledBefore = channel.spilledBytes
            let writing = DispatchSemaphore(value: 0)
            let written = Written()
            let drain = Task {
                try await channel.drain {
                    writing.signal()
                    usleep(2_000)
                    written.write($0)
                }
            }
            let late = Locked(0)
            let producer = Thread {
                // The drain is writing the backlog now.
                writing.wait()
                for index in 40..<80 {
                    let before = written.data.count
                    _ = channel.offer(Self.chunk(index))
                    if written.data.count < before + 16_384 { late.update { $0 += 1 } }
                }
                channel.finish()
            }
            for index in 40..<80 { expected.append(Self.chunk(index)) }
            producer.start()
            try await drain.value
            #expect(written.data == expected)
            #expect(late.value == 0, "\(late.value) offers returned with their chunk queued, not written")
            #expect(channel.spilledBytes == 0)
            #expect(spilledBefore > 0)
            #expect(written.inTask.suffix(40).allSatisfy { !$0 }, "a live chunk was handed to the task")
        }

        @Test func theProducersFailureEndsTheDrainAfterTheChunksBeforeIt() async throws {
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: {})
            for index in 0..<3 { channel.offer(Self.chunk(index)) }
            channel.finish(throwing: TransportFailure(.truncatedBody, detail: "dropped"))
            let written = Written()
            await #expect(throws: TransportFailure.self) {
                try await channel.drain { written.write($0) }
            }
            #expect(written.data.count == 3 * 16_384)
        }

        @Test func aWriterThatThrowsStopsTheTransferOnceAndEndsTheDrainWithItsError() async throws {
            struct DiskFull: Error {}
            let stops = Locked(0)
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: { stops.update { $0 += 1 } })
            let calls = Locked(0)
            let drain = Task {
                try await channel.drain { _ in
                    let call = calls.update {
                        $0 += 1
                        return $0
                    }
                    if call == 3 { throw DiskFull() }
                }
            }
            // Until the drain is live, chunks queue; afterwards `offer` writes them.
            var offered = 0
            while calls.value < 3, offered < 1_000 {
                _ = channel.offer(Self.chunk(offered))
                offered += 1
                await Task.yield()
            }
            await #expect(throws: DiskFull.self) { try await drain.value }
            #expect(stops.value == 1)
            #expect(channel.offer(Self.chunk(0)) == false, "the producer was not told to stop")
            channel.finish()
            #expect(stops.value == 1)
        }

        @Test func aWriterThatThrowsOnWhatWasQueuedReleasesAWaitingProducerOnce() async throws {
            struct Refused: Error {}
            // No spill limit: a producer that can wait (`send`) waits once the buffer is full.
            let channel = ByteChannel(highWater: 32_768, onCancel: {})
            let producer = Task {
                var sent = 0
                for index in 0..<8 {
                    guard await channel.send(Self.chunk(index)) else { break }
                    sent += 1
                }
                return sent
            }
            #expect(await eventually(timeoutMs: 5_000) { channel.peakBuffered >= 32_768 })
            await #expect(throws: Refused.self) {
                try await channel.drain { _ in throw Refused() }
            }
            // The producer was released (once: a second release would trap) and told to stop.
            let sent = await producer.value
            #expect(sent < 8)
        }

        @Test func theDrainEndsOnlyAfterTheWriteInProgressReturned() async throws {
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: {})
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let writing = Locked(false)
            let ended = Locked(false)
            let drain = Task {
                try await channel.drain { _ in
                    writing.update { $0 = true }
                    entered.signal()
                    release.wait()
                    writing.update { $0 = false }
                }
                ended.update { $0 = true }
            }
            // Wait for the drain to be live (nothing queued: it takes over at once).
            try await Task.sleep(for: .milliseconds(50))
            let producer = Thread {
                _ = channel.offer(Self.chunk(0))
            }
            producer.start()
            entered.wait()
            // The body ends while the producer is still in the writer: the drain must not end yet.
            channel.finish()
            try await Task.sleep(for: .milliseconds(100))
            #expect(ended.value == false, "the drain ended while a write was running")
            release.signal()
            try await drain.value
            #expect(ended.value)
            #expect(writing.value == false)
        }

        @Test func cancellingTheDrainingTaskEndsItAsCancelledAndStopsTheTransfer() async throws {
            let stops = Locked(0)
            let channel = ByteChannel(highWater: 65_536, spillLimit: 64 << 20, onCancel: { stops.update { $0 += 1 } })
            let written = Written()
            let drain = Task { try await channel.drain { written.write($0) } }
            _ = channel.offer(Self.chunk(0))
            drain.cancel()
            do {
                try await drain.value
                Issue.record("a cancelled drain returned")
            } catch let failure as TransportFailure {
                #expect(failure.cause == .cancelled)
            }
            #expect(stops.value == 1)
            #expect(channel.offer(Self.chunk(1)) == false)
        }
    }
}
