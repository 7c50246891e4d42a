import Foundation
import RonTestSupport
import Testing

/// A run of `ron-codegen` with the same generator, arguments and schema files as the run that
/// wrote its output folder does nothing, which is what a build planned again (after a clean build,
/// or a change to `Package.swift`) runs.
@Suite("ron-codegen's generation stamp")
struct GenerationStampTests {
    let tool = CodegenToolTests()

    private static let thing = #"{"$defs": {"Thing": {"type": "object", "properties": {"n": {"type": "integer"}}}}}"#

    /// A generated file the test marks, to see whether a run wrote it again.
    private func mark(_ file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data((text + "// marked by the test\n").utf8).write(to: URL(fileURLWithPath: file))
    }

    private func isMarked(_ file: String) throws -> Bool {
        try String(contentsOfFile: file, encoding: .utf8).hasSuffix("// marked by the test\n")
    }

    @Test func aRunWithNothingChangedWritesNothingAndAnyChangeGeneratesAgain() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try tool.writeSchema(Self.thing, in: root)
        let schema = document.deletingLastPathComponent().path
        let output = root.appending(path: "out").path
        let arguments = ["--schema", schema, "--output", output, "--shards", "2", "--stamp"]
        #expect(try await tool.run(arguments).status == 0)
        let stamp = output + "/.ron-codegen-stamp"
        #expect(FileManager.default.fileExists(atPath: stamp))
        let first = output + "/RonGenerated.swift"
        let second = output + "/RonGenerated+1.swift"

        // Nothing changed: the files are left as they are (even a file changed behind its back).
        try mark(first)
        #expect(try await tool.run(arguments).status == 0)
        #expect(try isMarked(first))

        // Other arguments: generated again.
        #expect(try await tool.run(arguments + ["--catalog-name", "Things"]).status == 0)
        #expect(try !isMarked(first))
        #expect(try String(contentsOfFile: first + "", encoding: .utf8).contains("Things"))

