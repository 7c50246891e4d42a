import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Subscriptions: resume point, bounded buffer, transport")
    struct StreamHardeningTests {
        static let quick = RonSubscriptionOptions(reconnectDelayMs: 10, maxReconnectDelayMs: 20, maxReconnects: 3)

        /// A server whose first connection runs `first` and every later one `later`.
        static func server(
            first: @escaping @Sendable (LoopbackServer.StreamWriter) -> Void,
            later: @escaping @Sendable (LoopbackServer.StreamWriter) -> Void
        ) throws -> LoopbackServer {
            let connection = Locked(0)
            return try LoopbackServer { _ in
                let n = connection.update { value -> Int in
                    value += 1
                    return value
                }
                return .events(n == 1 ? first : later)
            }
        }

        /// The data of the first `count` events of a raw subscription.
        static func firstEvents(_ count: Int, of server: LoopbackServer) async throws -> [String] {
            let client = try makeClient(server)
            let stream = try await client.serverSentEvents(path: "/events", options: quick)
            var seen: [String] = []
            for try await event in stream {
                seen.append(event.data)
                if seen.count == count { break }
            }
            return seen
        }

        @Test func aDropMidEventResumesFromTheLastDispatchedId() async throws {
            let server = try Self.server(
                first: { writer in
                    writer.send("id: 1\ndata: a\n\nid: 2\ndata: hal")
                    writer.drop()
                },
                later: { writer in
                    writer.send("id: 3\ndata: c\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 2_000)
                })
            #expect(try await Self.firstEvents(2, of: server) == ["a", "c"])
            #expect(server.requests.map { $0.header("last-event-id") } == [nil, "1"])
        }

        @Test func anIdWithAControlCharacterDoesNotEndTheSubscription() async throws {
            let server = try Self.server(
                first: { writer in
                    writer.send("id: bad\u{1}id\ndata: a\n\n")
                    writer.drop()
                },
                later: { writer in
                    writer.send("data: b\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 2_000)
                })
            #expect(try await Self.firstEvents(2, of: server) == ["a", "b"])
            #expect(server.requests.count == 2)
            #expect(server.requests.allSatisfy { $0.header("last-event-id") == nil })
        }

        @Test func aSlowConsumerGetsTheBufferThenAnOverflowProblem() async throws {
            let gone = Locked(false)
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send((1...50).map { "id: \($0)\ndata: \($0)\n\n" }.joined())
                    gone.update { $0 = writer.waitForPeerClose(timeoutMs: 5_000) }
                }
            }
            let client = try makeClient(server)
            var options = Self.quick
            options.bufferSize = 5
            let stream = try await client.serverSentEvents(path: "/events", options: options)
            // The pump gives up on its own (the connection closes) while nobody reads.
            #expect(await eventually(timeoutMs: 5_000) { gone.value })
            var seen: [String] = []
            do {
                for try await event in stream { seen.append(event.data) }
                Issue.record("the stream should end with stream_overflow")
            } catch let problem as RonProblem {
                #expect(problem.code == "stream_overflow")
            }
            #expect(seen == ["1", "2", "3", "4", "5"])
        }

        @Test func aTransportThatCannotStreamIsAnError() async throws {
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "https://node.example"), transport: InMemoryTransport(json: "{}")))
            let stream = try await client.serverSentEvents(path: "/events")
            do {
                for try await _ in stream {}
                Issue.record("the stream should fail")
            } catch let problem as RonProblem {
                #expect(problem.code == "streaming_unsupported")
            }
        }
    }
}
