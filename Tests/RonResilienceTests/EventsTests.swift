import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Client events")
    struct EventsTests {
        @Test func threeConsumersSeeEveryCall() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let client = try makeClient(server) { $0.authToken = "s3cret-value" }
            let streams = (0..<3).map { _ in client.events() }
            let consumers = streams.map { stream in
                Task { () -> [RonEvent] in
                    var seen: [RonEvent] = []
                    for await event in stream {
                        seen.append(event)
                        if seen.filter({ if case .finished = $0 { true } else { false } }).count == 5 { break }
                    }
                    return seen
                }
            }
            for index in 0..<5 {
                let _: AppResponse<Greeting> = await client.get("/items/\(index)", query: ["token": "abc", "q": "x"])
            }
            for consumer in consumers {
                let seen = await consumer.value
                let started = seen.compactMap { if case .started(let e) = $0 { e } else { nil } }
                let finished = seen.compactMap { if case .finished(let e) = $0 { e } else { nil } }
                #expect(started.count == 5)
                #expect(finished.count == 5)
                #expect(Set(started.map(\.requestId)) == Set(finished.map(\.requestId)))
                #expect(finished.allSatisfy { $0.status == 200 && $0.ok && $0.bytes == 16 && $0.problemCode == nil })
                #expect(started.allSatisfy { $0.headers["Authorization"] == Redactor.placeholder })
                #expect(started.allSatisfy { $0.url.contains("token=REDACTED") && !$0.url.contains("abc") })
                #expect(finished.allSatisfy { $0.correlationId != nil })
            }
        }

        @Test func failedCallsCarryTheProblemCode() async throws {
            let server = try LoopbackServer { _ in .json(404, #"{"code":"not_found","message":"no"}"#) }
            let client = try makeClient(server)
            let stream = client.events()
            let _: AppResponse<Greeting> = await client.get("/missing")
            client.close()
            var finished: [RonRequestFinishedEvent] = []
            for await event in stream {
                if case .finished(let info) = event { finished.append(info) }
            }
            #expect(finished.count == 1)
            #expect(finished.first?.status == 404)
            #expect(finished.first?.problemCode == "not_found")
        }

        @Test func stalledConsumerNeverBlocksCalls() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let client = try makeClient(server)
            let stalled = client.events(bufferSize: 4)
            let start = Date()
            let oks = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        let res: AppResponse<Greeting> = await client.get("/n/\(index)")
                        return res.ok
                    }
                }
                var count = 0
                for await ok in group where ok { count += 1 }
                return count
            }
            #expect(oks == 200)
            #expect(Date().timeIntervalSince(start) < 30)
            client.close()
            var buffered: [RonEvent] = []
            for await event in stalled { buffered.append(event) }
            #expect(buffered.count == 4)
        }

        @Test func consumersThatStopAreRemoved() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let client = try makeClient(server)
            let firstOnly = Task { () -> Int in
                for await _ in client.events() { return 1 }
                return 0
            }
            let cancelled = Task {
                for await _ in client.events() {}
            }
            #expect(await eventually { client.broadcaster.consumerCount == 2 })
            let _: AppResponse<Greeting> = await client.get("/one")
            #expect(await firstOnly.value == 1)
            cancelled.cancel()
            _ = await cancelled.value
            #expect(await eventually { client.broadcaster.consumerCount == 0 })
        }

        @Test func noConsumersNoWork() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let client = try makeClient(server)
            let res: AppResponse<Greeting> = await client.get("/x")
            #expect(res.ok)
            #expect(client.broadcaster.consumerCount == 0)
        }
    }
}
