import Foundation
import RonAppSdkSwift
import RonGateway

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Section 10: a large download to a file (1 GiB unless `RON_BENCH_DOWNLOAD_BYTES` says otherwise)
/// from the embedded gateway's generated file route on loopback, and the upload of a file of the
/// same size to its upload sink: the resident memory each adds (the peak above the starting point,
/// sampled every 20 ms) on each transport, and its time against curl moving the same bytes
/// (`curl -o`, `curl -T`) in the same run.
struct DownloadSection {
    let options: BenchOptions
    let table: ResultTable
    /// The URLSessionTransport download's seconds, for the ratio to the bare reference.
    let lastDownloadSeconds = SecondsBox()
    /// The URLSessionTransport upload's seconds, for the ratio to the bare reference.
    let lastUploadSeconds = SecondsBox()

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
        let upload = folder.appendingPathComponent("upload.bin")
        try writePattern(to: upload)
        let curlUploadSeconds = curlUpload(base, file: upload)
        let bareSeconds = try await bareDownload(base)
        try await measure("URLSessionTransport", base: base, folder: folder, transport: nil, curlSeconds: curlSeconds)
        ratio(
            "download on URLSessionTransport throughput / URLSession.download(from:)", reference: bareSeconds,
            seconds: lastDownloadSeconds.value)
        let bareUploadSeconds = try await bareUpload(base, file: upload)
        try await measureUpload(
            "URLSessionTransport", base: base, file: upload, transport: nil, curlSeconds: curlUploadSeconds)
        ratio(
            "upload on URLSessionTransport throughput / URLSession.upload(for:fromFile:)",
            reference: bareUploadSeconds, seconds: lastUploadSeconds.value)
        if let server = ServerTransport.make(connections: 1) {
            try await measure(
                ServerTransport.name, base: base, folder: folder, transport: server.transport, curlSeconds: curlSeconds)
            try await measureUpload(
                ServerTransport.name, base: base, file: upload, transport: server.transport,
                curlSeconds: curlUploadSeconds)
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

    /// What a user writes instead: `URLSession.download(from:)` on an ephemeral session, which
    /// leaves the body in a temporary file (moved nowhere, and checked for nothing).
    private func bareDownload(_ base: URL) async throws -> Double? {
        guard let url = URL(string: base.absoluteString + "/app/_test/file?bytes=\(size)") else { return nil }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (seconds, added, location) = try await sampled { () async throws -> URL in
            try await session.download(from: url).0
        }
        try? FileManager.default.removeItem(at: location)
        record("URLSession.download(from:) of \(size >> 20) MiB, the bare reference", added: added, seconds: seconds)
        return seconds
    }

    /// What a user writes instead for an upload on `URLSession`: `upload(for:fromFile:)` of the same
    /// file to the same sink (the bytes go as FoundationNetworking or Apple's `URLSession` reads them).
    private func bareUpload(_ base: URL, file: URL) async throws -> Double? {
        guard let url = URL(string: base.absoluteString + "/app/_test/upload-sink?digest=0") else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (seconds, added, answer) = try await sampled { () async throws -> Data in
            try await session.upload(for: request, fromFile: file).0
        }
        guard (try? JSONDecoder().decode(Sunk.self, from: answer))?.bytes == size else {
            table.note("the upload sink did not count \(size) bytes from URLSession.upload(for:fromFile:)")
            return nil
        }
        record(
            "URLSession.upload(for:fromFile:) of \(size >> 20) MiB, the bare reference", added: added, seconds: seconds)
        return seconds
    }

    /// Writes `size` bytes of the gateway's pattern to `file`, 1 MiB at a time.
    private func writePattern(to file: URL) throws {
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        // The pattern repeats every 251 bytes: one block covers any 1 MiB piece from its phase.
        let block = Data((0..<(1 << 20) + 251).map { UInt8(truncatingIfNeeded: $0 % 251) })
        var done = 0
        while done < size {
            let count = min(1 << 20, size - done)
            let phase = done % 251
            try handle.write(contentsOf: block[phase..<phase + count])
            done += count
        }
    }

    /// `curl -T` of the file to the upload sink (a `POST`, without `Expect: 100-continue`; the sink
    /// counts without hashing).
    private func curlUpload(_ base: URL, file: URL) -> Double? {
        guard ProcessRunner.which("curl") != nil else { return nil }
        let url = base.absoluteString + "/app/_test/upload-sink?digest=0"
        let arguments = ["curl", "-sS", "-o", "/dev/null", "-X", "POST", "-H", "Expect:", "-T", file.path, url]
        guard let outcome = try? ProcessRunner.run(arguments), outcome.status == 0 else {
            table.note("curl -T failed: no curl comparison for the uploads of section 10.")
            return nil
        }
        table.add(
            ResultRow(
                section: "10", measure: "curl -T, \(size >> 20) MiB on loopback (MiB/s)",
                value: Format.fixed(Double(size >> 20) / outcome.seconds, 0), spread: "1 run", target: "", pass: nil))
        return outcome.seconds
    }

    /// The file streamed from disk to the upload sink (`AppRequestBody.file`), whose answer names
    /// the bytes it counted.
    private func measureUpload(
        _ name: String, base: URL, file: URL, transport: (any RonTransport)?, curlSeconds: Double?
    ) async throws {
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
        defer { client.close() }
        let (seconds, added, sunk) = try await sampled { () async throws -> Sunk in
            let answer: AppResponse<Sunk> = await client.request(
                AppRequest(
                    method: .post, path: "/_test/upload-sink", query: ["digest": "0"],
                    body: try AppRequestBody.file(file)))
            return try answer.value()
        }
        guard sunk.bytes == size else {
            table.note("the upload sink counted \(sunk.bytes) bytes on \(name), not \(size)")
            return
        }
        if transport == nil { lastUploadSeconds.value = seconds }
        record("upload \(size >> 20) MiB from a file on \(name)", added: added, seconds: seconds)
        ratio("upload on \(name) throughput / curl -T throughput", reference: curlSeconds, seconds: seconds)
    }

    /// Runs `work` while sampling the resident set: its seconds, the peak MiB above the start, its value.
    private func sampled<T: Sendable>(_ work: () async throws -> T) async throws -> (Double, Double, T) {
        let start = ResidentMemory.bytes() ?? 0
        let peak = PeakSampler()
        let sampling = Task {
            while !Task.isCancelled {
                peak.record(ResidentMemory.bytes() ?? 0)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let began = Clock.now()
        let value = try await work()
        let seconds = Double(Clock.now() - began) / 1e9
        sampling.cancel()
        peak.record(ResidentMemory.bytes() ?? 0)
        return (seconds, Double(max(0, peak.value - start)) / 1_048_576, value)
    }

    /// The row of a throughput ratio (the reference's time over ours; target 0.8), when both were taken.
    private func ratio(_ measure: String, reference: Double?, seconds: Double?) {
        guard let reference, let seconds else { return }
        let ratio = reference / seconds
        table.add(
            ResultRow(
                section: "10", measure: measure, value: Format.fixed(ratio, 2), spread: "same run", target: ">= 0.8",
                pass: ratio >= 0.8))
    }

    /// The memory and throughput rows of one transfer.
    private func record(_ what: String, added: Double, seconds: Double) {
        table.add(
            ResultRow(
                section: "10", measure: "\(what): resident memory added (MiB)",
                value: Format.fixed(added, 1), spread: "peak of 20 ms samples", target: "< 64", pass: added < 64))
        table.add(
            ResultRow(
                section: "10", measure: "\(what) (MiB/s)", value: Format.fixed(Double(size >> 20) / seconds, 0),
                spread: "1 run", target: "", pass: nil))
    }

    private func measure(
        _ name: String, base: URL, folder: URL, transport: (any RonTransport)?, curlSeconds: Double?
    ) async throws {
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
        defer { client.close() }
        let (seconds, added, result) = try await sampled {
            try await client.download(
                AppRequest(path: "/_test/file", query: ["bytes": String(size)]), to: folder.appendingPathComponent(name)
            )
        }
        try? FileManager.default.removeItem(at: result.destination)
        if transport == nil { lastDownloadSeconds.value = seconds }
        record("download \(size >> 20) MiB to a file on \(name)", added: added, seconds: seconds)
        ratio("download on \(name) throughput / curl -o throughput", reference: curlSeconds, seconds: seconds)
    }
}

/// The upload sink's answer: the bytes it counted.
private struct Sunk: Decodable {
    var bytes: Int
}

/// One measured time, handed from a measure to the row after it.
final class SecondsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Double?
    var value: Double? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The largest value recorded, from any thread.
private final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    func record(_ value: Int) { lock.withLock { peak = max(peak, value) } }
    var value: Int { lock.withLock { peak } }
}
