import Foundation
import RonAppSdkSwift
import RonBenchOpenAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Section 8: how cost grows. Requests per second and p50/p99 latency for 1 to 256 concurrent
/// tasks, codec throughput for bodies of 1 KiB to 1 MiB, and generator time for 10 to 10,000
/// types, each beside its peer in the same run.
struct ScalingSection {
    let server: BenchServer
    let options: BenchOptions
    let table: ResultTable

    static let concurrencyLevels = [1, 8, 32, 128, 256]
    static let bodySizes = [(1_024, "1 KiB"), (64 * 1_024, "64 KiB"), (1_048_576, "1 MiB")]
    static let typeCounts = [10, 100, 1_000, 10_000]

    func run() async throws {
        try await concurrency()
        try bodies()
        try codegen()
    }

    // MARK: Concurrency

    /// One load contestant: a name and a call that says whether it succeeded.
    private struct Contestant {
        let name: String
        let call: @Sendable () async -> Bool
    }

    private func concurrency() async throws {
        let load = LoadSection(server: server, options: options, table: table)
        let url = server.url(BenchServer.loadPath)
        // What a user writes instead: one ephemeral session, `data(for:)`, `JSONDecoder`.
        let bare = URLSession(configuration: .ephemeral)
        defer { bare.invalidateAndCancel() }
        let client = try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true))
        defer { client.close() }
        var contestants = [
            Contestant(name: "bare URLSession") {
                guard let (data, response) = try? await bare.data(for: URLRequest(url: url)),
                    (response as? HTTPURLResponse)?.statusCode == 200
                else { return false }
                return (try? JSONDecoder().decode(Hello.self, from: data)) != nil
            },
            Contestant(name: "RonClient") {
                let response: AppResponse<Hello> = await client.get(BenchServer.loadPath)
                return response.ok
            },
        ]
        let serverTransport = ServerTransport.make(connections: Self.concurrencyLevels.max() ?? 8)
        if let serverTransport {
            let serverClient = try RonClient(
                config: RonConfig(baseUrl: server.base, allowInsecureHttp: true, transport: serverTransport.transport))
            contestants.append(
                Contestant(name: "RonClient+\(ServerTransport.name)") {
                    let response: AppResponse<Hello> = await serverClient.get(BenchServer.loadPath)
                    return response.ok
                })
        }
        let seconds = options.scalingSeconds
        log(
            "scaling: GET \(BenchServer.loadPath), \(Self.concurrencyLevels) tasks, \(seconds) s a contestant and level"
        )
        for (index, level) in Self.concurrencyLevels.enumerated() {
            var rates: [String: Double] = [:]
            for offset in 0..<contestants.count {
                let contestant = contestants[(index + offset) % contestants.count]
                _ = await load.drive(seconds: min(1, seconds), concurrency: level, call: contestant.call)
                let start = Clock.now()
                var outcome = await load.drive(seconds: seconds, concurrency: level, call: contestant.call)
                outcome.seconds = Double(Clock.now() - start) / 1e9
                rates[contestant.name] = outcome.rate
                table.add(
                    ResultRow(
                        section: "8", measure: "\(contestant.name), \(level) tasks: req/s",
                        value: Format.grouped(outcome.rate),
                        spread: "p50 \(Format.fixed(outcome.latencies.percentile(0.5), 2)) ms / p99 "
                            + "\(Format.fixed(outcome.latencies.percentile(0.99), 2)) ms, \(outcome.failures) failed",
                        target: "", pass: nil))
            }
            if let ours = rates["RonClient"], let base = rates["bare URLSession"] {
                table.add(
                    ResultRow(
                        section: "8", measure: "RonClient / bare URLSession req/s, \(level) tasks",
                        value: Format.fixed(ours / base, 3), spread: "", target: "", pass: nil))
            }
        }
        await serverTransport?.shutdown()
    }

    // MARK: Body sizes

    private func bodies() throws {
        let codecs = CodecSection(options: options, table: table)
        // About 200 bytes an item once encoded; sized from a 100-item page, then checked.
        let sample = try JSONEncoder().encode(Payloads.itemPage(count: 100)).count
        for (bytes, label) in Self.bodySizes {
            let count = max(1, bytes * 100 / sample)
            let data = try JSONEncoder().encode(Payloads.itemPage(count: count))
            let contestants = [
                CodecSection.codec("generated", ItemPage.self, JSONDecoder(), JSONEncoder()),
                CodecSection.codec("hand-written", HandItemPage.self, HandCoders.decoder(), HandCoders.encoder()),
                CodecSection.codec(
                    "openapi-generator", Components.Schemas.ItemPage.self, OpenAPICoders.decoder(),
                    OpenAPICoders.encoder()),
            ]
            try codecs.measure(
                "ItemPage of \(label) (\(count) items, \(data.count) bytes): decode",
                contestants.map { codec in (codec.name, { codec.decode(data) }) }, bytes: data.count, section: "8")
            var encoders: [(String, () -> Bool)] = []
            for codec in contestants {
                guard let encode = codec.encoder(data) else { throw BenchError("\(codec.name) cannot encode \(label)") }
                encoders.append((codec.name, { encode() != nil }))
            }
            try codecs.measure("ItemPage of \(label): encode", encoders, bytes: data.count, section: "8")
        }
    }

    // MARK: Generator time

    private func codegen() throws {
        guard
            let tool = try CodegenSection.findTool(package: options.packageDirectory, scratch: options.scratchDirectory)
        else {
            table.note("8: ron-codegen not found; no generator figures.")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ron-bench-scaling-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: work)
        defer { try? FileManager.default.removeItem(at: work) }
        if options.openAPIGenerator == nil {
            table.note(
                "8/9: no swift-openapi-generator given (`--openapi-generator PATH`): its generator and compile rows are skipped."
            )
        }
        // A quick run checks the suite works: 1,000 types take seconds on a debug generator, 10,000 half a minute.
        for count in Self.typeCounts where !options.quick || count <= 100 {
            let schema = work.appendingPathComponent("schema-\(count)", isDirectory: true)
            try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
            try Data(CodegenSection.syntheticSchema(types: count).utf8).write(
                to: schema.appendingPathComponent("synthetic.schema.json"))
            let runs = count >= 10_000 ? 3 : 5
            var ours = Samples()
            for _ in 0..<runs {
                let outcome = try ProcessRunner.run(
                    [tool, "--schema", schema.path, "--output", work.appendingPathComponent("out-\(count)").path])
                guard outcome.status == 0 else { throw BenchError("ron-codegen failed: \(outcome.output.prefix(400))") }
                ours.add(outcome.seconds)
            }
            table.add(
                ResultRow(
                    section: "8", measure: "ron-codegen, \(Format.grouped(Double(count))) types (wall s)",
                    value: Format.fixed(ours.median, 3), spread: ours.spread(3), target: "", pass: nil))
            guard let generator = options.openAPIGenerator else { continue }
            let document = work.appendingPathComponent("openapi-\(count).json")
            try Data(SyntheticOpenAPI.document(types: count).utf8).write(to: document)
            var peer = Samples()
            for _ in 0..<runs {
                let output = work.appendingPathComponent("openapi-out-\(count)", isDirectory: true)
                try? FileManager.default.removeItem(at: output)
                let outcome = try ProcessRunner.run(SyntheticOpenAPI.generateCommand(generator, document, output))
                guard outcome.status == 0 else {
                    throw BenchError("swift-openapi-generator failed: \(outcome.output.prefix(400))")
                }
                peer.add(outcome.seconds)
            }
            table.add(
                ResultRow(
                    section: "8",
                    measure: "swift-openapi-generator, \(Format.grouped(Double(count))) types (wall s)",
                    value: Format.fixed(peer.median, 3), spread: peer.spread(3), target: "", pass: nil))
        }
    }
}
