import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// The queue never gives up on a write because the node was away: no answer and busy answers
    /// wait (with backoff), only refusals and the app's age limit dead-letter, and a key handed out
    /// before the write is stored makes a resubmit after a crash safe. Over loopback HTTP.
    @Suite("Offline queue: outages, refusals, age limit, exactly once", .timeLimit(.minutes(1)))
    struct OfflineQueueOutageTests {
        typealias Base = OfflineQueueTests

        /// A queue whose own retries wait a minute (so only the test's flushes send).
        static func queue(
            _ file: URL, _ client: RonClient, maxAttempts: Int = 1, maxAgeSeconds: Int? = nil,
            now: @escaping @Sendable () -> Date = { Date() }
        ) throws -> RonOfflineQueue {
            try RonOfflineQueue(
                fileURL: file, client: client, maxAttempts: maxAttempts, maxAgeSeconds: maxAgeSeconds,
                maxEntries: 10_000,
                maxBytes: 50 << 20, retryDelayMs: 60_000, maxRetryDelayMs: 60_000, now: now, onUnauthorized: nil)
        }

        @Test func writesSubmittedDuringAnOutageAreAllDeliveredAfterIt() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let up = Locked(false)
            let server = try LoopbackServer { _ in
                up.value ? .json(201, "{}") : .json(503, #"{"code":"unavailable","message":"later"}"#)
            }
            let queue = try RonOfflineQueue(
                fileURL: file, client: try makeClient(server), retryDelayMs: 60_000, maxRetryDelayMs: 60_000)
            var keys: [String] = []
            for index in 0..<60 {
                guard case .queued(let entry) = try await queue.submit(try Base.write("\(index)")) else {
                    Issue.record("write \(index) was not queued")
                    return
                }
                keys.append(entry.idempotencyKey)
            }
            // The node answered busy: later submits stored their writes without sending them.
            #expect(server.requests.count == 1)
            #expect(await queue.deadLetters.isEmpty)
            #expect(await queue.pending.allSatisfy { $0.refusals == 0 })
            for _ in 0..<5 { await queue.flush() }
            #expect(await queue.deadLetters.isEmpty)
            #expect(await queue.pending.count == 60)
            up.update { $0 = true }
            let report = await queue.flush()
            #expect(report.delivered.count == 60)
            #expect(report.deadLettered.isEmpty)
            let delivered = server.requests.filter { $0.header("idempotency-key") != nil }.suffix(60)
            #expect(
                delivered.map { String(decoding: $0.body, as: UTF8.self) } == (0..<60).map { #"{"text":"\#($0)"}"# })
            #expect(delivered.map { $0.header("idempotency-key") ?? "" } == keys)
        }

        @Test(arguments: [0, 408, 425, 429, 500, 502, 503, 504])
        func answersThatAreNotAboutTheWriteNeverUseUpAttempts(status: Int) async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let offline = try Self.queue(file, try makeClient(port: port))
            for text in ["a", "b"] { _ = try await offline.submit(try Base.write(text)) }
            await offline.close()
            let client: RonClient
            var server: LoopbackServer?
            if status == 0 {
                client = try makeClient(port: port)
            } else {
                let answering = try LoopbackServer(port: port) { _ in .json(status, #"{"code":"wait","message":"w"}"#) }
                server = answering
                client = try makeClient(answering)
            }
            let queue = try Self.queue(file, client)
            for _ in 0..<4 {
                #expect(await queue.flush().stoppedBy != nil)
            }
            let head = try #require(await queue.pending.first)
            #expect(head.refusals == 0)
            #expect(head.attempts == 6)  // two sends while the writes were submitted, four flushes
            #expect(await queue.pending.count == 2)
            #expect(await queue.deadLetters.isEmpty)
            if let server { #expect(server.requests.count == 4) }
        }

        @Test func theQueueTriesAgainByItselfAfterABackoff() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let calls = Locked(0)
            let server = try LoopbackServer { _ in
                let count = calls.update {
                    $0 += 1
                    return $0
                }
                return count <= 3 ? .json(503, #"{"code":"busy","message":"later"}"#) : .json(201, "{}")
            }
            let queue = try RonOfflineQueue(
                fileURL: file, client: try makeClient(server), retryDelayMs: 1, maxRetryDelayMs: 8)
            guard case .queued = try await queue.submit(try Base.write("x")) else {
                Issue.record("expected the write to be queued")
                return
            }
            var emptied = false
            for _ in 0..<3_000 where !emptied {
                emptied = await queue.pending.isEmpty
                if !emptied { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(emptied)
            #expect(calls.value == 4)
            #expect(await queue.deadLetters.isEmpty)
        }

        @Test func retryAfterSetsTheBackoff() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let server = try LoopbackServer { _ in
                .respond(
                    status: 429, headers: ["Retry-After": "30", "Content-Type": "application/json"],
                    body: Data(#"{"code":"slow_down","message":"later"}"#.utf8))
            }
            let queue = try RonOfflineQueue(
                fileURL: file, client: try makeClient(server), retryDelayMs: 1, maxRetryDelayMs: 60_000)
            let delay = await queue.retryDelayMs(stops: 1, retryAfterMs: 30_000)
            #expect(delay == 30_000)
            #expect(await queue.retryDelayMs(stops: 40, retryAfterMs: nil) <= 60_000)
            #expect(await queue.retryDelayMs(stops: 40, retryAfterMs: nil) >= 30_000)
            _ = try await queue.submit(try Base.write("x"))
            _ = try await queue.submit(try Base.write("y"))
            // Within Retry-After, the second submit only stored its write.
            #expect(server.requests.count == 1)
            #expect(await queue.pending.count == 2)
        }

        @Test func anAgeLimitDeadLettersWritesThatStillCannotBeDelivered() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let start = Date()
            let clock = Locked(start)
            let port = try closedPort()
            let offline = try Self.queue(file, try makeClient(port: port), maxAgeSeconds: 60, now: { clock.value })
            _ = try await offline.submit(try Base.write("old"))
            clock.update { $0 = start.addingTimeInterval(30) }
            _ = try await offline.submit(try Base.write("newer"))
            #expect(await offline.pending.count == 2)
            clock.update { $0 = start.addingTimeInterval(61) }
            let report = await offline.flush()
            #expect(report.deadLettered.count == 1)
            #expect(await offline.deadLetters.first?.lastProblem?.code == "queue_expired")
            #expect(await offline.deadLetters.first?.lastProblem?.message.contains("connect_failed") == true)
            #expect(await offline.pending.count == 1)
            await offline.close()
            // A write past the limit is still delivered when the node can take it.
            clock.update { $0 = start.addingTimeInterval(1_000) }
            let server = try LoopbackServer(port: port) { _ in .json(201, "{}") }
            let online = try Self.queue(file, try makeClient(server), maxAgeSeconds: 60, now: { clock.value })
            #expect(await online.flush().delivered.count == 1)
            #expect(server.requests.count == 1)
        }

        @Test func aKeyHandedOutBeforeTheWriteMakesAResubmitAfterACrashSafe() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let offline = try Self.queue(
                file, try makeClient(port: port) { $0.idempotencyKeyFactory = { "app-key-1" } })
            let key = offline.makeIdempotencyKey()
            #expect(key == "app-key-1")
            var request = try Base.write("once")
            request.headers["X-Idempotency-Key"] = "stale"
            guard case .queued(let entry) = try await offline.submit(request, idempotencyKey: key) else {
                Issue.record("expected the write to be queued")
                return
            }
            #expect(entry.idempotencyKey == key)
            await offline.close()  // the app dies; did the write make it to disk?
            let server = try LoopbackServer(port: port) { _ in .json(503, #"{"code":"busy","message":"later"}"#) }
            let restarted = try Self.queue(file, try makeClient(server))
            #expect(await restarted.entry(idempotencyKey: key)?.id == entry.id)
            guard case .queued(let again) = try await restarted.submit(try Base.write("once"), idempotencyKey: key)
            else {
                Issue.record("expected the resubmit to stay queued")
                return
            }
            #expect(again.id == entry.id)
            #expect(await restarted.pending.count == 1)
            await restarted.close()
            let up = try LoopbackServer { _ in .json(201, "{}") }
            let online = try Self.queue(file, try makeClient(up))
            #expect(await online.flush().delivered == [entry.id])
            #expect(up.requests.map { $0.header("idempotency-key") } == [key])
            #expect(up.requests.first?.header("x-idempotency-key") == nil)
            #expect(await online.entry(idempotencyKey: key) == nil)
        }

        @Test func entriesWrittenBeforeRefusalsExistedStillLoad() throws {
            let line = Data(
                #"{"attempts":2,"enqueuedAt":"2026-01-01T00:00:00Z","headers":{},"id":"i","idempotencyKey":"k","method":"POST","path":"/notes","query":[]}"#
                    .utf8)
            let entry = try OfflineQueueFile.decoder().decode(RonQueuedRequest.self, from: line)
            #expect(entry.attempts == 2)
            #expect(entry.refusals == 0)
            let again = try OfflineQueueFile.decoder().decode(
                RonQueuedRequest.self, from: try OfflineQueueFile.encoder().encode(entry))
            #expect(again == entry)
        }
    }
}
