import Foundation
import RonFacets
import Testing

@Suite("Writing manifests")
struct WriterTests {
    static let samples: [FacetManifest] = [
        .static(id: "docs", routes: [.get("/hello", file: "facets/docs/hello.txt"), .get("/", file: "index.html")]),
        .echo(id: "echoer", routes: [.get("/who"), .post("/echo")]),
        .echo(id: "quiet", routes: []),
        .proxy(
            id: "hello", upstream: FacetUpstream(scheme: "http", host: "127.0.0.1", port: 5401, basePath: "/v1"),
            routes: [.get("/"), .post("/api", upstreamPath: "/real/api"), .get("/*tail")]),
        FacetManifest(
            facet: FacetHeader(
                id: "hinted", kind: .static, security: FacetSecurityHints(public: false, requiresAuth: true),
                meta: FacetMeta(description: "Docs \"quoted\"", owner: "team", version: "1.0.0"),
                limits: FacetLimits(maxRps: 100, maxConcurrency: 16)),
            route: [
                FacetRoute(
                    method: "GET", path: "/app.js", file: "dist/app.js",
                    integrity: FacetRouteIntegrity(algo: "sha256", value: "abc"))
            ]),
        FacetManifest(routes: [LegacyFacetRoute(path: "/", file: "index.html")], id: "wow", kind: .static),
    ]

    @Test("round trip: read(write(m)) == m and write(read(write(m))) == write(m)", arguments: samples)
    func roundTrip(manifest: FacetManifest) throws {
        let text = try FacetManifestWriter.render(manifest)
        let read = try FacetManifestReader.read(text)
        #expect(read.manifest == manifest)
        #expect(try FacetManifestWriter.render(read.manifest) == text)
        #expect(try FacetManifest(toml: text) == manifest)
        #expect(try manifest.toml() == text)
    }

    @Test(
        "every node fixture survives read → write → read unchanged",
        arguments: SampleFiles.tomlFiles(in: SampleFiles.validFixtures))
    func fixtureRoundTrip(file: URL) throws {
        let first = try FacetManifestReader.read(contentsOf: file)
        let text = try FacetManifestWriter.render(first.manifest)
        let second = try FacetManifestReader.read(text)
        #expect(second.manifest == first.manifest)
        #expect(second.definition == first.definition)
        #expect(try FacetManifestWriter.render(second.manifest) == text)
    }

    @Test("the layout is the node's: [facet], top-level [upstream], [[route]] tables, fixed key order")
    func layout() throws {
        let text = try FacetManifestWriter.render(
            .proxy(
                id: "hello", upstream: FacetUpstream(scheme: "http", host: "127.0.0.1", port: 5401),
                routes: [.get("/api", upstreamPath: "/v2/api"), .post("/x")]))
        #expect(
            text == """
                [facet]
                id = "hello"
                kind = "proxy"

                [upstream]
                scheme = "http"
                host = "127.0.0.1"
                port = 5401

                [[route]]
                method = "GET"
                path = "/api"
                upstream_path = "/v2/api"

                [[route]]
                method = "POST"
                path = "/x"

                """)
        let docs = try FacetManifestWriter.render(.static(id: "docs", routes: [.get("/hello", file: "hello.txt")]))
        let sample = try String(
            contentsOf: SampleFiles.validFixtures.appendingPathComponent("sample_test_loader_static_docs.toml"),
            encoding: .utf8)
        #expect("\n" + docs == sample)
    }

    @Test("the writer refuses what the node would reject, and never adds values of its own")
    func refusesInvalid() throws {
        let error = try #require(throws: FacetManifestError.self) {
            try FacetManifestWriter.render(.static(id: "docs", routes: [.get("/hello")]))
        }
        #expect(error.message == "static route requires non-empty 'file'")
        let noUpstream = FacetManifest(facet: FacetHeader(id: "p", kind: .proxy))
        #expect(throws: FacetManifestError.self) { try FacetManifestWriter.render(noUpstream) }
        let text = try FacetManifestWriter.render(.echo(id: "e", routes: [.get("/x")]))
        #expect(!text.contains("public"))
        #expect(!text.contains("limits"))
        #expect(!text.contains("security"))
    }

    @Test("the upstream URL parser fills scheme, host, port and base path")
    func upstreamURL() throws {
        #expect(
            try FacetUpstream(url: "http://127.0.0.1:5401")
                == FacetUpstream(scheme: "http", host: "127.0.0.1", port: 5401))
        #expect(
            try FacetUpstream(url: "https://api.example/v1")
                == FacetUpstream(scheme: "https", host: "api.example", port: 443, basePath: "/v1"))
        #expect(try FacetUpstream(url: "http://h/").basePath == nil)
        #expect(throws: FacetManifestError.self) { try FacetUpstream(url: "not a url") }
        #expect(throws: FacetManifestError.self) { try FacetUpstream(url: "http://h:1/?q=1") }
        #expect(FacetUpstream(scheme: "HTTP", host: "h", port: 8, basePath: "/b").urlString == "http://h:8/b")
    }
}
