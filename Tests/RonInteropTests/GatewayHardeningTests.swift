import Foundation
import RonFacets
import RonGateway
import RonTestSupport
import Testing

/// The embedded gateway never crashes on a header value, and its facet proxy resolves `.` and `..`
/// segments the way the node's proxy does (the joined path set on a URL, dot segments removed).
@Suite("Gateway hardening over real HTTP")
struct GatewayHardeningTests {
    @Test(arguments: [
        ("9223372036854775807", 204),  // Int.max: seen them all, never Int.max + 1
        ("4", 200), ("5", 204), ("18446744073709551616", 400), ("-1", 400), ("garbage", 400),
        ("1e3", 400),
    ])
    func lastEventIdOfAnyValueIsAnsweredAndTheGatewayStaysUp(value: String, status: Int) async throws {
        try await withGateway { base in
            let answer = try await HTTPExchange.send(
                url(base, "/app/events?count=5&interval_ms=0"), headers: ["Last-Event-ID": value])
            #expect(answer.status == status)
            if status == 400 {
                #expect(try JSONDecoder().decode(RonProblem.self, from: answer.body).code == "BAD_REQUEST")
            }
            if status == 200 {
                #expect(String(decoding: answer.body, as: UTF8.self).contains("id: 5\n"))
            }
            #expect(try await HTTPExchange.send(url(base, "/app/healthz")).status == 200)
        }
    }

    @Test func oversizedAndOddHeaderValuesNeverTakeTheGatewayDown() async throws {
        try await withGateway { base in
            let port = try #require(base.port)
            let heads = [
                "GET /app/events?count=1 HTTP/1.1\r\nHost: x\r\nLast-Event-ID: \(Int.max)\r\nConnection: close\r\n\r\n",
                "GET /app/hello HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\nConnection: close\r\n\r\n",
                "GET /app/healthz HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/\r\nConnection: close\r\n\r\n",
                "GET /app/healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: \u{7F}\u{1}\r\nConnection: close\r\n\r\n",
            ]
            for head in heads {
                let reply = String(
                    decoding: try await RawSocket.exchange(port: port, request: Array(head.utf8)), as: UTF8.self)
                #expect(reply.hasPrefix("HTTP/1.1 "), "no answer to \(head.debugDescription)")
            }
            #expect(try await HTTPExchange.send(url(base, "/app/healthz")).status == 200)
        }
    }

    /// What the upstream receives for each facet path, for a `/*tail` proxy route with base path `/app`: the
    /// upstream answers with the path it was asked for.
    @Test(arguments: [
        ("/x/../items", "/app/items"),
        ("/a/b/../../items", "/app/items"),
        ("/./items/.", "/app/items/"),
        ("/a/..", "/app/"),
        ("/%2e%2E/healthz", "/healthz"),
        ("/.%2e/.%2E/..%2f", "/..%2f"),
        ("/../../../../etc/passwd", "/etc/passwd"),
        ("/a\\..\\b", "/app/b"),
        ("/a/%2e%2e%2e/b", "/app/a/%2e%2e%2e/b"),
        ("/a//b", "/app/a//b"),
    ])
    func proxyResolvesDotSegmentsLikeTheNode(sent: String, upstreamPath: String) async throws {
        let upstream = try LoopbackServer { request in .text(200, request.path) }
        defer { upstream.stop() }
        let proxy = FacetDefinition(
            id: "p", kind: .proxy,
            upstream: FacetUpstream(scheme: "http", host: "127.0.0.1", port: UInt16(upstream.port), basePath: "/app"),
            routes: [.init(method: "GET", path: "/*tail")])
        try await withGateway(GatewayConfiguration(facets: [proxy])) { base in
            let head = "GET /app/facets/p\(sent)?q=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let reply = String(
                decoding: try await RawSocket.exchange(port: base.port ?? 0, request: Array(head.utf8)), as: UTF8.self)
            #expect(reply.hasPrefix("HTTP/1.1 200"))
            #expect(reply.hasSuffix("\r\n\r\n" + upstreamPath))
            #expect(upstream.requests.first?.target == upstreamPath + "?q=1")
        }
    }
}

/// Validators where the real node would send them: health and static facet files carry an `ETag`
/// and `Cache-Control`, and a matching `If-None-Match` is answered `304` without a body.
@Suite("Gateway validators over real HTTP")
struct GatewayValidatorTests {
    @Test func healthAnswersIfNoneMatchWith304() async throws {
        try await withGateway { base in
            let first = try await HTTPExchange.send(url(base, "/app/healthz"))
            let tag = try #require(first.header("etag"))
            #expect(first.header("cache-control") == "no-cache")
            let again = try await HTTPExchange.send(url(base, "/app/healthz"), headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("etag") == tag)
            let weak = try await HTTPExchange.send(url(base, "/app/healthz"), headers: ["If-None-Match": "W/" + tag])
            #expect(weak.status == 304)
            let other = try await HTTPExchange.send(url(base, "/app/healthz"), headers: ["If-None-Match": "\"nope\""])
            #expect(other.status == 200 && other.body == first.body)
        }
    }

    @Test func aStaticFileChangesItsTagWhenItsBytesChange() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ron-etag-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("one".utf8).write(to: file)
        let docs = FacetDefinition(id: "docs", kind: .static, routes: [.init(path: "/hello", file: file.path)])
        try await withGateway(GatewayConfiguration(facets: [docs])) { base in
            let first = try await HTTPExchange.send(url(base, "/app/facets/docs/hello"))
            let tag = try #require(first.header("etag"))
            #expect(
                try await HTTPExchange.send(url(base, "/app/facets/docs/hello"), headers: ["If-None-Match": tag]).status
                    == 304)
            try Data("two".utf8).write(to: file)
            let changed = try await HTTPExchange.send(
                url(base, "/app/facets/docs/hello"), headers: ["If-None-Match": tag])
            #expect(changed.status == 200 && changed.body == Data("two".utf8))
            #expect(changed.header("etag") != tag)
        }
    }
}
