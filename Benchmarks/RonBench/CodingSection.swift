import Foundation
import RonAppSdkSwift

#if AsyncHTTPClient
    import AsyncHTTPClient
#endif

/// Section 11: what a coded body costs `AsyncHTTPClientTransport`, the measure behind its default
/// (it asks for `identity` and decodes nothing unless its configuration enables decompression).
/// A server that gzips when asked (Python's `http.server`, a JSON array of distinct objects,
/// 64 MiB unless `RON_BENCH_CODING_BYTES` says otherwise) answers the same document coded or not;
/// the client downloads it to a file with the default transport (identity) and with one whose
/// `HTTPClient.Configuration.decompression` is enabled (gzip on the wire, decoded on the event
/// loop): the time, the client's CPU time, and the bytes that crossed the wire, over five rounds.
struct CodingSection {
    let options: BenchOptions
    let table: ResultTable

    var size: Int {
        ProcessInfo.processInfo.environment["RON_BENCH_CODING_BYTES"].flatMap(Int.init) ?? 64 << 20
    }

    /// The server: prints its port, then answers every GET with the document, gzip-coded when the
    /// request's `Accept-Encoding` names gzip. It stops when its standard input closes.
    static let script = """
        import gzip, http.server, os, sys, threading
        size = int(sys.argv[1])
        items, total, n = [], 2, 0
        while total < size:
            item = '{"id":%d,"name":"customer %d","email":"c%d@example.com","active":%s,"balance":%d.%02d}' % (
                n, n, n, "true" if n % 3 else "false", n * 7 % 100000, n % 100)
            items.append(item); total += len(item) + 1; n += 1
        plain = ("[" + ",".join(items) + "]").encode()
        coded = gzip.compress(plain, 6)
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def do_GET(self):
                gz = "gzip" in self.headers.get("Accept-Encoding", "")
                body = coded if gz else plain
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                if gz: self.send_header("Content-Encoding", "gzip")
                self.end_headers()
                self.wfile.write(body)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], len(plain), len(coded), flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        server.serve_forever()
        """

    func run() async throws {
        #if AsyncHTTPClient
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.script, String(size)]
            let output = Pipe()
            let input = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            defer {
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            // The server prints its one line once the document is built: read up to its end.
            var printed = Data()
            while !printed.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed.append(chunk)
            }
            let line = String(decoding: printed, as: UTF8.self)
            let fields = line.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard fields.count == 3 else {
                table.note("Section 11: the coding server did not start (\(line)).")
                return
            }
            let base = URL(string: "http://127.0.0.1:\(fields[0])")!
            let plainMiB = Double(fields[1]) / 1_048_576
            let codedMiB = Double(fields[2]) / 1_048_576
            var decompressing = HTTPClient.Configuration()
            decompressing.decompression = .enabled(limit: .none)
            let contestants: [(name: String, transport: AsyncHTTPClientTransport, accept: String?)] = [
                ("identity (the default transport)", AsyncHTTPClientTransport(), nil),
                (
                    "gzip, decoded by the transport (decompression enabled)",
                    AsyncHTTPClientTransport(configuration: decompressing), "gzip"
                ),
            ]
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ron-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var seconds: [[Double]] = Array(repeating: [], count: contestants.count)
            var cpu: [[Double]] = Array(repeating: [], count: contestants.count)
            // Every transport is shut down however the rounds end (an HTTPClient must be).
            var failure: (any Error)?
            rounds: for _ in 0..<5 {
                for (index, contestant) in contestants.enumerated() {
                    do {
                        let client = try RonClient(
                            config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: contestant.transport))
                        defer { client.close() }
                        var request = AppRequest(method: .get, path: RonPath.server("/document.json"))
                        if let accept = contestant.accept { request.headers["Accept-Encoding"] = accept }
                        let file = folder.appendingPathComponent("document-\(index).json")
                        let startCPU = CPUTime.microseconds()
                        let start = ContinuousClock.now
                        let result = try await client.download(request, to: file)
                        let elapsed = ContinuousClock.now - start
                        guard result.bytes == Int64(fields[1]) else {
                            table.note("Section 11: \(contestant.name) wrote \(result.bytes) bytes, not \(fields[1]).")
                            break rounds
                        }
                        cpu[index].append(Double(CPUTime.microseconds() - startCPU) / 1_000_000)
                        seconds[index].append(
                            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                    } catch {
                        failure = error
                        break rounds
                    }
                }
            }
            for contestant in contestants { try? await contestant.transport.shutdown() }
            if let failure { throw failure }
            guard seconds.allSatisfy({ $0.count == 5 }) else { return }
            for (index, contestant) in contestants.enumerated() {
                let rates = Samples(seconds[index].map { plainMiB / $0 })
                let wire = index == 0 ? plainMiB : codedMiB
                table.add(
                    ResultRow(
                        section: "11",
                        measure:
                            "\(Int(plainMiB.rounded())) MiB of JSON, \(contestant.name): \(Format.fixed(wire, 1)) MiB on the wire (MiB/s of JSON)",
                        value: Format.fixed(rates.median, 0),
                        spread: "median of \(seconds[index].count) runs, \(rates.spread(0))", target: "", pass: nil))
                let cpuPerGiB = Samples(cpu[index].map { $0 / plainMiB * 1024 })
                table.add(
                    ResultRow(
                        section: "11", measure: "\(contestant.name): client CPU seconds per GiB of JSON",
                        value: Format.fixed(cpuPerGiB.median, 2),
                        spread: "median of \(cpu[index].count) runs, \(cpuPerGiB.spread(2))", target: "", pass: nil))
            }
            let timeRatio = Samples(zip(seconds[1], seconds[0]).map { $0 / $1 })
            let cpuRatio = Samples(zip(cpu[1], cpu[0]).map { $0 / $1 })
            table.add(
                ResultRow(
                    section: "11", measure: "gzip decoded / identity on loopback: time",
                    value: Format.fixed(timeRatio.median, 2),
                    spread: "median of \(timeRatio.values.count) rounds, \(timeRatio.spread(2))", target: "", pass: nil)
            )
            table.add(
                ResultRow(
                    section: "11", measure: "gzip decoded / identity on loopback: client CPU",
                    value: Format.fixed(cpuRatio.median, 2),
                    spread: "median of \(cpuRatio.values.count) rounds, \(cpuRatio.spread(2))", target: "", pass: nil))
        #else
            table.note("Section 11 needs the AsyncHTTPClient trait (swift build --traits AsyncHTTPClient).")
        #endif
    }
}
