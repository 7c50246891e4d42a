import Foundation
import Testing

@testable import RonCodegenCore

/// Generated source for small schemas, diffed against committed references under `Golden/`.
///
/// To accept a deliberate change of the output, run the tests with `RON_UPDATE_GOLDEN=1` and
/// review the diff of the `.golden` files.
@Suite("Generated source matches the golden files")
struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    static func cases() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    @Test("single-file output", arguments: cases())
    func singleFile(_ name: String) throws {
        let folder = Self.directory.appending(path: name)
        let generator = CodeGenerator(options: .init(runtimeModule: "RonGenerated"))
        let model = try generator.model(schemaDirectory: folder.appending(path: "Schema"))
        let output = generator.files(for: model, split: false)
        try compare(output, with: folder.appending(path: "Expected"))
    }

    @Test("file-per-document output", arguments: cases())
    func split(_ name: String) throws {
        let folder = Self.directory.appending(path: name)
        let generator = CodeGenerator(options: .init(runtimeModule: "RonGenerated"))
        let model = try generator.model(schemaDirectory: folder.appending(path: "Schema"))
        let output = generator.files(for: model, split: true)
        try compare(output, with: folder.appending(path: "ExpectedSplit"))
    }

    @Test("operations output", arguments: cases())
    func operations(_ name: String) throws {
        let folder = Self.directory.appending(path: name)
        let generator = CodeGenerator(options: .init(runtimeModule: "RonGenerated"))
        let model = try generator.model(schemaDirectory: folder.appending(path: "Schema"))
        guard !model.operations.isEmpty else { return }
        let output = generator.files(for: model, split: false, output: .operations)
        try compare(output, with: folder.appending(path: "ExpectedOperations"))
    }

    @Test("the same input gives the same bytes")
    func deterministic() throws {
        let folder = Self.directory.appending(path: "AllFeatures").appending(path: "Schema")
        let first = try CodeGenerator().files(for: CodeGenerator().model(schemaDirectory: folder), split: false)
        let second = try CodeGenerator().files(for: CodeGenerator().model(schemaDirectory: folder), split: false)
        #expect(first.map(\.contents) == second.map(\.contents))
    }

    @Test("an unchanged file is not rewritten")
    func writesOnlyChanges() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ron-codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [(name: "A.swift", contents: "let a = 1\n"), (name: "B.swift", contents: "let b = 1\n")]
        #expect(try CodeGenerator.write(files, to: directory) == ["A.swift", "B.swift"])
        #expect(try CodeGenerator.write(files, to: directory).isEmpty)
        let changed = [files[0], (name: "B.swift", contents: "let b = 2\n")]
        #expect(try CodeGenerator.write(changed, to: directory) == ["B.swift"])
    }

    private func compare(_ output: [(name: String, contents: String)], with expected: URL) throws {
        if ProcessInfo.processInfo.environment["RON_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: expected)
            try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
            for file in output {
                try Data(file.contents.utf8).write(to: expected.appending(path: file.name + ".golden"))
            }
            return
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: expected.path).filter {
            $0.hasSuffix(".golden")
        }
        #expect(Set(committed) == Set(output.map { $0.name + ".golden" }), "the set of generated files changed")
        for file in output {
            let reference = try String(contentsOf: expected.appending(path: file.name + ".golden"), encoding: .utf8)
            if let line = Self.firstDifference(reference, file.contents) {
                Issue.record("\(file.name) differs from \(expected.lastPathComponent)/\(file.name).golden at \(line)")
            }
        }
    }

    /// The first differing line, as "line N: expected …, got …", or `nil` when equal.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        let left = expected.components(separatedBy: "\n")
        let right = actual.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "<end of file>"
            let r = index < right.count ? right[index] : "<end of file>"
            if l != r { return "line \(index + 1): expected `\(l)`, got `\(r)`" }
        }
        return nil
    }
}
