import Foundation
import RonGateway
import RonGenerated
import Testing

@Suite("Facets over real HTTP")
struct FacetTests {
    /// The shape of the node's `hello_app.toml`: exact routes plus `/*tail` fallbacks, proxied.
    private func helloApp(port: Int, basePath: String = "") -> GatewayFacet {
        GatewayFacet(
            id: "hello", kind: .proxy,
            upstream: .init(scheme: "http", host: "127.0.0.1", port: port, basePath: basePath),
            routes: [
                .init(method: "GET", path: "/"),
                .init(method: "GET", path: "/greeting", upstreamPath: "/app/hello"),
                .init(method: "GET", path: "/*tail"),
                .init(method: "POST", path: "/*tail"),
            ])
    }

    @Test func staticFacetServesFileBytesWithContentType() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("hi\n".utf8).write(to: file)
        let page = directory.appendingPathComponent("index.html")
        try Data("<p>x</p>".utf8).write(to: page)
        let docs = GatewayFacet(
            id: "docs", kind: .static,
            routes: [.init(path: "/hello", file: file), .init(path: "/", file: page)])
        try await withGateway(GatewayConfiguration(facets: [docs])) { base in
            let answer = try await HTTPExchange.send(url(base, "/app/facets/docs/hello"))
            #expect(answer.status == 200)
            #expect(answer.body == Data("hi\n".utf8))
            #expect(answer.header("content-type") == "text/plain; charset=utf-8")
            let index = try await HTTPExchange.send(url(base, "/app/facets/docs/"))
            #expect(index.header("content-type") == "text/html; charset=utf-8")
            let post = try await HTTPExchange.send("POST", url(base, "/app/facets/docs/hello"), body: Data("{}".utf8))
            #expect(post.status == 405)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/docs/missing")).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/docs")).status == 404)
        }
    }

    @Test func staticFacetWithAMissingFileIsNotFound() async throws {
        let gone = FileManager.default.temporaryDirectory.appendingPathComponent("ron-missing-\(UUID().uuidString).txt")
        let docs = GatewayFacet(id: "docs", kind: .static, routes: [.init(path: "/hello", file: gone)])
        try await withGateway(GatewayConfiguration(facets: [docs])) { base in
            let answer = try await HTTPExchange.send(url(base, "/app/facets/docs/hello"))
            #expect(answer.status == 404)
            #expect(try JSONDecoder().decode(RonProblem.self, from: answer.body).code == "NOT_FOUND")
        }
    }

    @Test func echoFacetAnswersEchoOk() async throws {
        let echoer = GatewayFacet(
            id: "echoer", kind: .echo,
            routes: [.init(method: "GET", path: "/who"), .init(method: "POST", path: "/who")])
        try await withGateway(GatewayConfiguration(facets: [echoer])) { base in
            for method in ["GET", "POST"] {
                let answer = try await HTTPExchange.send(method, url(base, "/app/facets/echoer/who"))
                #expect(answer.status == 200)
                #expect(String(decoding: answer.body, as: UTF8.self) == #"{"echo":"ok"}"#)
            }
            #expect(try await HTTPExchange.send("DELETE", url(base, "/app/facets/echoer/who")).status == 405)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/nobody/who")).status == 404)
        }
    }

    @Test func proxyFacetForwardsMethodPathQueryHeadersAndBody() async throws {
        try await withGateway { upstream in
            let port = try #require(upstream.port)
            try await withGateway(GatewayConfiguration(facets: [helloApp(port: port)])) { base in
                let hello = try await HTTPExchange.send(url(base, "/app/facets/hello/app/hello"))
                #expect(hello.status == 200)
                #expect(try JSONDecoder().decode(Hello.self, from: hello.body).message.isEmpty == false)

                let renamed = try await HTTPExchange.send(url(base, "/app/facets/hello/greeting"))
                #expect(try JSONDecoder().decode(Hello.self, from: renamed.body).message.isEmpty == false)

                let echoed = try await HTTPExchange.send(
                    "POST", url(base, "/app/facets/hello/app/echo?headers=1"),
                    headers: ["Content-Type": "application/json", "X-RON-Passport": "p", "x-correlation-id": "c-1"],
                    body: Data(#"{"a":1}"#.utf8))
                #expect(echoed.status == 200)
                #expect(echoed.header("x-correlation-id") == "c-1")
                let reply = try JSONDecoder().decode(EchoReply.self, from: echoed.body)
                #expect(reply.echo == ["a": 1])
                let headers = try #require(reply.headers)
                #expect(headers["x-ron-passport"] == "p")
                #expect(headers["host"] == "127.0.0.1:\(port)")

                let upstreamProblem = try await HTTPExchange.send(url(base, "/app/facets/hello/app/_test/rate-limited"))
                #expect(upstreamProblem.status == 429)
                #expect(upstreamProblem.header("retry-after") == "2")
                #expect(try JSONDecoder().decode(RonProblem.self, from: upstreamProblem.body).code == "rate_limited")
            }
        }
    }

    @Test func proxyFacetAppliesBasePath() async throws {
        try await withGateway { upstream in
            let port = try #require(upstream.port)
            try await withGateway(GatewayConfiguration(facets: [helloApp(port: port, basePath: "/app")])) { base in
                let answer = try await HTTPExchange.send(url(base, "/app/facets/hello/items?page_size=2"))
                #expect(answer.status == 200)
                #expect(try JSONDecoder().decode(ItemPage.self, from: answer.body).items.count == 2)
            }
        }
    }

    @Test func proxyFacetToADeadUpstreamIs502UpstreamUnavailable() async throws {
        let deadPort = try await deadPort()
        try await withGateway(GatewayConfiguration(facets: [helloApp(port: deadPort)])) { base in
            let answer = try await HTTPExchange.send(url(base, "/app/facets/hello/anything"))
            #expect(answer.status == 502)
            #expect(keys(answer) == ["code", "message", "retryable", "reason"])
            let problem = try JSONDecoder().decode(RonProblem.self, from: answer.body)
            #expect(problem.code == "upstream_unavailable")
            #expect(problem.reason == "connect")
            #expect(problem.retryable == true)
        }
    }

    @Test func wildcardNeedsANonEmptyTail() async throws {
        let deadPort = try await deadPort()
        let onlyTail = GatewayFacet(
            id: "t", kind: .proxy, upstream: .init(host: "127.0.0.1", port: deadPort),
            routes: [.init(method: "GET", path: "/api/*tail")])
        try await withGateway(GatewayConfiguration(facets: [onlyTail])) { base throws in
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api/")).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api")).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api/x/y")).status == 502)
        }
    }

    @Test(arguments: [
        GatewayFacet(id: " ", kind: .echo, routes: []),
        GatewayFacet(id: "p", kind: .proxy, routes: [.init(path: "/")]),
        GatewayFacet(id: "p", kind: .proxy, upstream: .init(scheme: "ftp", host: "h", port: 1), routes: []),
        GatewayFacet(id: "p", kind: .proxy, upstream: .init(host: "h", port: 0), routes: []),
        GatewayFacet(id: "p", kind: .proxy, upstream: .init(host: "h", port: 1, basePath: "x"), routes: []),
        GatewayFacet(id: "e", kind: .echo, routes: [.init(path: "nope")]),
        GatewayFacet(id: "e", kind: .echo, routes: [.init(method: "TRACE", path: "/x")]),
        GatewayFacet(id: "s", kind: .static, routes: [.init(path: "/x")]),
        GatewayFacet(
            id: "s", kind: .static, routes: [.init(method: "POST", path: "/x", file: URL(fileURLWithPath: "/"))]),
    ])
    func invalidFacetsAreRefusedAtStart(facet: GatewayFacet) async throws {
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(facets: [facet]))
        await #expect(throws: GatewayError.self) { _ = try await gateway.start() }
    }

    @Test func duplicateFacetIdsAreRefused() async throws {
        let echo = GatewayFacet(id: "e", kind: .echo, routes: [])
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(facets: [echo, echo]))
        await #expect(throws: GatewayError.invalidFacet(id: "e", reason: "duplicate facet id")) {
            _ = try await gateway.start()
        }
    }
}
