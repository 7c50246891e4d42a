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
/// (`curl -o`, `curl -T`) and against what a user writes instead on `URLSession`: its download
/// and upload tasks, and (downloads) a bare data delegate that drops every chunk or writes each to a
/// file on the delegate's queue.
///
/// Every contestant runs once per round, one after the other, for `RON_BENCH_TRANSFER_ROUNDS`
/// rounds (default 5): a ratio is the median of the rounds' ratios, each taken between two
/// transfers a few seconds apart, because a single transfer on this machine moves by a quarter
/// from one run to the next (curl's own included).
struct DownloadSection {
    let options: BenchOptions
    let table: ResultTable

    var size: Int {
        ProcessInfo.processInfo.environment["RON_BENCH_DOWNLOAD_BYTES"].flatMap(Int.init) ?? 1 << 30
    }

    var rounds: Int {
        max(ProcessInfo.processInfo.environment["RON_BENCH_TRANSFER_ROUNDS"].flatMap(Int.init) ?? 5, 1)
    }

    /// One way of moving the bytes: a row name and one timed run (its seconds and the resident MiB
    /// it added), `nil` when it could not run.
    private struct Contestant {
        let name: String
        /// curl runs in its own process: no memory figure.
        let measuresMemory: Bool
        let run: () async throws -> (seconds: Double, added: Double)?
    }

    func run() async throws {
        let gateway = EmbeddedGateway()
        let base = try await gateway.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = folder.appendingPathComponent("upload.bin")
        try writePattern(to: upload)
        let server = ServerTransport.make(connections: 1)
        if server == nil {
            table.note("Built without the AsyncHTTPClient trait: no AsyncHTTPClientTransport figures.")
        }
        let mib = size >> 20
        var downloads = [
            Contestant(name: "curl -o, \(mib) MiB on loopback", measuresMemory: false) { curl(base, into: folder) },
            Contestant(name: "`URLSession.download(from:)` of \(mib) MiB, the bare reference", measuresMemory: true) {
                try await bareDownload(base)
            },
            Contestant(name: Self.droppingDelegate, measuresMemory: true) {
                try await bareDelegate(base, writingTo: nil)
            },
            Contestant(name: Self.writingDelegate, measuresMemory: true) {
                try await bareDelegate(base, writingTo: folder.appendingPathComponent("delegate.bin"))
            },
        ]
        var uploads = [
            Contestant(name: "curl -T, \(mib) MiB on loopback", measuresMemory: false) {
                curlUpload(base, file: upload)
            },
            Contestant(
                name: "`URLSession.upload(for:fromFile:)` of \(mib) MiB, the bare reference", measuresMemory: true
            ) {
                try await bareUpload(base, file: upload)
            },
        ]
        let transports: [(String, (any RonTransport)?)] =
            [("URLSessionTransport", nil)] + (server.map { [(ServerTransport.name, $0.transport)] } ?? [])
        for (name, transport) in transports {
            downloads.append(
                Contestant(name: "download \(mib) MiB to a file on \(name)", measuresMemory: true) {
                    try await measure(base: base, folder: folder, transport: transport)
                })
            uploads.append(
                Contestant(name: "upload \(mib) MiB from a file on \(name)", measuresMemory: true) {
                    try await measureUpload(name, base: base, file: upload, transport: transport)
                })
        }
        let downloadTimes = try await runRounds(downloads)
        let uploadTimes = try await runRounds(uploads)
        func named(_ all: [Contestant], _ suffix: String) -> Contestant? { all.first { $0.name.hasSuffix(suffix) } }
        for (name, _) in transports {
            ratio("download on \(name) / curl -o", named(downloads, "on \(name)"), downloads[0], downloadTimes)
            ratio("upload on \(name) / curl -T", named(uploads, "on \(name)"), uploads[0], uploadTimes)
        }
        // Against the bare FoundationNetworking uses the goal is 0.95 of the fastest.
        let sdkDownload = named(downloads, "on URLSessionTransport")
        ratio(
            "download on URLSessionTransport / `URLSession.download(from:)`", sdkDownload, downloads[1], downloadTimes,
            target: 0.95)
        ratio(
            "download on URLSessionTransport / a bare data delegate that drops every chunk", sdkDownload,
            named(downloads, Self.droppingDelegate), downloadTimes, target: 0.95)
        ratio(
            "upload on URLSessionTransport / `URLSession.upload(for:fromFile:)`",
            named(uploads, "on URLSessionTransport"),
            uploads[1], uploadTimes)
        await server?.shutdown()
        try await gateway.stop()
    }

