import Foundation
import RonFacets
import RonGateway
import RonGenerated
import RonTestSupport
import Testing

@Suite("Facets over real HTTP")
struct FacetTests {
    /// The shape of the node's `hello_app.toml`: exact routes plus `/*tail` fallbacks, proxied.
    private func helloApp(port: Int, basePath: String = "") -> FacetDefinition {
        FacetDefinition(
            id: "hello", kind: .proxy,
            upstream: .init(scheme: "http", host: "127.0.0.1", port: UInt16(port), basePath: basePath),
            routes: [
                .init(method: "GET", path: "/"),
                .init(method: "GET", path: "/greeting", upstreamPath: "/app/hello"),
                .init(method: "GET", path: "/*tail"),
                .init(method: "POST", path: "/*tail"),
            ])
    }

    @Test func staticFacetServesFileBytesWithContentType() async throws {
        let directory = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("hi\n".utf8).write(to: file)
        let page = directory.appendingPathComponent("index.html")
        try Data("<p>x</p>".utf8).write(to: page)
        let docs = FacetDefinition(
            id: "docs", kind: .static,
            routes: [.init(path: "/hello", file: file.path), .init(path: "/", file: page.path)])
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

    @Test func staticFacetWhoseFileVanishedIsNotFound() async throws {
        let directory = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("hi\n".utf8).write(to: file)
        let docs = FacetDefinition(id: "docs", kind: .static, routes: [.init(path: "/hello", file: file.path)])
        try await withGateway(GatewayConfiguration(facets: [docs])) { base in
            try FileManager.default.removeItem(at: file)
            let answer = try await HTTPExchange.send(url(base, "/app/facets/docs/hello"))
            #expect(answer.status == 404)
            #expect(try JSONDecoder().decode(RonProblem.self, from: answer.body).code == "NOT_FOUND")
        }
    }

    @Test func echoFacetAnswersEchoOk() async throws {
        let echoer = FacetDefinition(
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
        let onlyTail = FacetDefinition(
            id: "t", kind: .proxy, upstream: .init(scheme: "http", host: "127.0.0.1", port: UInt16(deadPort)),
            routes: [.init(method: "GET", path: "/api/*tail")])
        try await withGateway(GatewayConfiguration(facets: [onlyTail])) { base throws in
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api/")).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api")).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/t/api/x/y")).status == 502)
        }
    }

    /// Each facet the node's loader refuses, with the node's own message (Micronode
    /// `FacetManifest::validate`); the gateway refuses it at start with the same words.
    static let refused: [(FacetDefinition, String)] = [
        (FacetDefinition(id: " ", kind: .echo, routes: []), "facet.id must not be empty"),
        (FacetDefinition(id: "p", kind: .proxy, routes: [.init(path: "/")]), "proxy facet requires [upstream]"),
        (
            FacetDefinition(id: "p", kind: .proxy, upstream: .init(scheme: "ftp", host: "h", port: 1), routes: []),
            "upstream.scheme must be http or https: ftp"
        ),
        (
            FacetDefinition(id: "p", kind: .proxy, upstream: .init(scheme: "http", host: " ", port: 1), routes: []),
            "upstream.host must not be empty"
        ),
        (
            FacetDefinition(id: "p", kind: .proxy, upstream: .init(scheme: "http", host: "h", port: 0), routes: []),
            "upstream.port must be > 0"
        ),
        (
            FacetDefinition(
                id: "p", kind: .proxy, upstream: .init(scheme: "http", host: "h", port: 1, basePath: "x"), routes: []),
            "upstream.base_path must start with '/': x"
        ),
        (FacetDefinition(id: "e", kind: .echo, routes: [.init(path: "nope")]), "route.path must start with '/': nope"),
        (
            FacetDefinition(id: "e", kind: .echo, routes: [.init(method: "TRACE", path: "/x")]),
            "route.method must be one of GET/POST/PUT/PATCH/DELETE: TRACE"
        ),
        (
            FacetDefinition(id: "s", kind: .static, routes: [.init(path: "/x")]),
            "static route requires non-empty 'file'"
        ),
        (
            FacetDefinition(id: "s", kind: .static, routes: [.init(method: "POST", path: "/x", file: "/")]),
            "static routes must be GET"
        ),
        (
            FacetDefinition(
                id: "p", kind: .proxy, upstream: .init(scheme: "http", host: "h", port: 1),
                routes: [.init(path: "/x", upstreamPath: "y")]),
            "route.upstream_path must start with '/': y"
        ),
    ]

    @Test(arguments: 0..<refused.count)
    func gatewayRefusesWhatTheNodeRefusesWithItsMessage(index: Int) async throws {
        let (facet, message) = Self.refused[index]
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(facets: [facet]))
        await #expect(throws: GatewayError.invalidFacet(id: facet.id, reason: message)) {
            _ = try await gateway.start()
        }
        // The same words as `ron facets validate` (the shared validation).
        #expect(throws: FacetManifestError(stage: .validate, message: message)) { try facet.validate() }
    }

    @Test func onlyGetAndPostRoutesOfEchoFacetsAreMountedAsOnTheNode() async throws {
        let echoer = FacetDefinition(
            id: "e", kind: .echo, routes: [.init(method: "PUT", path: "/x"), .init(method: "get", path: "/y")])
        try await withGateway(GatewayConfiguration(facets: [echoer])) { base throws in
            // The node's validator accepts PUT, but its router never mounts it: 404, not 405.
            #expect(try await HTTPExchange.send("PUT", url(base, "/app/facets/e/x"), body: Data()).status == 404)
            #expect(try await HTTPExchange.send(url(base, "/app/facets/e/y")).status == 200)
            #expect(echoer.warnings.contains { $0.message.contains("never served") })
        }
    }

    @Test func duplicateFacetIdsAreRefused() async throws {
        let echo = FacetDefinition(id: "e", kind: .echo, routes: [])
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(facets: [echo, echo]))
        await #expect(throws: GatewayError.invalidFacet(id: "e", reason: "duplicate facet id: e")) {
            _ = try await gateway.start()
        }
    }
}
