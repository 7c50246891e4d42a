import Foundation
import RonTestSupport
import Testing

@Suite("ron facets", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct CLITests {
    @Test("validate: the valid samples pass with exit 0")
    func validateValid() async throws {
        let result = try await RonBinary.run(["facets", "validate", SampleFiles.validFixtures.path])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").filter { !$0.hasPrefix("  ") }
        #expect(lines.count == SampleFiles.tomlFiles(in: SampleFiles.validFixtures).count)
        #expect(lines.allSatisfy { $0.hasPrefix("ok  ") })
    }

    @Test("validate: the invalid samples are rejected with their reasons and exit 1")
    func validateInvalid() async throws {
        let result = try await RonBinary.run(["facets", "validate", SampleFiles.invalidSamples.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
        #expect(lines.count == SampleFiles.invalidVerdicts.count)
        #expect(lines.allSatisfy { $0.hasPrefix("rejected  ") })
        #expect(
            lines.contains(
                "rejected  \(SampleFiles.invalidSamples.path)/test_loader_bad_path_no_slash.toml: route.path must start with '/': nope"
            ))
    }

    @Test(
        "validate: the shared reference folders get their README verdicts",
        .enabled(if: SampleFiles.hasReference, "../shared/reference is not beside the repository"))
    func validateReference() async throws {
        let reference = SampleFiles.reference
        let valid = try await RonBinary.run([
            "facets", "validate", reference.appendingPathComponent("upstream-samples/valid").path,
            reference.appendingPathComponent("micronode-facets").path,
        ])
        #expect(valid.status == 0)
        let invalid = try await RonBinary.run([
            "facets", "validate", reference.appendingPathComponent("upstream-samples/invalid").path,
        ])
        #expect(invalid.status == 1)
        #expect(!invalid.output.contains("\nok  ") && !invalid.output.hasPrefix("ok  "))
    }

    @Test("validate --root applies the loader's file and duplicate-id checks")
    func validateRoot() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "facets/a.toml",
            "[facet]\nid = \"d\"\nkind = \"static\"\n[[route]]\nmethod = \"GET\"\npath = \"/h\"\nfile = \"h.txt\"\n")
        let missing = try await RonBinary.run(
            ["facets", "validate", "--root", folder.url.path, "facets"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.output.contains("rejected  facets/a.toml: static file not found: "))
        try folder.write("h.txt", "hi")
        let present = try await RonBinary.run(
            ["facets", "validate", "--root", folder.url.path, "facets"], in: folder.url)
        #expect(present.status == 0)
        #expect(present.output.hasPrefix("ok  facets/a.toml"))
    }

    @Test("new writes a manifest that validates, refuses to overwrite, and show lists its URLs")
    func newAndShow() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let args = [
            "facets", "new", "proxy", "--id", "hello", "--upstream", "http://127.0.0.1:5401",
            "--route", "GET:/items/:id", "--route", "POST:/api:/v2/api", "--output", "hello.toml",
        ]
        let first = try await RonBinary.run(args, in: folder.url)
        #expect(first.status == 0)
        let text = try String(contentsOf: folder.url.appendingPathComponent("hello.toml"), encoding: .utf8)
        #expect(text.contains("[upstream]\nscheme = \"http\"\nhost = \"127.0.0.1\"\nport = 5401\n"))
        #expect(text.contains("path = \"/items/:id\""))
        #expect(text.contains("upstream_path = \"/v2/api\""))

        let again = try await RonBinary.run(args, in: folder.url)
        #expect(again.status != 0)
        #expect(again.error.contains("--force"))
        #expect(try await RonBinary.run(args + ["--force"], in: folder.url).status == 0)

        let validate = try await RonBinary.run(["facets", "validate", "hello.toml"], in: folder.url)
        #expect(validate.status == 0)
        #expect(validate.output == "ok  hello.toml\n")

        let show = try await RonBinary.run(
            ["facets", "show", "hello.toml", "--base", "https://gw.example"], in: folder.url)
        #expect(show.status == 0)
        #expect(show.output.contains("https://gw.example/app/facets/hello/api"))
        #expect(show.output.contains("/facets/hello/items/:id"))
    }

    @Test("new refuses a manifest the node would reject, with the node's message")
    func newInvalid() async throws {
        let result = try await RonBinary.run(["facets", "new", "static", "--id", "docs", "--route", "POST:/x:f.txt"])
        #expect(result.status == 1)
        #expect(result.error == "error: static routes must be GET\n")
        let echo = try await RonBinary.run(["facets", "new", "echo", "--id", "e", "--route", "GET:/who"])
        #expect(echo.status == 0)
        #expect(echo.output == "[facet]\nid = \"e\"\nkind = \"echo\"\n\n[[route]]\nmethod = \"GET\"\npath = \"/who\"\n")
    }
}