        // A schema file changed, added, or an output file removed: generated again.
        try mark(first)
        try Data(Self.thing.replacingOccurrences(of: "\"n\"", with: "\"m\"").utf8).write(to: document)
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(first))
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("m"))
        try mark(first)
        try Data(#"{"$defs": {"Other": {"type": "string"}}}"#.utf8).write(
            to: document.deletingLastPathComponent().appending(path: "b.schema.json"))
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(first))
        try mark(first)
        try FileManager.default.removeItem(atPath: second)
        #expect(try await tool.run(arguments).status == 0)
        #expect(FileManager.default.fileExists(atPath: second))
        #expect(try !isMarked(first), "a run that writes writes every file that changed")
    }

    /// A JSON Schema document of one string type named `name`.
    private static func stringDocument(_ name: String) -> Data {
        let schema = "https://json-schema.org/draft/2020-12/schema"
        return Data(#"{"$schema": "\#(schema)", "$defs": {"\#(name)": {"type": "string"}}}"#.utf8)
    }

    @Test func aFileFoldersDownOrBehindALinkChangesTheStampToo() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try tool.writeSchema(Self.thing, in: root)
        let schemaFolder = document.deletingLastPathComponent()
        let deep = schemaFolder.appending(path: "parts/more")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        let nested = deep.appending(path: "other.schema.json")
        try Self.stringDocument("Deep").write(to: nested)
        // A link in the folder to a document kept elsewhere: its bytes are the link's.
        let elsewhere = root.appending(path: "kept/linked.schema.json")
        try FileManager.default.createDirectory(
            at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.stringDocument("Linked").write(to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: schemaFolder.appending(path: "linked.schema.json"), withDestinationURL: elsewhere)
        let output = root.appending(path: "out").path
        let arguments = ["--schema", schemaFolder.path, "--output", output, "--stamp"]
        #expect(try await tool.run(arguments).status == 0)
        let first = output + "/RonGenerated.swift"
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("public typealias Deep = String"))
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("public typealias Linked = String"))
        try mark(first)
        #expect(try await tool.run(arguments).status == 0)
        #expect(try isMarked(first), "nothing changed")
        try Self.stringDocument("Deeper").write(to: nested)
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(first), "a document two folders down changed")
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("public typealias Deeper = String"))
        try mark(first)
        try Self.stringDocument("Relinked").write(to: elsewhere)
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(first), "the document behind the link changed")
        #expect(try String(contentsOfFile: first, encoding: .utf8).contains("public typealias Relinked = String"))
    }

    @Test func withoutStampNoStampIsWrittenAndEveryRunGenerates() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try tool.writeSchema(Self.thing, in: root)
        let arguments = ["--schema", document.deletingLastPathComponent().path, "--output", root.path + "/out"]
        #expect(try await tool.run(arguments).status == 0)
        #expect(!FileManager.default.fileExists(atPath: root.path + "/out/.ron-codegen-stamp"))
        try mark(root.path + "/out/RonGenerated.swift")
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(root.path + "/out/RonGenerated.swift"))
    }

    @Test func aFailedRunOrACheckLeavesTheStampAlone() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try tool.writeSchema(Self.thing, in: root)
        let schema = document.deletingLastPathComponent().path
        let output = root.appending(path: "out").path
        let arguments = ["--schema", schema, "--output", output, "--stamp"]
        #expect(try await tool.run(arguments).status == 0)
        let stamp = try String(contentsOfFile: output + "/.ron-codegen-stamp", encoding: .utf8)
        // A document that does not read fails the run, and the next good run generates.
        try Data("{".utf8).write(to: document)
        #expect(try await tool.run(arguments).status != 0)
        #expect(try String(contentsOfFile: output + "/.ron-codegen-stamp", encoding: .utf8) == stamp)
        try Data(Self.thing.utf8).write(to: document)
        try mark(output + "/RonGenerated.swift")
        #expect(try await tool.run(arguments + ["--check"]).status == 1, "--check sees the marked file")
        #expect(try await tool.run(arguments).status == 0)
        #expect(try isMarked(output + "/RonGenerated.swift"), "the same files as the stamp's run: nothing written")
    }

    /// The generator's own hash is read from its executable once and kept beside the stamp with
    /// what identifies the executable; a run reads the megabytes again only when that changed.
    @Test func theGeneratorIsHashedOnceAndAgainOnlyWhenItsExecutableChanged() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try tool.writeSchema(Self.thing, in: root)
        let output = root.appending(path: "out").path
        let arguments = ["--schema", document.deletingLastPathComponent().path, "--output", output, "--stamp"]
        #expect(try await tool.run(arguments).status == 0)
        let kept = output + "/.ron-codegen-tool"
        let lines = try String(contentsOfFile: kept, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].contains("/ron-codegen "), "the executable it names: \(lines[0])")

        // The kept hash is the one used while the executable is the same file: another hash there
        // (as if the generator were another) makes the next run generate again.
        try mark(output + "/RonGenerated.swift")
        try Data("\(lines[0])\n0123abcd\n".utf8).write(to: URL(fileURLWithPath: kept))
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(output + "/RonGenerated.swift"), "another generator's hash: generated again")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "\(lines[0])\n0123abcd\n")

        // An executable that is not the one named (another size or time): hashed again from its bytes.
        try mark(output + "/RonGenerated.swift")
        try Data("\(lines[0])0\n0123abcd\n".utf8).write(to: URL(fileURLWithPath: kept))
        #expect(try await tool.run(arguments).status == 0)
        #expect(try !isMarked(output + "/RonGenerated.swift"), "the stamp of the other hash is stale")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == lines.joined(separator: "\n") + "\n")
        try mark(output + "/RonGenerated.swift")
        #expect(try await tool.run(arguments).status == 0)
        #expect(try isMarked(output + "/RonGenerated.swift"), "the same generator and files: nothing written")
    }
}
