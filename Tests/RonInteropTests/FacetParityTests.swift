import Foundation
import RonFacets
import RonGateway
import RonTestSupport
import Testing

/// The embedded gateway refuses exactly the facets the node's directory loader skips, with the loader's
/// message: every manifest below (one per rule, the node's fixtures, the upstream samples) is loaded from a
/// folder of its own by `FacetDirectoryLoader` and, parsed, given to a gateway; the verdicts must agree.
@Suite("Gateway facets: the node loader's verdicts")
struct FacetParityTests {
    /// The repository root.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One manifest per rule of the node's validator and loader, plus accepted ones.
    static let handMade: [String: String] = [
        "blank_id": "[facet]\nid = \" \"\nkind = \"echo\"\n",
        "proxy_without_upstream": "[facet]\nid = \"p\"\nkind = \"proxy\"\n",
        "ftp_scheme": "[facet]\nid = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \"ftp\"\nhost = \"h\"\nport = 1\n",
        "blank_host": "[facet]\nid = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \"http\"\nhost = \" \"\nport = 1\n",
        "port_zero": "[facet]\nid = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \"http\"\nhost = \"h\"\nport = 0\n",
        "base_path_no_slash":
            "[facet]\nid = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \" HTTPS \"\nhost = \"h\"\nport = 1\n"
            + "base_path = \"x\"\n",
        "path_no_slash": "[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"GET\"\npath = \"nope\"\n",
        "trace_method": "[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"TRACE\"\npath = \"/x\"\n",
        "static_post":
            "[facet]\nid = \"s\"\nkind = \"static\"\n[[route]]\nmethod = \"POST\"\npath = \"/x\"\nfile = \"f.txt\"\n",
        "static_no_file": "[facet]\nid = \"s\"\nkind = \"static\"\n[[route]]\nmethod = \"GET\"\npath = \"/x\"\n",
        "static_missing_file":
            "[facet]\nid = \"s\"\nkind = \"static\"\n[[route]]\nmethod = \"get\"\npath = \"/x\"\nfile = \"gone.txt\"\n",
        "static_present_file":
            "[facet]\nid = \"s\"\nkind = \"static\"\n[[route]]\nmethod = \"get\"\npath = \"/x\"\nfile = \"f.txt\"\n",
        "upstream_path_no_slash":
            "[facet]\nid = \"p\"\nkind = \"proxy\"\n[upstream]\nscheme = \"http\"\nhost = \"h\"\nport = 1\n"
            + "[[route]]\nmethod = \"GET\"\npath = \"/x\"\nupstream_path = \"y\"\n",
        "id_with_slash": "[facet]\nid = \"a/b\"\nkind = \"echo\"\n",
        "put_on_echo": "[facet]\nid = \"e\"\nkind = \"echo\"\n[[route]]\nmethod = \"put\"\npath = \"/x\"\n",
        "legacy_static": "id = \"w\"\nkind = \"static\"\nroutes = [{ path = \"/\", file = \"f.txt\" }]\n",
    ]

    /// Every manifest: the hand-made ones, the repository's valid fixtures and its invalid upstream samples.
    static let manifests: [(name: String, text: String)] = {
        var all = handMade.sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }
        for folder in ["Fixtures/FacetManifest", "Tests/RonFacetsTests/Samples/invalid"] {
            let url = repository.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".toml") {
                let text = (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? ""
                all.append((name: name, text: text))
            }
        }
        return all
    }()

    @Test func everyManifestIsCovered() {
        #expect(Self.manifests.count >= Self.handMade.count + 12)
    }

    @Test(arguments: manifests.map(\.name))
    func gatewayAndLoaderAgree(name: String) async throws {
        let text = try #require(Self.manifests.first { $0.name == name }?.text)
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifests = folder.appendingPathComponent("facets")
        try FileManager.default.createDirectory(at: manifests, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: manifests.appendingPathComponent("m.toml"))
        try Data("hi".utf8).write(to: folder.appendingPathComponent("f.txt"))

        let loaderReason: String?
        do {
            _ = try FacetDirectoryLoader.load(directory: manifests, root: folder)
            loaderReason = nil
        } catch {
            loaderReason = error.skipped.first?.reason
        }

        let definition: FacetDefinition
        do {
            definition = try FacetManifestReader.read(text, validate: false).definition
        } catch {
            // A file the node cannot parse never becomes a definition, so no gateway can be given one.
            #expect(loaderReason == "parse failed: \(error)")
            return
        }
        let gateway = EmbeddedGateway(
            configuration: GatewayConfiguration(facets: [definition], facetRoot: folder, fixturesDirectory: folder))
        do {
            _ = try await gateway.start()
            try await gateway.stop()
            #expect(loaderReason == nil, "the gateway served what the loader skipped")
        } catch let GatewayError.invalidFacet(id, reason) {
            // The gateway gives the node's bare message; the loader's log line adds the stage.
            let loaderWords = ["static file not found: ", "duplicate facet id: "].contains { reason.hasPrefix($0) }
            #expect(id == definition.id)
            #expect(loaderReason == (loaderWords ? reason : "validate failed: \(reason)"))
        }
    }

    @Test func missingStaticFilesAreRefusedLikeTheLoader() async throws {
        let root = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = FacetDefinition(id: "docs", kind: .static, routes: [.init(method: "GET", path: "/a", file: "a.txt")])
        let missing = EmbeddedGateway(configuration: GatewayConfiguration(facets: [docs], facetRoot: root))
        let path = root.appendingPathComponent("a.txt").path
        await #expect(throws: GatewayError.invalidFacet(id: "docs", reason: "static file not found: \(path)")) {
            _ = try await missing.start()
        }
    }
}
