import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonFacets
import RonGateway

/// `ron demo`: the SDK's main job, end to end, on a real gateway.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Call health, hello, echo, every item page, a facet and an error route; print what comes back.",
        discussion: """
            Uses the gateway at RON_SDK_GATEWAY_ADDR when it is set; otherwise starts the embedded gateway on a
            free loopback port, with the facets of docs/examples/facets.
            """)

    @Option(help: "Items per page when walking /items.")
    var pageSize: Int = 10

    func validate() throws {
        guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100") }
    }

    func run() async throws {
        var gateway: EmbeddedGateway?
        let environment = ProcessInfo.processInfo.environment
        let client: RonClient
        do {
            if let address = environment["RON_SDK_GATEWAY_ADDR"], !address.isEmpty {
                let config = try RonConfig.fromEnvironment(overrides: RonConfig(allowInsecureHttp: true))
                client = try RonClient(config: config)
                print("gateway: \(address) (from RON_SDK_GATEWAY_ADDR)")
            } else {
                let embedded = try Self.embeddedGateway()
                let base = try await embedded.start()
                gateway = embedded
                client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
                print("gateway: embedded, \(base.absoluteString)")
            }
        } catch {
            CLIOutput.fail("cannot set up the demo: \(error)")
        }
        defer { client.close() }
        let failures = await Self.walk(client, pageSize: pageSize)
        if let gateway { try? await gateway.stop() }
        if failures > 0 {
            CLIOutput.fail("\(failures) step(s) of the demo failed")
        }
        print("demo finished: every step answered as expected")
    }

    /// The embedded gateway with the example facets.
    static func embeddedGateway() throws -> EmbeddedGateway {
        let facetsDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "docs/examples/facets")
        var facets: [FacetDefinition] = []
        if FileManager.default.fileExists(atPath: facetsDirectory.path) {
            facets = try FacetDirectoryLoader.load(directory: facetsDirectory, root: facetsDirectory).facets
        }
        return EmbeddedGateway(configuration: GatewayConfiguration(facets: facets, facetRoot: facetsDirectory))
    }

    /// Runs each step, prints it, and returns how many did not answer as expected.
    static func walk(_ client: RonClient, pageSize: Int) async -> Int {
        var failures = 0
        func step(_ title: String, _ response: AppResponse<some Any>, _ detail: String, expectOK: Bool = true) {
            let passed = response.ok == expectOK
            if !passed { failures += 1 }
            print("\(passed ? "✓" : "✗") \(title)  [\(Transcript.statusLine(response))]")
            print("    " + detail.replacingOccurrences(of: "\n", with: "\n    "))
        }
        func outcome<T: Encodable>(_ response: AppResponse<T>) -> String {
            if let data = response.data { return Transcript.compact(data) }
            return response.problem.map(Transcript.describe) ?? "no body"
        }

        let health: AppResponse<Health> = await client.get("/healthz")
        step("GET /app/healthz → Health", health, outcome(health))

        failures += await Self.revalidation(client)
        failures += await Self.transfers(client)

        let hello: AppResponse<Hello> = await client.get("/hello")
        step("GET /app/hello → Hello", hello, outcome(hello))

        let payload: JSONValue = ["greeting": "hi", "numbers": [1, 2, 3], "nested": ["ok": true]]
        let echo: AppResponse<EchoReply> = await client.post(
            "/echo", body: payload, query: ["headers": "1"], headers: ["x-correlation-id": "ron-demo-1"])
        let echoedBack = echo.data?.echo == payload
        step(
            "POST /app/echo → EchoReply", echo,
            "body came back \(echoedBack ? "unchanged" : "CHANGED"); correlation id seen by the gateway: "
                + (echo.data?.headers?["x-correlation-id"] ?? "-"))
        if !echoedBack { failures += 1 }

        var pages = 0
        var items: [Item] = []
        do {
            for try await page in client.pages(Item.self, path: "/items", pageSize: pageSize) {
                pages += 1
                items += page.items
                let token = page.nextPageToken.map { "next_page_token \($0)" } ?? "last page"
                print("    page \(pages): \(page.items.count) items (\(token))")
            }
            print("✓ GET /app/items, every page → \(items.count) Items in \(pages) pages")
            if let first = items.first {
                print(
                    "    first: \(first.id) \(first.name) \(first.state.rawValue), \(first.sizeBytes) bytes, v\(first.version)"
                )
            }
        } catch {
            failures += 1
            print("✗ GET /app/items: \(error)")
        }

        let facet: AppResponse<JSONValue> = await client.facet("echoer").get("/who")
        step("GET /app/facets/echoer/who (echo facet)", facet, outcome(facet))

        let document: AppResponse<String> = await client.facet("docs").get("/hello")
        step(
            "GET /app/facets/docs/hello (static facet)", document,
            document.data?.trimmingCharacters(in: .whitespacesAndNewlines) ?? outcome(document))

        do {
            let stream = try await client.subscribe(
                StreamTick.self, path: "/events", query: ["count": "3", "interval_ms": "20", "drop_after": "2"])
            var ticks: [UInt64] = []
            for try await tick in stream { ticks.append(tick.seq) }
            let passed = ticks == [1, 2, 3]
            if !passed { failures += 1 }
            print("\(passed ? "✓" : "✗") GET /app/events (server-sent events, dropped once and resumed) → StreamTicks")
            print("    received \(ticks.map(String.init).joined(separator: ", "))")
        } catch {
            failures += 1
            print("✗ GET /app/events: \(error)")
        }

        let limited: AppResponse<Hello> = await client.get("/_test/rate-limited", query: ["retry_after_ms": "1500"])
        step("GET /app/_test/rate-limited → mapped RonProblem", limited, outcome(limited), expectOK: false)

        return failures
    }

    /// A second client with a ``ResponseCache``: the first `/healthz` is stored with its `ETag`, the
    /// second is revalidated (`If-None-Match` → `304`) and answered with the stored body.
    static func revalidation(_ client: RonClient) async -> Int {
        do {
            var config = client.config
            config.cache = try ResponseCache()
            let cached = try RonClient(config: config)
            defer { cached.close() }
            let first: AppResponse<Health> = await cached.get("/healthz")
            let second: AppResponse<Health> = await cached.get("/healthz")
            // A gateway that sends no validator (a real node's health may not) has nothing to revalidate.
            let revalidates = first.header("etag") == nil || second.cache?.source == .revalidated
            let passed = first.ok && second.ok && revalidates
            print("\(passed ? "✓" : "✗") GET /app/healthz twice with a ResponseCache → 304, answered from the cache")
            print(
                "    etag \(first.header("etag") ?? "-"); second answer: "
                    + (second.cache.map { "\($0.source.rawValue), \($0.ageSeconds) s old" } ?? "from the network"))
            return passed ? 0 : 1
        } catch {
            print("✗ response cache: \(error)")
            return 1
        }
    }
}
