import Foundation
import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Section 3: one client, many concurrent tasks, for a fixed time; throughput, latency, memory,
/// and a native load tool against the same server for reference.
struct LoadSection {
    let server: BenchServer
    let options: BenchOptions
    let table: ResultTable

    struct Outcome {
        var requests: Int
        var failures: Int
        var seconds: Double
        var latencies: LatencyHistogram
        var memory: [Int]

        var rate: Double { Double(requests) / seconds }
    }

    func run() async throws {
        let urlClient = try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true))
        defer { urlClient.close() }
        if options.soakOnly {
            try await soak(urlClient)
            return
        }
        let concurrency = options.concurrency
        var serverOutcome: Outcome?
        if let server = ServerTransport.make(connections: concurrency) {
            let serverClient = try RonClient(
                config: RonConfig(baseUrl: self.server.base, allowInsecureHttp: true, transport: server.transport))
            let outcome = await load(
                name: "RonClient+\(ServerTransport.name)", seconds: options.loadSeconds, concurrency: concurrency
            ) {
                let response: AppResponse<Hello> = await serverClient.get(BenchServer.loadPath)
                return response.ok
            }
            report("RonClient on \(ServerTransport.name)", outcome, target: 5_000)
            if let bare = ServerTransport.bareCall(on: server.transport, url: self.server.url(BenchServer.loadPath)) {
                let bareOutcome = await load(
                    name: "bare AsyncHTTPClient", seconds: options.loadSeconds, concurrency: concurrency, call: bare)
                report("bare AsyncHTTPClient (HTTPClient.execute + JSONDecoder, same pool)", bareOutcome, target: nil)
                table.add(
                    ResultRow(
                        section: "3",
                        measure: "RonClient on \(ServerTransport.name) req/s / bare AsyncHTTPClient req/s",
                        value: Format.fixed(outcome.rate / bareOutcome.rate, 2), spread: "", target: "", pass: nil))
            }
            serverClient.close()
            await server.shutdown()
            serverOutcome = outcome
        } else {
            table.note("Built without the AsyncHTTPClient trait: no AsyncHTTPClientTransport figure.")
        }
        let urlOutcome = await load(
            name: "RonClient+URLSessionTransport", seconds: options.urlSessionLoadSeconds, concurrency: concurrency
        ) {
            let response: AppResponse<Hello> = await urlClient.get(BenchServer.loadPath)
            return response.ok
        }
        report("RonClient on URLSessionTransport (default)", urlOutcome, target: nil)
        if let wrk = runWrk(concurrency: concurrency) {
            table.add(
                ResultRow(
                    section: "3", measure: "wrk (native, \(concurrency) connections, 1 thread): req/s",
                    value: Format.grouped(wrk.rate), spread: "p50 \(wrk.p50) / p99 \(wrk.p99)", target: "",
                    pass: nil))
            if let serverOutcome {
                table.add(
                    ResultRow(
                        section: "3", measure: "RonClient+\(ServerTransport.name) req/s / wrk req/s",
                        value: Format.fixed(serverOutcome.rate / wrk.rate, 2),
                        spread: "", target: "≥ 0.6", pass: serverOutcome.rate / wrk.rate >= 0.6))
            }
        } else {
            table.note("wrk is not installed (`apt-get install -y wrk`): no native reference figure.")
        }
        if options.soakMinutes > 0 { try await soak(urlClient) }
    }

    /// `--soak-minutes`: each transport under the same load for that long, for the memory figure.
    private func soak(_ urlClient: RonClient) async throws {
        let seconds = options.soakMinutes * 60
        if let server = ServerTransport.make(connections: options.concurrency) {
            let serverClient = try RonClient(
                config: RonConfig(baseUrl: self.server.base, allowInsecureHttp: true, transport: server.transport))
            let outcome = await load(
                name: "soak RonClient+\(ServerTransport.name)", seconds: seconds, concurrency: options.concurrency
            ) {
                let response: AppResponse<Hello> = await serverClient.get(BenchServer.loadPath)
                return response.ok
            }
            report("soak: RonClient on \(ServerTransport.name)", outcome, target: nil)
            serverClient.close()
            await server.shutdown()
        }
        let outcome = await load(
            name: "soak RonClient+URLSessionTransport", seconds: seconds, concurrency: options.concurrency
        ) {
            let response: AppResponse<Hello> = await urlClient.get(BenchServer.loadPath)
            return response.ok
        }
        report("soak: RonClient on URLSessionTransport (default)", outcome, target: nil)
        // The same load with no SDK at all: what FoundationNetworking's URLSession itself keeps.
        let bare = URLSession(configuration: .ephemeral)
        defer { bare.invalidateAndCancel() }
        let url = server.url(BenchServer.loadPath)
        let bareOutcome = await load(name: "soak bare URLSession", seconds: seconds, concurrency: options.concurrency) {
            guard let (data, response) = try? await bare.data(for: URLRequest(url: url)),
                (response as? HTTPURLResponse)?.statusCode == 200
            else { return false }
            return (try? JSONDecoder().decode(Hello.self, from: data)) != nil
        }
        report("soak: bare URLSession data(for:) (no SDK)", bareOutcome, target: nil)
    }

    private func report(_ label: String, _ outcome: Outcome, target: Double?) {
        let p50 = outcome.latencies.percentile(0.5)
        let p99 = outcome.latencies.percentile(0.99)
        table.add(
            ResultRow(
                section: "3",
                measure: "\(label), \(options.concurrency) tasks, \(Int(outcome.seconds)) s: req/s",
                value: Format.grouped(outcome.rate),
                spread: "p50 \(Format.fixed(p50, 2)) ms / p99 \(Format.fixed(p99, 2)) ms, \(outcome.failures) failed",
                target: target.map { "≥ \(Format.grouped($0))" } ?? "", pass: target.map { outcome.rate >= $0 }))
        let mib = outcome.memory.map { Double($0) / 1_048_576 }
        guard let first = mib.first, let last = mib.last, let peak = mib.max() else { return }
        let growth = (last - first) / first
        // Growth per request separates a leak (a steady amount each call) from a one-off warm-up.
        let perRequest = Format.fixed((last - first) * 1_048_576 / Double(max(outcome.requests, 1)), 0)
        table.add(
            ResultRow(
                section: "3",
                measure: "\(label): resident memory after warm-up, at 0/25/50/75/100 % of the run (MiB)",
                value: [0, 1, 2, 3, 4].map { Format.fixed(mib[(mib.count - 1) * $0 / 4], 1) }.joined(separator: " → "),
                spread: "peak \(Format.fixed(peak, 1)), \(mib.count) samples, \(perRequest) B a request",
                target: "growth ≤ 5 %",
                pass: growth <= 0.05))
    }

    private func load(name: String, seconds: Double, concurrency: Int, call: @escaping @Sendable () async -> Bool)
        async -> Outcome
    {
        log("load: \(name) warm-up 5 s, then \(Int(seconds)) s with \(concurrency) tasks")
        _ = await drive(seconds: 5, concurrency: concurrency, call: call)
        let sampler = Task { () -> [Int] in
            var samples: [Int] = []
            while !Task.isCancelled {
                if let rss = ResidentMemory.bytes() { samples.append(rss) }
                try? await Task.sleep(nanoseconds: 1_000_000_000)
            }
            return samples
        }
        let start = Clock.now()
        var outcome = await drive(seconds: seconds, concurrency: concurrency, call: call)
        outcome.seconds = Double(Clock.now() - start) / 1e9
        sampler.cancel()
        outcome.memory = await sampler.value
        return outcome
    }

    func drive(seconds: Double, concurrency: Int, call: @escaping @Sendable () async -> Bool) async -> Outcome {
        let deadline = Clock.now() + UInt64(seconds * 1e9)
        return await withTaskGroup(of: (Int, Int, LatencyHistogram).self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var done = 0
                    var failed = 0
                    var latencies = LatencyHistogram()
                    while true {
                        let start = Clock.now()
                        if start >= deadline { break }
                        if await call() { done += 1 } else { failed += 1 }
                        latencies.record(nanoseconds: Clock.now() - start)
                    }
                    return (done, failed, latencies)
                }
            }
            var outcome = Outcome(
                requests: 0, failures: 0, seconds: seconds, latencies: LatencyHistogram(), memory: [])
            for await (done, failed, latencies) in group {
                outcome.requests += done
                outcome.failures += failed
                outcome.latencies.merge(latencies)
            }
            return outcome
        }
    }

    private struct WrkResult {
        var rate: Double
        var p50: String
        var p99: String
    }

    private func runWrk(concurrency: Int) -> WrkResult? {
        guard let wrk = ProcessRunner.which("wrk") else { return nil }
        let url = server.url(BenchServer.loadPath).absoluteString
        let seconds = max(Int(options.wrkSeconds), 1)
        log("load: wrk -t1 -c\(concurrency) -d\(seconds)s --latency \(url)")
        guard
            let outcome = try? ProcessRunner.run(
                [wrk, "-t1", "-c\(concurrency)", "-d\(seconds)s", "--latency", url]),
            outcome.status == 0
        else { return nil }
        var result = WrkResult(rate: .nan, p50: "?", p99: "?")
        for line in outcome.output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count > 1, let rate = Double(fields[1]) {
                result.rate = rate
            } else if fields.first == "50%", fields.count > 1 {
                result.p50 = String(fields[1])
            } else if fields.first == "99%", fields.count > 1 {
                result.p99 = String(fields[1])
            }
        }
        return result.rate.isFinite ? result : nil
    }
}