    /// Runs every contestant once per round, in order, and adds each one's rows: its throughput
    /// (the median of the rounds) and, where it applies, the most resident memory it added in any
    /// round. Returns each contestant's seconds per round (a contestant that could not run has none).
    private func runRounds(_ all: [Contestant]) async throws -> [String: [Double]] {
        // `RON_BENCH_TRANSFER_ONLY=<text>[|<text>...]` runs only the contestants whose name holds one
        // of the texts (to profile one, or compare two).
        let only = ProcessInfo.processInfo.environment["RON_BENCH_TRANSFER_ONLY"]?.split(separator: "|")
        let contestants = all.filter { contestant in only.map { $0.contains { contestant.name.contains($0) } } ?? true }
        var seconds: [String: [Double]] = [:]
        var added: [String: Double] = [:]
        for _ in 0..<rounds {
            for contestant in contestants {
                guard let outcome = try await contestant.run() else { continue }
                seconds[contestant.name, default: []].append(outcome.seconds)
                added[contestant.name] = max(added[contestant.name] ?? 0, outcome.added)
            }
        }
        for contestant in contestants {
            guard let times = seconds[contestant.name] else { continue }
            if contestant.measuresMemory, let peak = added[contestant.name] {
                table.add(
                    ResultRow(
                        section: "10", measure: "\(contestant.name): resident memory added (MiB)",
                        value: Format.fixed(peak, 1), spread: "peak of 20 ms samples, \(times.count) runs",
                        target: "< 64", pass: peak < 64))
            }
            let rates = Samples(times.map { Double(size >> 20) / $0 })
            table.add(
                ResultRow(
                    section: "10", measure: "\(contestant.name) (MiB/s)", value: Format.fixed(rates.median, 0),
                    spread: "median of \(times.count) runs, \(rates.spread(0))", target: "", pass: nil))
        }
        return seconds
    }

    /// `curl -o` of the file route; notes once why there is no curl figure.
    private func curl(_ base: URL, into folder: URL) -> (seconds: Double, added: Double)? {
        guard ProcessRunner.which("curl") != nil else {
            table.note("curl is not installed: no curl comparison for section 10.")
            return nil
        }
        let target = folder.appendingPathComponent("curl.bin")
        let url = base.absoluteString + "/app/_test/file?bytes=\(size)"
        defer { try? FileManager.default.removeItem(at: target) }
        guard let outcome = try? ProcessRunner.run(["curl", "-sS", "-o", target.path, url]), outcome.status == 0 else {
            table.note("curl -o failed: no curl comparison for section 10.")
            return nil
        }
        return (outcome.seconds, 0)
    }

    /// What a user writes instead: `URLSession.download(from:)` on an ephemeral session, which
    /// leaves the body in a temporary file (moved nowhere, and checked for nothing).
    private func bareDownload(_ base: URL) async throws -> (seconds: Double, added: Double)? {
        guard let url = URL(string: base.absoluteString + "/app/_test/file?bytes=\(size)") else { return nil }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (seconds, added, location) = try await sampled { () async throws -> URL in
            try await session.download(from: url).0
        }
        try? FileManager.default.removeItem(at: location)
        return (seconds, added)
    }

