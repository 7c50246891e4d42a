import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Offline queue you can trust: durability, locking, bounds, 401s", .timeLimit(.minutes(1)))
    struct OfflineQueueDurabilityTests {
        typealias Base = OfflineQueueTests

        static func lines(_ file: URL) throws -> [String] {
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        @Test func writeIsOnDiskBeforeItsFirstAttempt() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let seenOnDisk = Locked<String>("")
            let server = try LoopbackServer { _ in
                seenOnDisk.update { $0 = (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
                return .json(200, "{}")
            }
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            var request = try Base.write("ahead")
            request.headers["Idempotency-Key"] = "wal-key"
            guard case .delivered = try await queue.submit(request) else {
                Issue.record("expected delivery")
                return
            }
            #expect(seenOnDisk.value.contains("wal-key"))
            #expect(seenOnDisk.value.hasSuffix("\n"))
            let lines = try Self.lines(file)
            #expect(lines.last?.contains(#""op":"remove""#) == true)
        }

        @Test func secondQueueOnTheSameFileIsRefusedUntilTheFirstCloses() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let client = try makeClient(port: try closedPort())
            let first = try RonOfflineQueue(fileURL: file, client: client)
            #expect(throws: RonOfflineQueueError.locked(path: file.path)) {
                _ = try RonOfflineQueue(fileURL: file, client: client)
            }
            // Another process (util-linux `flock`, where there is one) cannot take the lock either.
            let tool = URL(fileURLWithPath: "/usr/bin/flock")
            if FileManager.default.isExecutableFile(atPath: tool.path) {
                let other = Process()
                other.executableURL = tool
                other.arguments = ["--nonblock", file.path + ".lock", "true"]
                try other.run()
                other.waitUntilExit()
                #expect(other.terminationStatus != 0)
            }
            await first.close()
            let second = try RonOfflineQueue(fileURL: file, client: client)
            #expect(await second.pending.isEmpty)
        }

        @Test func damagedTailKeepsTheEntriesBeforeIt() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let client = try makeClient(port: try closedPort())
            let queue = try RonOfflineQueue(fileURL: file, client: client)
            for text in ["a", "b"] { _ = try await queue.submit(try Base.write(text)) }
            await queue.close()
            let intact = try Self.lines(file).count
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"op":"put","entr"#.utf8))
            try handle.close()
            let reopened = try RonOfflineQueue(fileURL: file, client: client)
            #expect(reopened.corruption?.reason == "line \(intact + 1) is not a queue record")
            #expect(reopened.corruption?.recoveredEntries == 2)
            #expect(await reopened.pending.count == 2)
            #expect(try Self.lines(file).count == 2)
        }

        @Test func writesSubmittedWhileOneIsInFlightAreSentAfterItInOrder() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let inFlight = Locked(0)
            let most = Locked(0)
            let firstArrived = Locked(false)
            let release = Locked(false)
            let server = try LoopbackServer { request in
                let now = inFlight.update {
                    $0 += 1
                    return $0
                }
                most.update { $0 = max($0, now) }
                if String(decoding: request.body, as: UTF8.self).contains(#""0""#) {
                    firstArrived.update { $0 = true }
                    for _ in 0..<5_000 where !release.value { Thread.sleep(forTimeInterval: 0.001) }
                }
                inFlight.update { $0 -= 1 }
                return .json(200, "{}")
            }
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            let first = Task { try await queue.submit(try Base.write("0")) }
            #expect(await eventually { firstArrived.value })
            var later: [Task<RonOfflineOutcome, any Error>] = []
            for index in 1...8 {
                later.append(Task { try await queue.submit(try Base.write("\(index)")) })
                // The first write is held by the server, so the queue only grows until it is released.
                for _ in 0..<5_000 {
                    if await queue.pending.count >= index + 1 { break }
                    try await Task.sleep(for: .milliseconds(1))
                }
                #expect(await queue.pending.count == index + 1)
            }
            release.update { $0 = true }
            _ = try await first.value
            for task in later { _ = try await task.value }
            #expect(most.value == 1)
            let bodies = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
            #expect(bodies == (0...8).map { #"{"text":"\#($0)"}"# })
            #expect(await queue.pending.isEmpty)
        }

        @Test(arguments: [502, 503, 504])
        func gatewayErrorOnTheFirstSendIsQueuedLikeOnReplay(status: Int) async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let up = Locked(false)
            let server = try LoopbackServer { _ in
                up.value ? .json(201, "{}") : .json(status, #"{"code":"busy","message":"later"}"#)
            }
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            guard case .queued(let entry) = try await queue.submit(try Base.write("x")) else {
                Issue.record("expected a \(status) on the first send to queue the write")
                return
            }
            #expect(entry.attempts == 1)
            #expect(entry.lastProblem?.status == status)
            up.update { $0 = true }
            let report = await queue.flush()
            #expect(report.delivered == [entry.id])
            #expect(server.requests.map { $0.header("idempotency-key") }.allSatisfy { $0 == entry.idempotencyKey })
        }

        @Test func boundsOnCountAndBytesGiveAClearError() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let client = try makeClient(port: try closedPort())
            let queue = try RonOfflineQueue(fileURL: file, client: client, maxEntries: 2, maxBytes: 40)
            _ = try await queue.submit(try Base.write("1"))
            _ = try await queue.submit(try Base.write("2"))
            await #expect(
                throws: RonOfflineQueueError.full(path: file.path, entries: 2, bytes: 24, maxEntries: 2, maxBytes: 40)
            ) {
                _ = try await queue.submit(try Base.write("3"))
            }
            #expect(await queue.pending.count == 2)
            await queue.close()
            let small = try RonOfflineQueue(fileURL: file, client: client, maxEntries: 10, maxBytes: 40)
            do {
                _ = try await small.submit(try Base.write(String(repeating: "z", count: 40)))
                Issue.record("expected the byte bound to refuse the write")
            } catch {
                let text = (error as? RonOfflineQueueError)?.description ?? ""
                #expect(text.contains("is full"))
                #expect(text.contains(file.path))
            }
        }

        @Test func unauthorizedRepliesCallTheHookAndNeverDeadLetter() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let token = Locked("old")
            let configure: (inout RonConfig) -> Void = { config in
                config.headerProvider = { ["Authorization": "Bearer \(token.value)"] }
            }
            let offline = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port, configure: configure))
            for text in ["a", "b", "c"] { _ = try await offline.submit(try Base.write(text)) }
            await offline.close()
            let server = try LoopbackServer(port: port) { request in
                request.header("authorization") == "Bearer new"
                    ? .json(201, "{}") : .json(401, #"{"code":"unauthorized","message":"expired"}"#)
            }
            let client = try makeClient(server, configure: configure)
            let stuck = try RonOfflineQueue(fileURL: file, client: client, maxAttempts: 1)
            let blocked = await stuck.flush()
            #expect(blocked.stoppedBy?.status == 401)
            #expect(await stuck.pending.count == 3)
            #expect(await stuck.deadLetters.isEmpty)
            await stuck.close()
            let refreshes = Locked(0)
            let queue = try RonOfflineQueue(fileURL: file, client: client, maxAttempts: 1) {
                refreshes.update { $0 += 1 }
                token.update { $0 = "new" }
                return true
            }
            let report = await queue.flush()
            #expect(report.delivered.count == 3)
            #expect(refreshes.value == 1)
            #expect(await queue.deadLetters.isEmpty)
        }

        @Test func aChangeAppendsOneLineHoweverLongTheQueueAndCompactionShrinksIt() async throws {
            let file = Base.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port), maxAttempts: 1_000)
            for index in 0..<200 { _ = try await queue.submit(try Base.write("\(index)")) }
            let before = try Data(contentsOf: file)
            _ = try await queue.submit(try Base.write("last"))
            let after = try Data(contentsOf: file)
            #expect(after.prefix(before.count) == before)
            #expect(try Self.lines(file).count == before.split(separator: UInt8(ascii: "\n")).count + 2)
            await queue.close()
            let server = try LoopbackServer(port: port) { _ in .json(200, "{}") }
            let online = try RonOfflineQueue(fileURL: file, client: try makeClient(server))
            #expect(await online.pending.count == 201)
            let report = await online.flush()
            #expect(report.delivered.count == 201)
            #expect(try Data(contentsOf: file).count < before.count / 10)
        }
    }
}
