import Foundation
import RonFacets
import Testing

@Suite("Loading a facet directory like the node")
struct DirectoryLoaderTests {
    private let docs =
        "[facet]\nid = \"docs\"\nkind = \"static\"\n[[route]]\nmethod = \"GET\"\npath = \"/hello\"\nfile = \"hello.txt\"\n"
    private let echo = "[facet]\nid = \"echoer\"\nkind = \"echo\"\n[[route]]\nmethod = \"GET\"\npath = \"/who\"\n"

    @Test("only *.toml files; bad files skipped with their reason; the rest loaded")
    func mixed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("facets/a_docs.toml", docs)
        try folder.write("facets/b_echo.toml", echo)
        try folder.write(
            "facets/c_bad_path.toml",
            echo.replacingOccurrences(of: "\"/who\"", with: "\"who\"")
                .replacingOccurrences(of: "echoer", with: "bad"))
        try folder.write("facets/d_syntax.toml", "[facet\n")
        try folder.write("facets/e_dup.toml", echo)
        try folder.write("facets/notes.txt", "not a manifest")
        try folder.write("facets/f_docs.TOML", docs)
        try folder.write("facets/sub/g.toml", echo)
        try folder.write("hello.txt", "hi\n")

        let load = try FacetDirectoryLoader.load(
            directory: folder.url.appendingPathComponent("facets"), root: folder.url)
        #expect(load.facets.map(\.id) == ["docs", "echoer"])
        #expect(load.loaded.map(\.file.lastPathComponent) == ["a_docs.toml", "b_echo.toml"])
        #expect(
            load.skipped.map { "\($0.file.lastPathComponent): \($0.reason)" } == [
                "c_bad_path.toml: validate failed: route.path must start with '/': who",
                "d_syntax.toml: parse failed: " + (load.skipped.count > 1 ? syntaxReason(load.skipped[1].reason) : ""),
                "e_dup.toml: duplicate facet id: echoer",
            ])
        #expect(load.skipped[1].reason.hasPrefix("parse failed: parse toml: line 1, column "))
    }

    private func syntaxReason(_ reason: String) -> String {
        String(reason.dropFirst("parse failed: ".count))
    }

    @Test("a static facet whose file is missing below root is skipped, and its id still counts as taken")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("facets/a.toml", docs)
        try folder.write("facets/b.toml", docs.replacingOccurrences(of: "hello.txt", with: "other.txt"))
        try folder.write("facets/c.toml", echo)
        try folder.write("other.txt", "x")
        let load = try FacetDirectoryLoader.load(
            directory: folder.url.appendingPathComponent("facets"), root: folder.url)
        #expect(load.facets.map(\.id) == ["echoer"])
        #expect(load.skipped.count == 2)
        #expect(
            load.skipped[0].reason == "static file not found: \(folder.url.appendingPathComponent("hello.txt").path)")
        #expect(load.skipped[1].reason == "duplicate facet id: docs")
    }

    @Test("absolute static paths are used as they are")
    func absoluteFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("site/hello.txt", "hi")
        try folder.write("facets/a.toml", docs.replacingOccurrences(of: "hello.txt", with: file.path))
        let load = try FacetDirectoryLoader.load(
            directory: folder.url.appendingPathComponent("facets"), root: URL(fileURLWithPath: "/nonexistent"))
        #expect(load.facets.map(\.id) == ["docs"])
    }

    @Test("nothing valid, a missing directory or a file is an error")
    func errors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("facets/a.toml", "kind = 1\n")
        try folder.write("facets/readme.md", "x")
        let dir = folder.url.appendingPathComponent("facets")
        let none = try #require(throws: FacetDirectoryError.self) { try FacetDirectoryLoader.load(directory: dir) }
        #expect(none.message == "no valid facet manifests loaded from \(dir.path) (skipped=1)")
        #expect(none.skipped.count == 1)

        let missing = folder.url.appendingPathComponent("nope")
        let notFound = try #require(throws: FacetDirectoryError.self) {
            try FacetDirectoryLoader.load(directory: missing)
        }
        #expect(notFound.message == "facet dir \(missing.path) does not exist")

        let file = folder.url.appendingPathComponent("facets/a.toml")
        let notDir = try #require(throws: FacetDirectoryError.self) { try FacetDirectoryLoader.load(directory: file) }
        #expect(notDir.message == "facet dir \(file.path) is not a directory")
    }

    @Test("the repository's node fixtures load from a copy with their files present")
    func nodeFixtures() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in [
            "node_docs.toml", "node_echo.toml", "node_hello_app.toml", "node_hello_proxy.toml", "node_wow_site.toml",
        ] {
            let text = try String(contentsOf: SampleFiles.validFixtures.appendingPathComponent(name), encoding: .utf8)
            try folder.write("dev_facets/\(name)", text)
        }
        try folder.write("crates/micronode/dev_facets/hello.txt", "hi")
        for file in ["index.html", "app.js", "style.css"] {
            try folder.write("examples/site-demo/site/\(file)", "x")
        }
        let load = try FacetDirectoryLoader.load(
            directory: folder.url.appendingPathComponent("dev_facets"), root: folder.url)
        #expect(load.facets.map(\.id) == ["docs", "echoer", "hello", "hello_ref", "wow"])
        #expect(load.skipped.isEmpty)
    }
}
