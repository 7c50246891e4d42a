import RonFacets
import Testing

@Suite("Reading manifests from TOML")
struct ReaderTests {
    private func parseError(_ text: String) throws -> FacetManifestError {
        let error = try #require(throws: FacetManifestError.self) { try FacetManifestReader.read(text) }
        #expect(error.stage == .parse)
        return error
    }

    private let proxyHead = "[facet]\nid = \"p\"\nkind = \"proxy\"\n\n[upstream]\nscheme = \"http\"\nhost = \"h\"\n"

    @Test("a wrong type or out-of-range port names the key path")
    func portTypes() throws {
        let text = try parseError(proxyHead + "port = \"x\"\n")
        #expect(text.keyPath == "upstream.port")
        #expect(text.description.hasPrefix("parse toml: upstream.port: invalid type: string \"x\""))
        #expect(try parseError(proxyHead + "port = 70000\n").keyPath == "upstream.port")
        #expect(try parseError(proxyHead + "port = -1\n").keyPath == "upstream.port")
        #expect(try parseError(proxyHead + "port = 80.0\n").keyPath == "upstream.port")
        #expect(try parseError(proxyHead + "port = nan\n").keyPath == "upstream.port")
        #expect(try parseError(proxyHead).message == "missing field `port`")
        let ok = try FacetManifestReader.read(proxyHead + "port = 65535\n")
        #expect(ok.definition.upstream?.port == 65535)
    }

    @Test("a route field of the wrong type names the route index")
    func routeTypes() throws {
        let error = try parseError(
            "[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"GET\"\npath = \"/a\"\n[[route]]\nmethod = 1\npath = \"/b\"\n"
        )
        #expect(error.keyPath == "route[1].method")
        let missing = try parseError("[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"GET\"\n")
        #expect(missing.keyPath == "route[0]")
        #expect(missing.message == "missing field `path`")
    }

    @Test("a TOML syntax error reports line and column")
    func syntax() throws {
        let error = try parseError("[facet]\nid = \"p\nkind = \"echo\"\n")
        #expect(error.line == 2)
        #expect(error.column != nil)
        #expect(error.description.hasPrefix("parse toml: line 2, column "))
    }

    @Test("a kind outside static/echo/proxy does not parse", arguments: ["http", "Static", "PROXY", ""])
    func unknownKind(kind: String) throws {
        let error = try parseError("[facet]\nid = \"x\"\nkind = \"\(kind)\"\n")
        #expect(error.keyPath == "facet.kind")
        #expect(error.message == "unknown variant `\(kind)`, expected one of `static`, `echo`, `proxy`")
        let legacy = try parseError("id = \"x\"\nkind = \"\(kind)\"\n")
        #expect(legacy.keyPath == "kind")
    }

