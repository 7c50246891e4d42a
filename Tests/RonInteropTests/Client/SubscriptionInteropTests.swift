import Foundation
import RonAppSdkSwift
import RonGateway
import Testing

/// `RonClient.subscribe` against the gateway's `/app/events` stream, over real HTTP.
@Suite("Subscriptions against the embedded gateway")
struct SubscriptionInteropTests {
    func client(_ base: URL) throws -> RonClient {
        try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
    }

    @Test("every tick arrives once, in order, and the stream ends when the server says so")
    func wholeStream() async throws {
        try await withGateway { base in
            let client = try client(base)
            defer { client.close() }
            let stream = try await client.subscribe(
                StreamTick.self, path: "/events", query: ["count": "4", "interval_ms": "10"])
            var seen: [UInt64] = []
            for try await tick in stream {
                seen.append(tick.seq)
                #expect(tick.message == "tick \(tick.seq)")
            }
            #expect(seen == [1, 2, 3, 4])
        }
    }

    @Test("after a dropped connection the client resumes with Last-Event-ID, losing and repeating nothing")
    func resumesAfterDrop() async throws {
        try await withGateway { base in
            let client = try client(base)
            defer { client.close() }
            var options = RonSubscriptionOptions()
            options.reconnectDelayMs = 20
            let stream = try await client.subscribe(
                StreamTick.self, path: "/events", query: ["count": "7", "interval_ms": "5", "drop_after": "2"],
                options: options)
            var seen: [UInt64] = []
            for try await tick in stream { seen.append(tick.seq) }
            #expect(seen == Array(1...7), "four connections of two, two, two and one event")
        }
    }

    @Test("a given lastEventId resumes after it")
    func resumesFromGivenId() async throws {
        try await withGateway { base in
            let client = try client(base)
            defer { client.close() }
            let stream = try await client.subscribe(
                StreamTick.self, path: "/events", query: ["count": "5", "interval_ms": "0"], lastEventId: "3")
            var seen: [UInt64] = []
            for try await tick in stream { seen.append(tick.seq) }
            #expect(seen == [4, 5])
        }
    }

    @Test("cancelling the consuming task ends a long stream promptly")
    func cancellation() async throws {
        try await withGateway { base in
            let client = try client(base)
            defer { client.close() }
            let stream = try await client.subscribe(
                StreamTick.self, path: "/events", query: ["count": "1000", "interval_ms": "200"])
            let consumer = Task {
                var count = 0
                for try await _ in stream {
                    count += 1
                }
                return count
            }
            try await Task.sleep(for: .milliseconds(300))
            let clock = ContinuousClock()
            let start = clock.now
            consumer.cancel()
            let received = try? await consumer.value
            #expect(clock.now - start < .seconds(2))
            #expect((received ?? 0) < 1000)
        }
    }

    @Test("a bad query is a problem, thrown by the stream")
    func badQuery() async throws {
        try await withGateway { base in
            let client = try client(base)
            defer { client.close() }
            let stream = try await client.subscribe(StreamTick.self, path: "/events", query: ["count": "zero"])
            do {
                for try await _ in stream {}
                Issue.record("the stream ended without an error")
            } catch let problem as RonProblem {
                #expect(problem.status == 400)
            }
        }
    }
}
