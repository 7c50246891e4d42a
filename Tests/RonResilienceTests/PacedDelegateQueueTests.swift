#if canImport(FoundationNetworking)
    import Foundation
    import RonTestSupport
    import Testing

    @testable import RonAppSdkSwift

    extension ResilienceTests {
        /// The delegate queue of a streaming session on FoundationNetworking: the thread adding a
        /// piece waits while `limit` pieces are waiting for the delegate (until half have been taken),
        /// never longer than `maxWait` a piece, and every piece runs once, in order.
        @Suite("Paced delegate queue")
        struct PacedDelegateQueueTests {
            @Test func addingWaitsWhileTheDelegateIsALimitBehindAndEveryPieceRunsInOrder() async throws {
                let queue = PacedDelegateQueue(limit: 4, maxWait: 30)
                let gate = DispatchSemaphore(value: 0)
                let ran = Collector<Int>()
                let added = Locked(0)
                let producer = Thread {
                    for index in 0..<10 {
                        queue.addOperation {
                            if index == 0 { gate.wait() }
                            ran.append(index)
                        }
                        added.update { $0 += 1 }
                    }
                }
                producer.start()
                // The first piece holds the delegate: four go in, the fifth waits.
                #expect(await eventually(timeoutMs: 5_000) { added.value == 4 })
                try await Task.sleep(for: .milliseconds(200))
                #expect(added.value == 4, "a piece went in past the limit")
                #expect(queue.waiting == 4)
                gate.signal()
                #expect(await ran.wait(for: 10, timeoutMs: 10_000) == Array(0..<10))
                #expect(added.value == 10)
                #expect(await eventually(timeoutMs: 5_000) { queue.waiting == 0 })
            }

            @Test func aDelegateThatNeverReturnsHoldsEachPieceBackOnlyForTheLongestWait() async throws {
                let queue = PacedDelegateQueue(limit: 1, maxWait: 0.1)
                let gate = DispatchSemaphore(value: 0)
                let returned = Locked<[Double]>([])
                let producer = Thread {
                    let start = Date()
                    for index in 0..<4 {
                        queue.addOperation { if index == 0 { gate.wait() } }
                        returned.update { $0.append(Date().timeIntervalSince(start)) }
                    }
                }
                producer.start()
                #expect(await eventually(timeoutMs: 10_000) { returned.value.count == 4 })
                let times = returned.value
                // The first piece went in at once; each later one waited its 0.1 s and went in anyway.
                #expect(times.count == 4)
                #expect((times.last ?? 0) >= 0.25, "\(times)")
                gate.signal()
            }
        }
    }
#endif
