import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Connectivity: monitors and the queue flushing when the network is back", .timeLimit(.minutes(1)))
    struct ConnectivityTests {
        @Test func manualMonitorStartsWithTheCurrentStateAndSendsOnlyChanges() async {
            let monitor = ManualConnectivityMonitor(.offline)
            var iterator = monitor.updates().makeAsyncIterator()
            #expect(await iterator.next() == .offline)
            monitor.set(.offline)
            monitor.set(.online)
            monitor.set(.offline)
            #expect(await iterator.next() == .online)
            #expect(await iterator.next() == .offline)
        }

        @Test func queueFlushesWhenAScriptedMonitorTurnsOnline() async throws {
            let file = OfflineQueueTests.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let port = try closedPort()
            let queue = try RonOfflineQueue(fileURL: file, client: try makeClient(port: port))
            for text in ["a", "b"] {
                guard case .queued = try await queue.submit(try OfflineQueueTests.write(text)) else {
                    Issue.record("expected the write to be queued")
                    return
                }
            }
            let server = try LoopbackServer(port: port) { _ in .json(201, "{}") }
            let monitor = ManualConnectivityMonitor(.offline)
            let reports = Collector<RonFlushReport>()
            await queue.flushWhenOnline(monitor) { reports.append($0) }
            #expect(server.requests.isEmpty)
            monitor.set(.online)
            let flushed = await reports.wait(for: 1)
            #expect(flushed.first?.delivered.count == 2)
            #expect(await queue.pending.isEmpty)
            #expect(
                server.requests.map { String(decoding: $0.body, as: UTF8.self) } == [
                    #"{"text":"a"}"#, #"{"text":"b"}"#,
                ])
        }

        @Test func healthProbeFollowsAServerThatGoesDownAndComesBack() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"ok":true}"#) }
            let port = server.port
            let client = try makeClient(server)
            let monitor = HealthProbeMonitor(
                client: client, onlineIntervalMs: 5, initialBackoffMs: 5, maxBackoffMs: 20, probeTimeoutMs: 1_000)
            var states = monitor.updates().makeAsyncIterator()
            #expect(await states.next() == .online)
            #expect(server.requests.first?.path == "/app/healthz")
            server.stop()
            #expect(await states.next() == .offline)
            let again = try LoopbackServer(port: port) { _ in .json(200, #"{"ok":true}"#) }
            #expect(await states.next() == .online)
            #expect(again.requests.first?.path == "/app/healthz")
        }
    }
}
