import Foundation
import RonAppSdkSwift
import RonGateway

/// Section 10: a large download to a file (1 GiB unless `RON_BENCH_DOWNLOAD_BYTES` says otherwise)
/// from the embedded gateway's generated file route on loopback: the resident memory it adds (the
/// peak above the starting point, sampled every 20 ms) on each transport, and its time against
/// `curl -o` of the same URL in the same run.
struct DownloadSection {
    let options: BenchOptions
    let table: ResultTable

    var size: Int {
        ProcessInfo.processInfo.environment["RON_BENCH_DOWNLOAD_BYTES"].flatMap(Int.init) ?? 1 << 30
    }

    func run() async throws {
        let gateway = EmbeddedGateway()
        let base = try await gateway.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let curlSeconds = curl(base, into: folder)
        try await measure("URLSessionTransport", base: base, folder: folder, transport: nil, curlSeconds: curlSeconds)
        if let server = ServerTransport.make(connections: 1) {
            try await measure(
                ServerTransport.name, base: base, folder: folder, transport: server.transport, curlSeconds: curlSeconds)
            await server.shutdown()
        } else {
            table.note("Built without the AsyncHTTPClient trait: no AsyncHTTPClientTransport download figure.")
        }
        try await gateway.stop()
    }

    private func curl(_ base: URL, into folder: URL) -> Double? {
        guard ProcessRunner.which("curl") != nil else {
            table.note("curl is not installed: no curl comparison for section 10.")
            return nil
        }
        let target = folder.appendingPathComponent("curl.bin")
        let url = base.absoluteString + "/app/_test/file?bytes=\(size)"
        guard let outcome = try? ProcessRunner.run(["curl", "-sS", "-o", target.path, url]), outcome.status == 0 else {
            table.note("curl -o failed: no curl comparison for section 10.")
            return nil
        }
        try? FileManager.default.removeItem(at: target)
        table.add(
            ResultRow(
                section: "10", measure: "curl -o, \(size >> 20) MiB on loopback (MiB/s)",
                value: Format.fixed(Double(size >> 20) / outcome.seconds, 0), spread: "1 run", target: "", pass: nil))
        return outcome.seconds
    }

    private func measure(
        _ name: String, base: URL, folder: URL, transport: (any RonTransport)?, curlSeconds: Double?
    ) async throws {
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
        defer { client.close() }
        let start = ResidentMemory.bytes() ?? 0
        let peak = PeakSampler()
        let sampling = Task {
            while !Task.isCancelled {
                peak.record(ResidentMemory.bytes() ?? 0)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let began = Clock.now()
        let result = try await client.download(
            AppRequest(path: "/_test/file", query: ["bytes": String(size)]), to: folder.appendingPathComponent(name))
        let seconds = Double(Clock.now() - began) / 1e9
        sampling.cancel()
        peak.record(ResidentMemory.bytes() ?? 0)
        try? FileManager.default.removeItem(at: result.destination)
        let added = Double(max(0, peak.value - start)) / 1_048_576
        table.add(
            ResultRow(
                section: "10", measure: "download \(size >> 20) MiB to a file on \(name): resident memory added (MiB)",
                value: Format.fixed(added, 1), spread: "peak of 20 ms samples", target: "< 64", pass: added < 64))
        table.add(
            ResultRow(
                section: "10", measure: "download on \(name) (MiB/s)",
                value: Format.fixed(Double(size >> 20) / seconds, 0),
                spread: "1 run", target: "", pass: nil))
        if let curlSeconds {
            let ratio = curlSeconds / seconds
            table.add(
                ResultRow(
                    section: "10", measure: "download on \(name) throughput / curl -o throughput",
                    value: Format.fixed(ratio, 2), spread: "same run", target: ">= 0.8", pass: ratio >= 0.8))
        }
    }
}

/// The largest value recorded, from any thread.
private final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    func record(_ value: Int) { lock.withLock { peak = max(peak, value) } }
    var value: Int { lock.withLock { peak } }
}