    @Test("unknown keys are ignored, as the node ignores them")
    func unknownKeys() throws {
        let document = try FacetManifestReader.read(
            """
            title = "x"
            [package]
            name = "n"
            [facet]
            id = "e"
            kind = "echo"
            colour = "blue"
            [[route]]
            method = "get"
            path = "/x"
            weight = 3
            """)
        #expect(
            document.definition == FacetDefinition(id: "e", kind: .echo, routes: [.init(method: "get", path: "/x")]))
        #expect(document.warnings.isEmpty)
    }

    @Test("legacy shape: every route a GET, no upstream")
    func legacy() throws {
        let document = try FacetManifestReader.read(
            "id = \"wow\"\nkind = \"echo\"\nroutes = [ { path = \"/a\" }, { path = \"/b\", file = \"b.txt\" } ]\n")
        #expect(document.definition.shape == .legacy)
        #expect(
            document.definition.routes == [
                FacetRouteDefinition(method: "GET", path: "/a"),
                FacetRouteDefinition(method: "GET", path: "/b", file: "b.txt"),
            ])
        #expect(
            document.manifest
                == FacetManifest(
                    routes: [LegacyFacetRoute(path: "/a"), LegacyFacetRoute(path: "/b", file: "b.txt")], id: "wow",
                    kind: .echo))
        // A legacy proxy never has an upstream the node reads.
        let error = try #require(throws: FacetManifestError.self) {
            try FacetManifestReader.read(
                "id = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \"http\"\nhost = \"h\"\nport = 1\n")
        }
        #expect(error.message == "proxy facet requires [upstream]")
    }

    @Test("a v1 manifest ignores legacy routes, with a warning")
    func v1IgnoresLegacy() throws {
        let document = try FacetManifestReader.read(
            "routes = [ { path = \"/legacy\" } ]\n[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"GET\"\npath = \"/v1\"\n"
        )
        #expect(document.definition.shape == .v1)
        #expect(document.definition.routes.map(\.path) == ["/v1"])
        #expect(document.warnings.contains { $0.message.contains("legacy `routes` is ignored") })
    }

    @Test("an unreadable [facet] falls back to the legacy shape, like the node's untagged parse")
    func fallback() throws {
        let document = try FacetManifestReader.read(
            "id = \"legacy\"\nkind = \"echo\"\n[facet]\nid = 5\nkind = \"static\"\n")
        #expect(document.definition.id == "legacy")
        #expect(document.definition.shape == .legacy)
        #expect(document.warnings.first?.message.contains("facet.id") == true)
    }

    @Test("no shape at all")
    func noShape() throws {
        let error = try parseError("[server]\nbind = \"127.0.0.1:5310\"\n")
        #expect(error.message == "no [facet] table (v1 manifest) and no top-level `id` and `kind` (legacy manifest)")
        #expect(try parseError("").stage == .parse)
    }

    @Test("hint tables are read into the generated types; unreadable ones are dropped with a warning")
    func hints() throws {
        let document = try FacetManifestReader.read(
            """
            [facet]
            id = "docs"
            kind = "static"
            [facet.security]
            public = false
            requires_auth = true
            [facet.meta]
            description = "Docs facet"
            [facet.limits]
            max_rps = 100
            max_concurrency = "lots"
            [[route]]
            method = "GET"
            path = "/app.js"
            file = "dist/app.js"
            [route.integrity]
            algo = "sha256"
            value = "abc"
            """)
        let header = try #require(document.manifest.facet)
        #expect(header.security == FacetSecurityHints(public: false, requiresAuth: true))
        #expect(header.meta == FacetMeta(description: "Docs facet"))
        #expect(header.limits == nil)
        #expect(document.manifest.route?.first?.integrity == FacetRouteIntegrity(algo: "sha256", value: "abc"))
        #expect(document.warnings.contains { $0.message.contains("facet.limits.max_concurrency") })
        #expect(
            document.warnings.contains {
                $0.message == "[facet.security] is a hint only; today's node does not read it"
            })
    }

    @Test("[facet.upstream] is not where the node looks")
    func facetDotUpstream() throws {
        let document = try FacetManifestReader.read(
            "[facet]\nid = \"e\"\nkind = \"echo\"\n[facet.upstream]\nscheme = \"http\"\n", validate: false)
        #expect(document.manifest.upstream == nil)
        #expect(document.warnings.contains { $0.message.contains("[facet.upstream] is ignored") })
    }

    @Test("warnings for what the node accepts but never serves")
    func servingWarnings() throws {
        let echo = try FacetManifestReader.read(
            "[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"delete\"\npath = \"/x\"\n[[route]]\nmethod = \"GET\"\npath = \"/y\"\n[[route]]\nmethod = \"get\"\npath = \"/y\"\n"
        )
        #expect(
            echo.warnings.map(\.message) == [
                "route DELETE /x: the node mounts only GET and POST routes of echo facets; this route is never served",
                "route GET /y is declared twice; the node's router refuses overlapping routes",
            ])
        let empty = try FacetManifestReader.read("[facet]\nid = \"e\"\nkind = \"echo\"\n")
        #expect(empty.warnings.map(\.message) == ["facet 'e' has no routes; the node mounts nothing for it"])
        let proxy = try FacetManifestReader.read(proxyHead + "port = 1\n[[route]]\nmethod = \"PATCH\"\npath = \"/p\"\n")
        #expect(proxy.warnings.count == 1)
        // Static facets only have GET routes, all mounted.
        let docs = try FacetManifestReader.read(
            "[facet]\nid = \"d\"\nkind = \"static\"\n[[route]]\nmethod = \"GET\"\npath = \"/a\"\nfile = \"a\"\n")
        #expect(docs.warnings.isEmpty)
    }
}