    /// The contestant whose data delegate drops every chunk: the most a client reading the body
    /// through FoundationNetworking's data delegate can reach.
    static let droppingDelegate = "a bare data delegate that drops every chunk"
    /// The contestant whose data delegate writes each chunk to a file on the delegate's queue.
    static let writingDelegate = "a bare data delegate that writes each chunk to a file"

    /// A bare data task whose delegate drops every chunk (`destination` `nil`) or writes each to a file.
    private func bareDelegate(_ base: URL, writingTo destination: URL?) async throws -> (
        seconds: Double, added: Double
    )? {
        guard let url = URL(string: base.absoluteString + "/app/_test/file?bytes=\(size)") else { return nil }
        defer { if let destination { try? FileManager.default.removeItem(at: destination) } }
        let (seconds, added, received) = try await sampled {
            try await BareDataDelegateDownload.run(url, writingTo: destination)
        }
        guard received == size else {
            table.note(
                "\(destination == nil ? Self.droppingDelegate : Self.writingDelegate) received \(received) bytes, not \(size)"
            )
            return nil
        }
        return (seconds, added)
    }

    /// What a user writes instead for an upload on `URLSession`: `upload(for:fromFile:)` of the same
    /// file to the same sink (the bytes go as FoundationNetworking or Apple's `URLSession` reads them).
    private func bareUpload(_ base: URL, file: URL) async throws -> (seconds: Double, added: Double)? {
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
        return (seconds, added)
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
    private func curlUpload(_ base: URL, file: URL) -> (seconds: Double, added: Double)? {
        guard ProcessRunner.which("curl") != nil else { return nil }
        let url = base.absoluteString + "/app/_test/upload-sink?digest=0"
        let arguments = ["curl", "-sS", "-o", "/dev/null", "-X", "POST", "-H", "Expect:", "-T", file.path, url]
        guard let outcome = try? ProcessRunner.run(arguments), outcome.status == 0 else {
            table.note("curl -T failed: no curl comparison for the uploads of section 10.")
            return nil
        }
        return (outcome.seconds, 0)
    }

    /// The file streamed from disk to the upload sink (`AppRequestBody.file`), whose answer names
    /// the bytes it counted.
    private func measureUpload(
        _ name: String, base: URL, file: URL, transport: (any RonTransport)?
    ) async throws -> (seconds: Double, added: Double)? {
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
            return nil
        }
        return (seconds, added)
    }

    /// `RonClient.download` of the file route to a file, removed afterwards.
    private func measure(
        base: URL, folder: URL, transport: (any RonTransport)?
    ) async throws -> (seconds: Double, added: Double)? {
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
        defer { client.close() }
        let (seconds, added, result) = try await sampled {
            try await client.download(
                AppRequest(path: "/_test/file", query: ["bytes": String(size)]),
                to: folder.appendingPathComponent("download.bin"))
        }
        try? FileManager.default.removeItem(at: result.destination)
        return (seconds, added)
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

    /// The row of a throughput ratio (the reference's time over ours, at least `target`): the median
    /// of the rounds' ratios, each between two transfers of the same round.
    private func ratio(
        _ measure: String, _ ours: Contestant?, _ reference: Contestant?, _ times: [String: [Double]],
        target: Double = 0.8
    ) {
        guard let ours, let reference, let mine = times[ours.name], let theirs = times[reference.name],
            mine.count == theirs.count
        else { return }
        let ratios = Samples(zip(theirs, mine).map { $0 / $1 })
        table.add(
            ResultRow(
                section: "10", measure: "\(measure), throughput", value: Format.fixed(ratios.median, 2),
                spread: "median of \(ratios.values.count) rounds, \(ratios.spread(2))", target: ">= \(target)",
                pass: ratios.median >= target))
    }
}

/// The upload sink's answer: the bytes it counted.
private struct Sunk: Decodable {
    var bytes: Int
}

/// The largest value recorded, from any thread.
private final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    func record(_ value: Int) { lock.withLock { peak = max(peak, value) } }
    var value: Int { lock.withLock { peak } }
}
