import Foundation
import RonAppSdkSwift
import RonGateway
import Testing

@Suite("Connectivity against the embedded gateway", .timeLimit(.minutes(1)))
struct ConnectivityInteropTests {
    @Test func queueFlushesWhenTheHealthProbeSeesTheGatewayBackOnTheSamePort() async throws {
        let first = EmbeddedGateway()
        let base = try await first.start()
        let port = try #require(base.port)
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-conn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The queue's own backoff retry waits a minute: the flush under test is the monitor's.
        let queue = try RonOfflineQueue(
            fileURL: folder.appendingPathComponent("queue.json"), client: client, retryDelayMs: 60_000)
        let monitor = HealthProbeMonitor(
            client: client, onlineIntervalMs: 10, initialBackoffMs: 10, maxBackoffMs: 50, probeTimeoutMs: 2_000)
        var states = monitor.updates().makeAsyncIterator()
        #expect(await states.next() == .online)

        try await first.stop()
        #expect(await states.next() == .offline)
        let write = AppRequest(method: .post, path: "/echo", body: try .json(["note": "kept"]))
        guard case .queued = try await queue.submit(write) else {
            Issue.record("expected the write to be queued while the gateway is down")
            return
        }

        let reports = AsyncStream<RonFlushReport>.makeStream()
        await queue.flushWhenOnline(monitor) { reports.continuation.yield($0) }
        let second = EmbeddedGateway(configuration: GatewayConfiguration(port: port))
        _ = try await second.start()
        #expect(await states.next() == .online)
        var delivered: RonFlushReport?
        for await report in reports.stream where !report.delivered.isEmpty {
            delivered = report
            break
        }
        let response = try #require(delivered.flatMap { $0.responses[$0.delivered[0]] })
        #expect(response.status == 200)
        #expect(String(decoding: response.raw ?? Data(), as: UTF8.self).contains("kept"))
        #expect(await queue.pending.isEmpty)
        try await second.stop()
    }
}
