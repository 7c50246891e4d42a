import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// Every way out of the client goes through *prepare* and the middleware chain.
    @Suite("One pipeline for calls, subscriptions and queued writes")
    struct PipelineTests {
        /// Records what it sees and stamps a header, so a test can tell it ran.
        struct Recorder: RonMiddleware {
            let seen: Collector<String>

            func intercept(
                _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
            ) async throws -> TransportResponse {
                seen.append("\(request.method) \(context.path)")
                var request = request
                request.setHeader("X-Tenant", "acme")
                return try await next(request)
            }
        }

        @Test func middlewareSeesASubscriptionAndItsReconnection() async throws {
            let connections = Locked(0)
            let server = try LoopbackServer { _ in
                let count = connections.update { value -> Int in
                    value += 1
                    return value
                }
                return .events { writer in
                    writer.send("id: \(count)\ndata: {\"n\":\(count)}\n\n")
                    if count == 1 {
                        writer.drop()
                    } else {
                        _ = writer.waitForPeerClose(timeoutMs: 5_000)
                    }
                }
            }
            let seen = Collector<String>()
            let client = try makeClient(server) { $0.middleware = [Recorder(seen: seen)] }
            defer { client.close() }
            let stream = try await client.serverSentEvents(
                path: "/events", options: RonSubscriptionOptions(reconnectDelayMs: 10, maxReconnects: 3))
            var ids: [String] = []
            for try await event in stream {
                ids.append(event.id)
                if ids.count == 2 { break }
            }
            #expect(ids == ["1", "2"])
            #expect(seen.values == ["GET /events", "GET /events"])
            #expect(server.requests.allSatisfy { $0.header("x-tenant") == "acme" })
            #expect(server.requests.last?.header("last-event-id") == "1")
        }

        @Test func aRefreshedTokenReachesASubscription() async throws {
            let server = try LoopbackServer { request in
                guard request.header("authorization") == "Bearer fresh" else {
                    return .json(401, #"{"code":"unauthorized","message":"expired"}"#)
                }
                return .events { writer in
                    writer.send("data: {}\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let refresh = AuthRefreshMiddleware(initialToken: "stale") { "fresh" }
            let client = try makeClient(server) { $0.middleware = [refresh] }
            defer { client.close() }
            let stream = try await client.serverSentEvents(path: "/events")
            var received = 0
            for try await _ in stream {
                received += 1
                break
            }
            #expect(received == 1)
            #expect(server.requests.map { $0.header("authorization") } == ["Bearer stale", "Bearer fresh"])
        }

        @Test func subscriptionConnectionsAreReportedAsEvents() async throws {
            let server = try LoopbackServer { _ in
                .events { writer in
                    writer.send("data: {}\n\n")
                    _ = writer.waitForPeerClose(timeoutMs: 5_000)
                }
            }
            let client = try makeClient(server)
            defer { client.close() }
            let events = client.events()
            let stream = try await client.serverSentEvents(path: "/events")
            for try await _ in stream { break }
            var kinds: [String] = []
            for await event in events {
                switch event {
                case .started(let started): kinds.append("started \(started.method)")
                case .finished(let finished): kinds.append("finished \(finished.status)")
                case .retried: kinds.append("retried")
                }
                if kinds.count == 2 { break }
            }
            #expect(kinds == ["started GET", "finished 200"])
        }

        @Test func aQueuedWriteIsFlushedThroughTheMiddleware() async throws {
            let server = try LoopbackServer { _ in .json(201, "{}") }
            let seen = Collector<String>()
            let client = try makeClient(server) { $0.middleware = [Recorder(seen: seen)] }
            defer { client.close() }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("ron-queue-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let queue = try RonOfflineQueue(fileURL: file, client: client)
            _ = try await queue.submit(AppRequest(method: .post, path: "/items", body: try .json(["a": 1])))
            #expect(seen.values == ["POST /items"])
            #expect(server.requests.first?.header("x-tenant") == "acme")
        }
    }
}
