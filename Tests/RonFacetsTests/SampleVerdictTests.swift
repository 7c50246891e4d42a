import Foundation
import RonFacets
import Testing

@Suite("Samples get the node's verdict")
struct SampleVerdictTests {
    @Test(
        "every valid fixture copied from the node is accepted",
        arguments: SampleFiles.tomlFiles(in: SampleFiles.validFixtures))
    func validFixture(file: URL) throws {
        let document = try FacetManifestReader.read(contentsOf: file)
        #expect(!document.definition.id.isEmpty)
    }

    @Test("the repository holds the valid and invalid samples")
    func samplesPresent() {
        #expect(SampleFiles.tomlFiles(in: SampleFiles.validFixtures).count >= 10)
        #expect(
            Set(SampleFiles.tomlFiles(in: SampleFiles.invalidSamples).map(\.lastPathComponent))
                == Set(SampleFiles.invalidVerdicts.keys))
    }

    @Test(
        "every invalid sample is rejected with the README's reason",
        arguments: SampleFiles.tomlFiles(in: SampleFiles.invalidSamples))
    func invalidSample(file: URL) throws {
        try expectRejected(file)
    }

    @Test(
        "every sample under ../shared/reference gets its README verdict",
        .enabled(if: SampleFiles.hasReference, "../shared/reference is not beside the repository"))
    func referenceFolder() throws {
        let reference = SampleFiles.reference
        let valid =
            SampleFiles.tomlFiles(in: reference.appendingPathComponent("upstream-samples/valid"))
            + SampleFiles.tomlFiles(in: reference.appendingPathComponent("micronode-facets"))
        #expect(valid.count == 10)
        for file in valid {
            #expect(throws: Never.self, "\(file.lastPathComponent)") {
                try FacetManifestReader.read(contentsOf: file)
            }
        }
        let invalid = SampleFiles.tomlFiles(in: reference.appendingPathComponent("upstream-samples/invalid"))
        #expect(Set(invalid.map(\.lastPathComponent)) == Set(SampleFiles.invalidVerdicts.keys))
        for file in invalid {
            try expectRejected(file)
        }
    }

    @Test("the legacy wow_site manifest normalizes to GET routes with files")
    func legacyWowSite() throws {
        let document = try FacetManifestReader.read(
            contentsOf: SampleFiles.validFixtures.appendingPathComponent("node_wow_site.toml"))
        #expect(document.definition.shape == .legacy)
        #expect(document.definition.id == "wow")
        #expect(document.definition.kind == .static)
        #expect(document.definition.routes.map(\.method) == ["GET", "GET", "GET", "GET"])
        #expect(document.definition.routes.first?.file == "examples/site-demo/site/index.html")
        #expect(document.manifest.facet == nil)
        #expect(document.manifest.routes?.count == 4)
    }

    @Test("the proxy manifest of the node keeps its upstream and routes")
    func helloApp() throws {
        let document = try FacetManifestReader.read(
            contentsOf: SampleFiles.validFixtures.appendingPathComponent("node_hello_app.toml"))
        let facet = document.definition
        #expect(facet.kind == .proxy)
        #expect(facet.upstream == FacetUpstream(scheme: "http", host: "127.0.0.1", port: 5401, basePath: ""))
        #expect(facet.routes.count == 6)
        #expect(facet.routes.last == FacetRouteDefinition(method: "POST", path: "/*tail"))
        #expect(document.warnings.isEmpty)
    }

    private func expectRejected(_ file: URL) throws {
        let name = file.lastPathComponent
        let expected = try #require(SampleFiles.invalidVerdicts[name], "no verdict for \(name)")
        do {
            _ = try FacetManifestReader.read(contentsOf: file)
            Issue.record("\(name) was accepted")
        } catch {
            if let message = expected {
                #expect(error.stage == .validate, "\(name)")
                #expect(error.message == message, "\(name)")
            } else {
                #expect(error.stage == .parse, "\(name)")
                #expect(error.description.hasPrefix("parse toml: "), "\(name)")
            }
        }
    }
}
