import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Subscriptions over loopback server-sent events")
    struct SubscribeTests {
        struct LogEvent: Codable, Hashable, Sendable {
            let kind: String
            let payload: String
        }

        static let quick = RonSubscriptionOptions(reconnectDelayMs: 20, maxReconnectDelayMs: 50, maxReconnects: 3)

        @Test func decodesTypedEvents() async throws {
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send(": hello\n\n")
                    writer.send("event: log\ndata: {\"kind\":\"info\",\"payload\":\"one\"}\n\n")
                    writer.send("data: {\"kind\":\"warn\",\r\ndata: \"payload\":\"two\"}\r\n\r\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let client = try makeClient(server) { $0.authToken = "tok" }
            let stream = try await client.subscribe(LogEvent.self, path: "/events/logs", options: Self.quick)
            var received: [LogEvent] = []
            for try await event in stream {
                received.append(event)
                if received.count == 2 { break }
            }
            #expect(received == [LogEvent(kind: "info", payload: "one"), LogEvent(kind: "warn", payload: "two")])
            let request = try #require(server.requests.first)
            #expect(request.path == "/app/events/logs")
            #expect(request.header("accept") == "text/event-stream")
            #expect(request.header("authorization") == "Bearer tok")
            #expect(request.header("last-event-id") == nil)
        }

        @Test func everyConnectionCarriesTheCredentialsOfTheStreamsSecurity() async throws {
            let connections = Locked(0)
            let server = try LoopbackServer { _ in
                let n = connections.update { value -> Int in
                    value += 1
                    return value
                }
                return .events { writer in
                    writer.send("id: \(n)\ndata: {\"kind\":\"a\",\"payload\":\"\(n)\"}\n\n")
                    if n == 2 { _ = writer.waitForPeerClose(timeoutMs: 5_000) }
                }
            }
            let keyed = RonSecurityScheme(name: "key", kind: .apiKey(name: "X-Stream-Key", location: .header))
            let counter = Locked(0)
            let client = try makeClient(server) {
                $0.credentials = .provider { _ in
                    let number = counter.update { value -> Int in
                        value += 1
                        return value
                    }
                    return .apiKey("k-\(number)")
                }
            }
            var options = Self.quick
            options.security = [RonSecurityRequirement([keyed])]
            let stream = try await client.subscribe(LogEvent.self, path: "/events/logs", options: options)
            var received = 0
            for try await _ in stream {
                received += 1
                if received == 2 { break }
            }
            // The reconnection asked the provider again: a rotated key.
            #expect(server.requests.map { $0.header("x-stream-key") } == ["k-1", "k-2"])
        }

        @Test func reconnectsWithLastEventIdAfterADrop() async throws {
            let connections = Locked(0)
            let server = try LoopbackServer { _ in
                let n = connections.update { value -> Int in
                    value += 1
                    return value
                }
                return .events { writer in
                    if n == 1 {
                        writer.send("retry: 30\nid: 1\ndata: {\"kind\":\"a\",\"payload\":\"1\"}\n\n")
                        writer.send("id: 2\ndata: {\"kind\":\"a\",\"payload\":\"2\"}\n\n")
                        usleep(50_000)
                        writer.drop()
                    } else {
                        writer.send("id: 3\ndata: {\"kind\":\"a\",\"payload\":\"3\"}\n\n")
                        _ = writer.waitForPeerClose(timeoutMs: 5_000)
                    }
                }
            }
            let client = try makeClient(server)
            let stream = try await client.subscribe(LogEvent.self, path: "/events", options: Self.quick)
            var payloads: [String] = []
            for try await event in stream {
                payloads.append(event.payload)
                if payloads.count == 3 { break }
            }
            #expect(payloads == ["1", "2", "3"])
            #expect(server.requests.count == 2)
            #expect(server.requests.last?.header("last-event-id") == "2")
        }

        @Test func serverEndingTheStreamAlsoReconnects() async throws {
            let connections = Locked(0)
            let server = try LoopbackServer { _ in
                let n = connections.update { value -> Int in
                    value += 1
                    return value
                }
                return .events { writer in
                    writer.send("id: e\(n)\ndata: \(n)\n\n")
                    if n >= 2 { _ = writer.waitForPeerClose(timeoutMs: 5_000) }
                }
            }
            let client = try makeClient(server)
            let stream = try await client.serverSentEvents(path: "/raw", lastEventId: "e0", options: Self.quick)
            var events: [ServerSentEvent] = []
            for try await event in stream {
                events.append(event)
                if events.count == 2 { break }
            }
            #expect(events.map(\.data) == ["1", "2"])
            #expect(events.map(\.id) == ["e1", "e2"])
            #expect(server.requests.map { $0.header("last-event-id") } == ["e0", "e1"])
        }

        @Test func cancellationEndsTheStreamPromptlyAndClosesTheConnection() async throws {
            let peerClosed = Locked<Bool?>(nil)
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send("data: {\"kind\":\"k\",\"payload\":\"p\"}\n\n")
                    peerClosed.update { $0 = writer.waitForPeerClose(timeoutMs: 10_000) }
                }
            }
            let client = try makeClient(server)
            let firstEvent = Locked(false)
            let consumer = Task {
                let stream = try await client.subscribe(LogEvent.self, path: "/events")
                for try await _ in stream { firstEvent.update { $0 = true } }
            }
            #expect(await eventually { firstEvent.value })
            let start = Date()
            consumer.cancel()
            _ = await consumer.result
            // The server holds the stream open for 10 s: ending well before that is the cancellation's doing.
            #expect(Date().timeIntervalSince(start) < 5)
            #expect(await eventually(timeoutMs: 5_000) { peerClosed.value != nil })
            #expect(peerClosed.value == true)
            #expect(await eventually { client.streams.count == 0 })
            #expect(server.requests.count == 1)
        }

        @Test func closingTheClientEndsSubscriptions() async throws {
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send(": open\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 10_000)
                }
            }
            let client = try makeClient(server)
            let stream = try await client.serverSentEvents(path: "/events")
            let consumer = Task { () -> Int in
                var count = 0
                for try await _ in stream { count += 1 }
                return count
            }
            #expect(await eventually { server.requests.count == 1 })
            client.close()
            let result = await consumer.result
            #expect((try? result.get()) == 0)
            await #expect(throws: RonProblem.self) {
                _ = try await client.serverSentEvents(path: "/events")
            }
        }

        @Test func givesUpAfterMaxReconnects() async throws {
            let client = try makeClient(port: try closedPort())
            let stream = try await client.subscribe(LogEvent.self, path: "/events", options: Self.quick)
            let start = Date()
            do {
                for try await _ in stream {}
                Issue.record("the stream should have thrown")
            } catch let problem as RonProblem {
                #expect(problem.code == "stream_gave_up")
                #expect(problem.kind == "transport")
                #expect(problem.details?["last_cause"] == .string("connect_failed"))
                #expect(problem.details?["reconnects"] == .integer(3))
            }
            #expect(Date().timeIntervalSince(start) < 5)
        }

        @Test func notFoundIsFatal() async throws {
            let server = try LoopbackServer { _ in .json(404, #"{"code":"not_found","message":"no such stream"}"#) }
            let client = try makeClient(server)
            let stream = try await client.subscribe(LogEvent.self, path: "/nope", options: Self.quick)
            do {
                for try await _ in stream {}
                Issue.record("the stream should have thrown")
            } catch let problem as RonProblem {
                #expect(problem.code == "not_found")
                #expect(problem.status == 404)
            }
            #expect(server.requests.count == 1)
        }

        @Test func unavailableIsRetriedThenDelivered() async throws {
            let connections = Locked(0)
            let server = try LoopbackServer { _ in
                let n = connections.update { value -> Int in
                    value += 1
                    return value
                }
                if n == 1 { return .json(503, #"{"code":"too_busy","message":"busy","retry_after_ms":10}"#) }
                return .events { writer in
                    writer.send("data: {\"kind\":\"k\",\"payload\":\"after\"}\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let client = try makeClient(server)
            let stream = try await client.subscribe(LogEvent.self, path: "/events", options: Self.quick)
            var first: LogEvent?
            for try await event in stream {
                first = event
                break
            }
            #expect(first?.payload == "after")
            #expect(server.requests.count == 2)
        }

        @Test func wrongContentTypeIsFatal() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"kind":"k","payload":"p"}"#) }
            let client = try makeClient(server)
            let stream = try await client.serverSentEvents(path: "/events", options: Self.quick)
            do {
                for try await _ in stream {}
                Issue.record("the stream should have thrown")
            } catch let problem as RonProblem {
                #expect(problem.code == "unexpected_content_type")
            }
        }

        @Test func undecodableEventEndsTheStreamWithDecodeProblem() async throws {
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send("id: 5\ndata: {\"kind\":1}\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let client = try makeClient(server)
            let stream = try await client.subscribe(LogEvent.self, path: "/events", options: Self.quick)
            do {
                for try await _ in stream {}
                Issue.record("the stream should have thrown")
            } catch let problem as RonProblem {
                #expect(problem.code == "decode_failed")
                #expect(problem.details?["event_id"] == .string("5"))
            }
        }

        @Test func eventTypeFilter() async throws {
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send("event: noise\ndata: not json\n\n")
                    writer.send("event: log\ndata: {\"kind\":\"k\",\"payload\":\"kept\"}\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let client = try makeClient(server)
            var options = Self.quick
            options.eventTypes = ["log"]
            let stream = try await client.subscribe(LogEvent.self, path: "/events", options: options)
            var first: LogEvent?
            for try await event in stream {
                first = event
                break
            }
            #expect(first?.payload == "kept")
        }

        @Test func noContentEndsCleanly() async throws {
            let server = try LoopbackServer { _ in .respond(status: 204) }
            let client = try makeClient(server)
            let stream = try await client.serverSentEvents(path: "/events", options: Self.quick)
            var count = 0
            for try await _ in stream { count += 1 }
            #expect(count == 0)
            #expect(server.requests.count == 1)
        }

        @Test func invalidPathThrowsAtOnce() async throws {
            let client = try makeClient(port: try closedPort())
            await #expect(throws: RonProblem.self) {
                _ = try await client.subscribe(LogEvent.self, path: "/a/../b")
            }
        }
    }
}
