import Foundation
import RonTestSupport
import Testing

/// The `ron-codegen` executable as a user runs it: arguments, output folder, `--check`, errors.
@Suite("The ron-codegen command")
struct CodegenToolTests {
    /// The built tool, which `swift test` puts beside the test bundle.
    static let tool = ChildProcess.builtExecutable("ron-codegen")

    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        guard let tool = Self.tool else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "ron-codegen is not built"])
        }
        return try await ChildProcess.run(tool, arguments)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "ron-codegen-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `json` as `<root>/Schema/a.schema.json`; returns the document's URL.
    func writeSchema(_ json: String, in root: URL) throws -> URL {
        let schema = root.appending(path: "Schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        let document = schema.appending(path: "a.schema.json")
        try Data(json.utf8).write(to: document)
        return document
    }

    /// The runner every command-line test uses reads both streams at once: a program that writes
    /// far more than a pipe holds to standard error before it writes to standard output (as a
    /// failing build does) used to stall a runner that read standard output to its end first.
    @Test("the test runner collects large output on both streams", .timeLimit(.minutes(1)))
    func runnerReadsBothStreams() async throws {
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o; exit 3"
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
        #expect(result.status == 3)
        #expect(result.error.utf8.count == 300_000 && result.error.allSatisfy { $0 == "e" })
        #expect(result.output.utf8.count == 200_000 && result.output.allSatisfy { $0 == "o" })
    }

    @Test("generates, then --check passes, then fails after a schema change")
    func generateAndCheck() async throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = try writeSchema(
            #"{"$defs": {"Thing": {"type": "object", "properties": {"n": {"type": "integer"}}}}}"#, in: root)
        let schema = document.deletingLastPathComponent()
        let output = root.appending(path: "out").path
        #expect(try await run(["--schema", schema.path, "--output", output]).status == 0)
        let generated = try String(contentsOfFile: output + "/RonGenerated.swift", encoding: .utf8)
        #expect(generated.hasPrefix("// DO NOT EDIT."))
        #expect(generated.contains("public struct Thing"))
        #expect(try await run(["--schema", schema.path, "--output", output, "--check"]).status == 0)
        try Data(#"{"$defs": {"Thing": {"type": "object", "properties": {"m": {"type": "integer"}}}}}"#.utf8).write(
            to: document)
        let stale = try await run(["--schema", schema.path, "--output", output, "--check"])
        #expect(stale.status == 1)
        #expect(stale.error.contains("out of date: RonGenerated.swift"))
    }

    @Test("--shards n writes the types in n files, each type once, the catalog in the first")
    func shards() async throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = (0..<40).map { "Thing\($0)" }
        let definitions = names.map { #""\#($0)": {"type": "object", "properties": {"n": {"type": "integer"}}}"# }
        let schema = try writeSchema(#"{"$defs": {\#(definitions.joined(separator: ", "))}}"#, in: root)
            .deletingLastPathComponent()
        let output = root.appending(path: "out")
        #expect(try await run(["--schema", schema.path, "--output", output.path, "--shards", "4"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            files == ["RonGenerated+1.swift", "RonGenerated+2.swift", "RonGenerated+3.swift", "RonGenerated.swift"])
        var declared: [String] = []
        for file in files {
            let text = try String(contentsOf: output.appending(path: file), encoding: .utf8)
            #expect(text.hasPrefix("// DO NOT EDIT."))
            #expect(text.contains("enum RonSchemaCatalog") == (file == "RonGenerated.swift"))
            declared += names.filter { text.contains("public struct \($0): ") }
        }
        #expect(declared.sorted() == names.sorted())
        #expect(
            try await run(["--schema", schema.path, "--output", output.path, "--shards", "4", "--check"]).status == 0)
        let refused = try await run(["--schema", schema.path, "--output", output.path, "--shards", "0"])
        #expect(refused.status == 64)
        #expect(refused.error.contains("--shards wants a whole number from 1 to 64, got '0'"))
        // The target's own files, as the build plugin passes them: the same types, each once.
        let counted = try await run([
            "--schema", schema.path, "--output", output.path, "--shards", "4", "--leading-sources", "2",
        ])
        #expect(counted.status == 0, "\(counted.error)")
        let negative = try await run([
            "--schema", schema.path, "--output", output.path, "--shards", "4", "--leading-sources", "-1",
        ])
        #expect(negative.status == 64)
        #expect(negative.error.contains("--leading-sources wants a whole number from 0 to 10000, got '-1'"))
        let huge = try await run([
            "--schema", schema.path, "--output", output.path, "--shards", "4",
            "--leading-sources", "9223372036854775807",
        ])
        #expect(huge.status == 64, "\(huge.error)")
        // The driver's jobs, as the build plugin passes the machine's cores.
        let jobs = try await run([
            "--schema", schema.path, "--output", output.path, "--shards", "4", "--leading-sources", "2",
            "--driver-jobs", "2",
        ])
        #expect(jobs.status == 0, "\(jobs.error)")
        for bad in ["-1", "1025", "two"] {
            let refused = try await run([
                "--schema", schema.path, "--output", output.path, "--shards", "4", "--driver-jobs", bad,
            ])
            #expect(refused.status == 64)
            #expect(refused.error.contains("--driver-jobs wants a whole number from 0 to 1024, got '\(bad)'"))
        }
    }

    @Test("a bad schema exits 1 naming the file and the pointer")
    func badSchema() async throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(##"{"$defs": {"A": {"$ref": "#/$defs/Nope"}}}"##.utf8).write(to: root.appending(path: "bad.json"))
        let result = try await run(["--schema", root.path, "--output", root.appending(path: "out").path])
        #expect(result.status == 1)
        #expect(result.error.contains("bad.json: at /$defs/A/$ref: $ref '#/$defs/Nope': nothing at"))
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "out").path), "nothing is written")
    }

    @Test("a $ref to a document not at hand generates any JSON there, with a located warning")
    func absentDocument() async throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"$defs": {"A": {"$ref": "other.json"}}}"#.utf8).write(to: root.appending(path: "partial.json"))
        let result = try await run(["--schema", root.path, "--output", root.appending(path: "out").path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("warning: "))
        #expect(result.error.contains("partial.json: at /$defs/A/$ref: $ref 'other.json' names"))
        let generated = try String(
            contentsOf: root.appending(path: "out/RonGenerated.swift"), encoding: .utf8)
        #expect(generated.contains("typealias A = JSONValue"))
    }

    @Test("usage errors exit 64", arguments: [["--schema"], ["--output", "x"], ["--frobnicate"]])
    func usage(_ arguments: [String]) async throws {
        let result = try await run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("usage: ron-codegen"))
    }
}
