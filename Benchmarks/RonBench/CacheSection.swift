import Foundation
import RonAppSdkSwift

/// Section 7: what a ``ResponseCache`` hit costs. The cache's own work on a hit (key, lookup,
/// freshness, the answer) is timed on its own; a whole GET answered from the cache is timed against
/// the same GET on a transport that answers at once (the client's work without a cache).
final class CacheSection {
    let options: BenchOptions
    let table: ResultTable

    init(options: BenchOptions, table: ResultTable) {
        self.options = options
        self.table = table
    }

    func run() async throws {
        let body = Data(BenchServer.helloBody.utf8)
        let headers: RonHeaders = [
            "content-type": "application/json", "cache-control": "max-age=3600", "etag": "\"b\"",
        ]
        let canned = CannedTransport(response: TransportResponse(status: 200, headers: headers, body: body))
        let base = URL(string: "http://127.0.0.1:9")!
        let cache = try ResponseCache()
        var config = RonConfig(baseUrl: base, authToken: "bench-token", allowInsecureHttp: true, transport: canned)
        let plain = try RonClient(config: config)
        config.cache = cache
        let cached = try RonClient(config: config)
        defer {
            plain.close()
            cached.close()
        }
        let warm: AppResponse<Hello> = await cached.get(BenchServer.helloPath)
        guard warm.ok else { throw BenchError("the cached client failed its first call") }

        let request = TransportRequest(
            method: "GET", url: base.appendingPathComponent("app").appendingPathComponent("hello"),
            headers: ["Authorization": "Bearer bench-token", "Accept": "application/json"])
        // The cache's own stage (package access: it is not a public middleware).
        let stored = try await cache.respond(request, terminal: nil) { _ in canned.response }
        _ = stored
        let calls = 2_000
        var hit = Samples()
        var sdkCached = Samples()
        var sdkPlain = Samples()
        for _ in 0..<options.rounds {
            let hitBatch = await CallContestant.timed(calls) {
                let answer = try? await cache.respond(request, terminal: nil) { _ in
                    throw TransportFailure(.other, detail: "a hit must not reach the network")
                }
                return answer?.cacheInfo?.source == .hit
            }
            let cachedBatch = await CallContestant.timed(calls) {
                let response: AppResponse<Hello> = await cached.get(BenchServer.helloPath)
                return response.cache?.source == .hit
            }
            let plainBatch = await CallContestant.timed(calls) {
                let response: AppResponse<Hello> = await plain.get(BenchServer.helloPath)
                return response.ok
            }
            for batch in [hitBatch, cachedBatch, plainBatch] where batch.failures > 0 {
                throw BenchError("\(batch.failures) cache calls did not go as expected")
            }
            hit.add(Double(hitBatch.nanoseconds) / Double(calls) / 1_000)
            sdkCached.add(Double(cachedBatch.nanoseconds) / Double(calls) / 1_000)
            sdkPlain.add(Double(plainBatch.nanoseconds) / Double(calls) / 1_000)
        }
        table.add(
            ResultRow(
                section: "7", measure: "ResponseCache hit, the cache's own work (µs)",
                value: Format.fixed(hit.median, 2), spread: hit.spread(2), target: "< 10", pass: hit.median < 10))
        table.add(
            ResultRow(
                section: "7", measure: "GET answered from the cache / GET on an instant transport, no cache",
                value: Format.fixed(sdkCached.median / sdkPlain.median, 3),
                spread: "cached \(sdkCached.spread(1)) µs, uncached \(sdkPlain.spread(1)) µs", target: "", pass: nil))
    }
}
