import RonFacets
import Testing

@Suite("Validation: the node's rules and messages, in the node's order")
struct ValidationRuleTests {
    private static let upstream = FacetUpstream(scheme: "http", host: "127.0.0.1", port: 5401)

    private func message(_ facet: FacetDefinition) -> String? {
        do {
            try facet.validate()
            return nil
        } catch {
            #expect(error.stage == .validate || error.stage == .parse)
            return error.message
        }
    }

    private func route(_ method: String, _ path: String, file: String? = nil, upstreamPath: String? = nil)
        -> FacetRouteDefinition
    {
        FacetRouteDefinition(method: method, path: path, file: file, upstreamPath: upstreamPath)
    }

    @Test("facet.id empty or blank", arguments: ["", "   ", "\t\n", "\u{3000}"])
    func emptyId(id: String) {
        #expect(message(FacetDefinition(id: id, kind: .echo, routes: [])) == "facet.id must not be empty")
    }

    @Test("proxy without upstream")
    func proxyWithoutUpstream() {
        #expect(message(FacetDefinition(id: "p", kind: .proxy, routes: [])) == "proxy facet requires [upstream]")
    }

    @Test("upstream scheme: http or https, trimmed, any case")
    func scheme() {
        for good in ["http", "https", " HTTP ", "HtTpS"] {
            var up = Self.upstream
            up.scheme = good
            #expect(message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: [])) == nil)
        }
        var up = Self.upstream
        up.scheme = "oap"
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: []))
                == "upstream.scheme must be http or https: oap")
        up.scheme = " ftp "
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: []))
                == "upstream.scheme must be http or https:  ftp ")
    }

    @Test("upstream host, port and base_path")
    func hostPortBasePath() {
        var up = Self.upstream
        up.host = "  "
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: []))
                == "upstream.host must not be empty")
        up = Self.upstream
        up.port = 0
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: [])) == "upstream.port must be > 0")
        up = Self.upstream
        up.basePath = "api"
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: []))
                == "upstream.base_path must start with '/': api")
        up.basePath = ""
        #expect(message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: [])) == nil)
        up.basePath = "/api"
        #expect(message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: [])) == nil)
    }

    @Test("route.path must start with /")
    func routePath() {
        #expect(
            message(FacetDefinition(id: "e", kind: .echo, routes: [route("GET", "nope")]))
                == "route.path must start with '/': nope")
    }

    @Test("route.method allow-list, ASCII case-insensitive")
    func method() {
        for good in ["GET", "get", "Post", "put", "PATCH", "delete"] {
            #expect(message(FacetDefinition(id: "e", kind: .echo, routes: [route(good, "/x")])) == nil)
        }
        for bad in ["HEAD", "OPTIONS", "", "G ET", "poſt"] {
            #expect(
                message(FacetDefinition(id: "e", kind: .echo, routes: [route(bad, "/x")]))
                    == "route.method must be one of GET/POST/PUT/PATCH/DELETE: \(bad)")
        }
    }

    @Test("static routes: GET only, with a non-empty file")
    func staticRoutes() {
        #expect(
            message(FacetDefinition(id: "s", kind: .static, routes: [route("POST", "/x", file: "a")]))
                == "static routes must be GET")
        #expect(
            message(FacetDefinition(id: "s", kind: .static, routes: [route("get", "/x")]))
                == "static route requires non-empty 'file'")
        #expect(
            message(FacetDefinition(id: "s", kind: .static, routes: [route("GET", "/x", file: "")]))
                == "static route requires non-empty 'file'")
        #expect(message(FacetDefinition(id: "s", kind: .static, routes: [route("get", "/x", file: "a")])) == nil)
    }

    @Test("proxy routes: upstream_path starts with /")
    func proxyUpstreamPath() {
        #expect(
            message(
                FacetDefinition(
                    id: "p", kind: .proxy, upstream: Self.upstream, routes: [route("GET", "/x", upstreamPath: "y")]))
                == "route.upstream_path must start with '/': y")
        // Only proxy facets check it.
        #expect(message(FacetDefinition(id: "e", kind: .echo, routes: [route("GET", "/x", upstreamPath: "y")])) == nil)
    }

    @Test("the first broken rule wins, in the node's order")
    func order() {
        // Empty id beats everything.
        #expect(
            message(FacetDefinition(id: "", kind: .proxy, routes: [route("HEAD", "x")])) == "facet.id must not be empty"
        )
        // Upstream rules come before route rules.
        var up = Self.upstream
        up.port = 0
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: [route("HEAD", "x")]))
                == "upstream.port must be > 0")
        // Scheme before host before port.
        up = FacetUpstream(scheme: "ftp", host: "", port: 0)
        #expect(
            message(FacetDefinition(id: "p", kind: .proxy, upstream: up, routes: []))
                == "upstream.scheme must be http or https: ftp")
        // Within a route: path, then method, then the kind's rule; routes in file order.
        #expect(
            message(FacetDefinition(id: "s", kind: .static, routes: [route("HEAD", "x")]))
                == "route.path must start with '/': x")
        #expect(
            message(FacetDefinition(id: "s", kind: .static, routes: [route("HEAD", "/x")]))
                == "route.method must be one of GET/POST/PUT/PATCH/DELETE: HEAD")
        #expect(
            message(
                FacetDefinition(id: "s", kind: .static, routes: [route("GET", "/ok", file: "f"), route("POST", "/b")]))
                == "static routes must be GET")
    }

    @Test("an unknown kind is a parse error, as the node cannot parse it")
    func unknownKind() throws {
        let error = try #require(throws: FacetManifestError.self) {
            try FacetDefinition(id: "x", kind: .unknown("http"), routes: []).validate()
        }
        #expect(error.stage == .parse)
        #expect(error.keyPath == "facet.kind")
    }

    @Test("the same rules apply to TOML text")
    func fromText() throws {
        let error = try #require(throws: FacetManifestError.self) {
            try FacetManifestReader.read(
                """
                [facet]
                id = "p"
                kind = "proxy"

                [upstream]
                scheme = "http"
                host = "h"
                port = 80
                base_path = "nope"
                """)
        }
        #expect(error.description == "upstream.base_path must start with '/': nope")
    }
}
