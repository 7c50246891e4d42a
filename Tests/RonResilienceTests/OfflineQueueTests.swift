import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Offline queue")
    struct OfflineQueueTests {
        struct Note: Codable, Hashable, Sendable {
            let text: String
        }

        static func temporaryFile() -> URL {
            FileManager.default.temporaryDirectory
                .appendingPathComponent("ron-resil-\(UUID().uuidString)", isDirectory: true)
                .appendingPathComponent("queue.json")
        }

        static func write(_ text: String) throws -> AppRequest {
            AppRequest(method: .post, path: "/notes", body: try .json(Note(text: text)))
        }

        @Test func queuesWhileUnreachableAndReplaysInOrderAfterRestart() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let offline = try makeClient(port: port) { $0.authToken = "first-secret-token" }
            let queue = try RonOfflineQueue(fileURL: file, client: offline)
            var keys: [String] = []
            for text in ["a", "b", "c"] {
                var request = try Self.write(text)
                request.headers["X-RON-Passport"] = "passport-secret"
                guard case .queued(let entry) = try await queue.submit(request) else {
                    Issue.record("expected the write to be queued")
                    return
                }
                keys.append(entry.idempotencyKey)
            }
            #expect(await queue.pending.count == 3)
            let stored = try String(contentsOf: file, encoding: .utf8)
            #expect(!stored.contains("first-secret-token"))
            #expect(!stored.contains("passport-secret"))

            // A new process: a new client (new token) and a new queue on the same file.
            await queue.close()
            let server = try LoopbackServer(port: port) { _ in .json(201, #"{"text":"ok"}"#) }
            let online = try makeClient(server) { $0.authToken = "fresh-token" }
            let reopened = try RonOfflineQueue(fileURL: file, client: online)
            #expect(await reopened.pending.map(\.idempotencyKey) == keys)
            let report = await reopened.flush()
            #expect(report.delivered.count == 3)
            #expect(report.remaining == 0)
            let bodies = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(bodies == [#"{"text":"a"}"#, #"{"text":"b"}"#, #"{"text":"c"}"#])
            #expect(server.requests.map { $0.header("idempotency-key") ?? "" } == keys)
            #expect(server.requests.allSatisfy { $0.header("authorization") == "Bearer fresh-token" })
            #expect(server.requests.allSatisfy { $0.header("x-ron-passport") == nil })
            #expect(await reopened.pending.isEmpty)
            await reopened.close()
            let again = try RonOfflineQueue(fileURL: file, client: online)
            #expect(await again.pending.isEmpty)
        }

        @Test func deliversDirectlyWhenReachable() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let server = try LoopbackServer { _ in .json(200, #"{"text":"ok"}"#) }
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            var request = try Self.write("x")
            request.headers["Idempotency-Key"] = "mine"
            guard case .delivered(let response) = try await queue.submit(request) else {
                Issue.record("expected delivery")
                return
            }
            #expect(response.ok)
            #expect(server.requests.first?.header("idempotency-key") == "mine")
            #expect(server.requests.first?.header("x-idempotency-key") == nil)
            #expect(await queue.pending.isEmpty)
        }

        @Test func unreachableNeverCountsAndRefusalsDeadLetterAfterMaxAttempts() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let offline = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port), maxAttempts: 3)
            guard case .queued = try await offline.submit(try Self.write("x")) else {
                Issue.record("expected the write to be queued")
                return
            }
            for _ in 0..<5 {
                #expect(await offline.flush().stoppedBy?.code == "connect_failed")
            }
            #expect(await offline.pending.first?.attempts == 6)
            #expect(await offline.pending.first?.refusals == 0)
            #expect(await offline.deadLetters.isEmpty)
            await offline.close()
            let server = try LoopbackServer(port: port) { _ in .json(422, #"{"code":"invalid","message":"no"}"#) }
            let client = try makeClient(server)
            let queue = try RonOfflineQueue(fileURL: file, client: client, maxAttempts: 3)
            #expect(await queue.flush().stoppedBy?.code == "invalid")
            #expect(await queue.flush().stoppedBy?.code == "invalid")
            #expect(await queue.pending.first?.refusals == 2)
            let third = await queue.flush()
            #expect(third.deadLettered.count == 1)
            #expect(await queue.pending.isEmpty)
            await queue.close()
            let reopened = try RonOfflineQueue(fileURL: file, client: client, maxAttempts: 3)
            let dead = await reopened.deadLetters
            #expect(dead.count == 1)
            #expect(dead.first?.refusals == 3)
            #expect(dead.first?.attempts == 9)
            #expect(dead.first?.lastProblem?.code == "invalid")
            let id = try #require(dead.first?.id)
            try await reopened.requeueDeadLetter(id: id)
            #expect(await reopened.pending.first?.attempts == 0)
            #expect(await reopened.pending.first?.refusals == 0)
            #expect(await reopened.deadLetters.isEmpty)
        }

        @Test func nonRetryableAnswerDeadLettersAtOnceAndLaterWritesGoOn() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port))
            _ = try await queue.submit(try Self.write("bad"))
            _ = try await queue.submit(try Self.write("good"))
            let server = try LoopbackServer(port: port) { request in
                String(decoding: request.body, as: UTF8.self).contains("bad")
                    ? .json(422, #"{"code":"invalid","message":"no"}"#) : .json(200, "{}")
            }
            await queue.close()
            let online = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            let report = await online.flush()
            #expect(report.deadLettered.count == 1)
            #expect(report.delivered.count == 1)
            #expect(await online.deadLetters.first?.lastProblem?.code == "invalid")
            #expect(server.requests.count == 2)
        }

        @Test func newWritesQueueBehindWaitingOnesAndFlushOnNextSubmit() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port))
            _ = try await queue.submit(try Self.write("1"))
            let server = try LoopbackServer(port: port) { _ in .json(200, "{}") }
            _ = server
            let outcome = try await queue.submit(try Self.write("2"))
            guard case .delivered(let response) = outcome else {
                Issue.record("expected the second write to be delivered after the first")
                return
            }
            #expect(response.ok)
            #expect(
                server.requests.map { String(decoding: $0.body, as: UTF8.self) } == [
                    #"{"text":"1"}"#, #"{"text":"2"}"#,
                ])
        }

        @Test func corruptFileIsMovedAsideReportedAndTheQueueGoesOn() async throws {
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{not json".utf8).write(to: file)
            let server = try LoopbackServer { _ in .json(200, "{}") }
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            let corruption = try #require(queue.corruption)
            #expect(try String(contentsOf: corruption.movedTo, encoding: .utf8) == "{not json")
            #expect(corruption.movedTo.deletingLastPathComponent() == file.deletingLastPathComponent())
            #expect(corruption.recoveredEntries == 0)
            guard case .delivered = try await queue.submit(try Self.write("after")) else {
                Issue.record("expected the queue to work after moving the damaged file aside")
                return
            }
        }
    }
}
