import Foundation
import RonAppSdkSwift
import RonFacets
import RonGateway
import RonTestSupport
import Testing

@Suite("RonClient against the embedded gateway")
struct RonClientInteropTests {
    @Test func happyPathsDecodeTheGeneratedTypes() async throws {
        try await withGateway(packageConfiguration()) { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let health: AppResponse<Health> = await client.get("/healthz")
            #expect(health.ok && health.status == 200)
            #expect(health.data?.ok == true)
            let hello: AppResponse<Hello> = await client.get("/hello")
            #expect(hello.data?.message.isEmpty == false)
            #expect(hello.correlationId != nil)
            let echo: AppResponse<EchoReply> = await client.post("/echo", body: ["k": "v"] as [String: String])
            #expect(echo.data?.echo == ["k": "v"])
            #expect(echo.data?.headers == nil)
            let page: AppResponse<ItemPage> = await client.get("/items", query: ["page_size": "5"])
            #expect(page.data?.items.count == 5)
            #expect(page.data?.nextPageToken != nil)
        }
    }

    @Test func paginationWalksEveryPage() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            var sizes: [Int] = []
            for try await page in client.pages(Item.self, path: "/items") { sizes.append(page.items.count) }
            #expect(sizes == [10, 10, 3])
            let all = try await client.listAll(Item.self, path: "/items", pageSize: 7)
            #expect(all.count == 23)
            #expect(Set(all.map(\.id)).count == 23)
            let limited = try await client.listAll(Item.self, path: "/items", pageSize: 7, limit: 9)
            #expect(limited.map(\.id) == Array(all.prefix(9)).map(\.id))
        }
    }

    @Test func headersReachTheGateway() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base) { config in
                config.authToken = "tok-1"
                config.passportToken = "pass-1"
                config.requestIdFactory = { "req-fixed" }
                config.idempotencyKeyFactory = { "idem-fixed" }
            }
            defer { client.close() }
            let answer: AppResponse<EchoReply> = await client.post(
                "/echo", body: [1, 2] as [Int], query: ["headers": "1"])
            let headers = try #require(answer.data?.headers)
            #expect(headers["authorization"] == "Bearer tok-1")
            #expect(headers["x-ron-passport"] == "pass-1")
            #expect(headers["x-request-id"] == "req-fixed")
            #expect(headers["x-correlation-id"] == "req-fixed")
            #expect(headers["idempotency-key"] == "idem-fixed")
            #expect(answer.header("x-correlation-id") == "req-fixed")
            #expect(answer.correlationId == "req-fixed")
        }
    }

    @Test func problemRoutesMapToRonProblem() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let missing: AppResponse<Hello> = await client.get("/nope")
            let notFound = try #require(missing.problem)
            #expect(!missing.ok && missing.status == 404)
            #expect(notFound.code == "NOT_FOUND" && notFound.status == 404 && notFound.reason == "not_found")
            #expect(notFound.retryable == false)
            #expect(notFound.correlationId == missing.header("x-correlation-id"))

            let limited: AppResponse<Hello> = await client.get("/_test/rate-limited")
            #expect(limited.problem?.code == "rate_limited")
            #expect(limited.problem?.retryAfterMs == 2_000)
            #expect(limited.problem?.retryable == true)
            #expect(limited.problem?.status == 429)

            let upstream: AppResponse<Hello> = await client.get("/_test/upstream-unavailable")
            #expect(upstream.problem?.code == "upstream_unavailable")
            #expect(upstream.problem?.status == 502)
            #expect(upstream.problem?.reason == "connect")

            let busy: AppResponse<Hello> = await client.get("/_test/unavailable")
            #expect(busy.problem?.code == "too_busy")
            #expect(busy.problem?.retryAfterMs == 1_000)

            let big: AppResponse<EchoReply> = await client.post(
                "/echo", body: String(repeating: "x", count: 1_100_000))
            #expect(big.problem?.code == "PAYLOAD_TOO_LARGE")
            #expect(big.status == 413)

            let badPage: AppResponse<ItemPage> = await client.get("/items", query: ["page_size": "0"])
            #expect(badPage.problem?.code == "BAD_REQUEST")
        }
    }

    @Test func nonJSONErrorsBecomeTransportProblemsWithTheStatus() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            for path in ["/_test/internal-text", "/_test/internal-empty"] {
                let answer: AppResponse<Hello> = await client.get(path)
                let problem = try #require(answer.problem)
                #expect(problem.status == 500)
                #expect(problem.code == "http_500")
                #expect(problem.kind == "transport")
                #expect(problem.retryable == true)
                #expect(problem.correlationId != nil)
                #expect(!problem.message.contains("internal error"))
            }
        }
    }

    @Test func requireAuthGives401UnlessATokenIsConfigured() async throws {
        try await withGateway(GatewayConfiguration(requireAuth: true)) { base in
            let anonymous = try makeClient(base: base)
            defer { anonymous.close() }
            let denied: AppResponse<Hello> = await anonymous.get("/hello")
            #expect(denied.problem?.code == "UNAUTHORIZED")
            #expect(denied.problem?.status == 401)
            let health: AppResponse<Health> = await anonymous.get("/healthz")
            #expect(health.ok)
            let signed = try makeClient(base: base) { $0.authToken = "t" }
            defer { signed.close() }
            let allowed: AppResponse<Hello> = await signed.get("/hello")
            #expect(allowed.ok)
        }
    }

    @Test func timeoutAgainstTheSlowRouteIsALocalTransportProblem() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base) { $0.overallTimeoutMs = 300 }
            defer { client.close() }
            let clock = ContinuousClock()
            let started = clock.now
            let answer: AppResponse<Hello> = await client.get("/_test/slow", query: ["delay_ms": "20000"])
            #expect(clock.now - started < .seconds(15))
            let problem = try #require(answer.problem)
            #expect(answer.status == 0 && problem.status == 0)
            #expect(problem.kind == "transport")
            #expect(problem.code == "local_timeout")
            let quick: AppResponse<Hello> = await client.get("/_test/slow", query: ["delay_ms": "50"])
            #expect(quick.ok)
        }
    }

    @Test(arguments: ["/_test/drop-after-headers", "/_test/drop-before-response", "/_test/truncated"])
    func droppedConnectionsAreTransportProblems(path: String) async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let answer: AppResponse<Hello> = await client.get(path)
            let problem = try #require(answer.problem)
            #expect(problem.status == 0)
            #expect(problem.kind == "transport")
            #expect(problem.retryable == true)
        }
    }

    @Test func invalidJSONIsADecodeProblem() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let answer: AppResponse<Hello> = await client.get("/_test/invalid-json")
            #expect(answer.problem?.code == "decode_failed")
            #expect(answer.problem?.kind == "decode")
            #expect(answer.status == 200)
        }
    }

    @Test func facetsAnswerThroughFacetClient() async throws {
        let directory = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("hi\n".utf8).write(to: file)
        let facets = [
            FacetDefinition(id: "echoer", kind: .echo, routes: [.init(method: "GET", path: "/who")]),
            FacetDefinition(id: "docs", kind: .static, routes: [.init(path: "/hello", file: file.path)]),
        ]
        try await withGateway(GatewayConfiguration(facets: facets)) { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let echo: AppResponse<JSONValue> = await client.facet("echoer").get("/who")
            #expect(echo.data == ["echo": "ok"])
            let text: AppResponse<Data> = await client.facet("docs").get("/hello")
            #expect(text.data == Data("hi\n".utf8))
            #expect(text.header("content-type") == "text/plain; charset=utf-8")
            let unknown: AppResponse<JSONValue> = await client.facet("nobody").get("/who")
            #expect(unknown.problem?.code == "NOT_FOUND")
        }
    }

    @Test func bodiesUpToTheClientLimitArriveWholeAndLargerOnesAreRefused() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let limit = RonSDK.maxResponseBytes
            let answer: AppResponse<Data> = await client.get("/_test/large", query: ["bytes": String(limit)])
            let bytes = try #require(answer.data)
            #expect(bytes.count == limit)
            #expect(bytes == generatedPattern(count: limit))
            let tooBig: AppResponse<Data> = await client.get("/_test/large", query: ["bytes": String(limit + 1)])
            #expect(tooBig.problem?.code == "response_too_large")
            #expect(tooBig.problem?.kind == "transport")
        }
    }

    @Test func theResponseCapIsASettingOfTheClientAndOfACallAndItsProblemNamesIt() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base) { $0.maxResponseBytes = 3 * RonSDK.maxResponseBytes }
            defer { client.close() }
            let size = 2 * RonSDK.maxResponseBytes
            let raised: AppResponse<Data> = await client.get("/_test/large", query: ["bytes": String(size)])
            #expect(raised.data == generatedPattern(count: size))
            var lowered = AppRequest(
                method: .get, path: "/_test/large", query: [URLQueryItem(name: "bytes", value: "5000")])
            lowered.maxResponseBytes = 4096
            let refused: AppResponse<Data> = await client.request(lowered)
            #expect(refused.problem?.code == "response_too_large")
            #expect(
                refused.problem?.message.contains("4096 byte limit") == true, "\(String(describing: refused.problem))")
            #expect(refused.problem?.details?["limit_bytes"] == .integer(4096))
            lowered.maxResponseBytes = 5000
            let fits: AppResponse<Data> = await client.request(lowered)
            #expect(fits.data?.count == 5000)
        }
        var config = RonConfig(baseUrl: URL(string: "http://127.0.0.1:1")!, allowInsecureHttp: true)
        config.maxResponseBytes = 0
        #expect(throws: SdkConfigError.self) { _ = try RonClient(config: config) }
    }
}
