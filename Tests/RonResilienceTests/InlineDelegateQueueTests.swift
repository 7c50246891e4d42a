#if canImport(FoundationNetworking)
    import Foundation
    import RonTestSupport
    import Testing

    @testable import RonAppSdkSwift

    extension ResilienceTests {
        /// The delegate queue of a streaming session on FoundationNetworking runs each call on the
        /// thread that adds it, before `addOperation` returns, in the order added; a slow call holds
        /// the adding thread (libcurl's) back instead of piling up behind it.
        @Suite("Inline delegate queue")
        struct InlineDelegateQueueTests {
            @Test func everyCallRunsOnTheAddingThreadBeforeAddingReturnsInOrder() async throws {
                let queue = InlineDelegateQueue()
                let report = Locked<(order: [Int], sameThread: Bool, ranBeforeReturn: Bool)>(([], true, true))
                let done = DispatchSemaphore(value: 0)
                let producer = Thread {
                    let adder = pthread_self()
                    for index in 0..<100 {
                        queue.addOperation {
                            let onAdder = pthread_equal(pthread_self(), adder) != 0
                            report.update {
                                $0.order.append(index)
                                $0.sameThread = $0.sameThread && onAdder
                            }
                        }
                        report.update { $0.ranBeforeReturn = $0.ranBeforeReturn && $0.order.count == index + 1 }
                    }
                    done.signal()
                }
                producer.start()
                #expect(await eventually(timeoutMs: 10_000) { done.wait(timeout: .now()) == .success })
                let result = report.value
                #expect(result.order == Array(0..<100))
                #expect(result.sameThread, "a call ran on another thread")
                #expect(result.ranBeforeReturn, "addOperation returned before its call ran")
            }

            @Test func aSlowCallHoldsTheAddingThreadBack() async throws {
                let queue = InlineDelegateQueue()
                let gate = DispatchSemaphore(value: 0)
                let added = Locked(0)
                let producer = Thread {
                    for index in 0..<3 {
                        queue.addOperation { if index == 0 { gate.wait() } }
                        added.update { $0 += 1 }
                    }
                }
                producer.start()
                try await Task.sleep(for: .milliseconds(200))
                // Nothing piles up behind the call that waits: the producer itself waits.
                #expect(added.value == 0)
                gate.signal()
                #expect(await eventually(timeoutMs: 10_000) { added.value == 3 })
            }
        }
    }
#endif
