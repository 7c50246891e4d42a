import Foundation
import Testing

@testable import RonCodegenCore

/// The generator's work on every core (`ConcurrentWork`): results in order, each piece once, and
/// the same model and files as a run on one thread, warnings in document order.
@Suite("Work of the generator on every core")
struct ConcurrentWorkTests {
    /// How often each index was run.
    private final class Runs: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]

        func record(_ index: Int) {
            lock.lock()
            counts[index, default: 0] += 1
            lock.unlock()
        }

        var all: [Int: Int] {
            lock.lock()
            defer { lock.unlock() }
            return counts
        }
    }

    @Test(arguments: [0, 1, ConcurrentWork.serialBelow - 1, ConcurrentWork.serialBelow, 97, 2_000])
    func resultsComeInIndexOrderEachIndexOnce(count: Int) {
        let runs = Runs()
        let results = ConcurrentWork.map(count) { index -> String in
            runs.record(index)
            return "piece \(index)"
        }
        #expect(results == (0..<count).map { "piece \($0)" })
        #expect(runs.all.count == count)
        #expect(runs.all.values.allSatisfy { $0 == 1 })
    }

    /// An OpenAPI document of `count` path items; every third path lacks its leading `/` and every
    /// fifth operation names a security scheme it does not declare, each a warning at its place.
    private static func description(count: Int) -> String {
        let items = (0..<count).map { index in
            let path = index % 3 == 0 ? "items\(index)" : "/items\(index)"
            let security = index % 5 == 0 ? #", "security": [{"missing\#(index)": []}]"# : ""
            return
                #""\#(path)": {"get": {"operationId": "get\#(index)"\#(security), "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"n\#(index)": {"type": "integer"}}}}}}}}}"#
        }
        return #"{"openapi": "3.1.0", "paths": {"# + items.joined(separator: ", ") + "}}"
    }

    @Test func operationsAndWarningsOfManyPathItemsComeInDocumentOrder() throws {
        let model = try CodeGenerator().model(documents: [("api.json", Self.description(count: 120))])
        #expect(model.operations.map(\.operationId) == (0..<120).map { "get\($0)" })
        #expect(model.operations.map(\.path) == (0..<120).map { "/items\($0)" })
        // The warnings of each path item, in the order of the path items.
        let places = model.notes.map(\.pointer)
        let items = places.compactMap { pointer -> Int? in
            guard let range = pointer.range(of: "items") else { return nil }
            return Int(pointer[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(items.count == model.notes.count)
        #expect(items == items.sorted())
        #expect(Set(items).isSuperset(of: Set(stride(from: 0, to: 120, by: 3))))
        #expect(model.notes.contains { $0.pointer.hasPrefix("/paths/~1items5/get/security") })
    }

    @Test func eachDocumentsServerWarningComesBeforeItsPathItemsWarnings() throws {
        // Three documents, each with a server variable without a default (a warning at
        // `/servers/0/variables`); `b` has no path item, `a` and `c` twelve, every third without
        // its leading `/`.
        let documents = ["a", "b", "c"].map { name -> (path: String, text: String) in
            let items: [String] =
                name == "b"
                ? []
                : (0..<12).map { index in
                    let path = index % 3 == 0 ? "\(name)\(index)" : "/\(name)\(index)"
                    return #""\#(path)": {"get": {"operationId": "get\#(name)\#(index)", "responses": {}}}"#
                }
            let text =
                #"{"openapi": "3.1.0", "servers": [{"url": "https://h/{v}/api", "variables": {"v": {"enum": ["v2", "v3"]}}}], "paths": {"#
                + items.joined(separator: ", ") + "}}"
            return ("\(name).json", text)
        }
        let notes = try CodeGenerator().model(documents: documents).notes.map { "\($0.file) \($0.pointer)" }
        let servers = notes.indices.filter { notes[$0].hasSuffix("/servers/0/variables") }
        #expect(
            servers.map { notes[$0] } == [
                "a.json /servers/0/variables", "b.json /servers/0/variables", "c.json /servers/0/variables",
            ])
        // a's server, a's four paths, b's server, c's server, c's four paths.
        #expect(servers == [0, 5, 6])
        #expect(notes.count == 11)
        #expect(notes[1...4].allSatisfy { $0.hasPrefix("a.json /paths/") })
        #expect(notes[7...].allSatisfy { $0.hasPrefix("c.json /paths/") })
    }

    @Test func theFirstErrorOfManyTypesIsTheFirstInDocumentOrder() throws {
        // Forty types, two of them refused (an `x-ron-type` that does not go with `integer`): the
        // error names the first, every time, however the types were spread over the cores.
        let types = (0..<40).map { index in
            index == 25 || index == 31
                ? #""T\#(index)": {"type": "integer", "x-ron-type": "Foo"}"#
                : #""T\#(index)": {"type": "object", "properties": {"n\#(index)": {"type": "integer"}}}"#
        }
        let document = #"{"$defs": {"# + types.joined(separator: ", ") + "}}"
        for _ in 0..<20 {
            #expect {
                try CodeGenerator().model(documents: [("a.json", document)])
            } throws: { error in
                (error as? CodegenError)?.pointer == "/$defs/T25/x-ron-type"
            }
        }
    }

    @Test func filesAreThoseOfARunOnOneThread() throws {
        let model = try CodeGenerator().model(documents: [("api.json", Self.description(count: 60))])
        var generator = CodeGenerator()
        generator.options.runtimeModule = "RonGenerated"
        let files = generator.files(for: model, split: false, output: .typesAndOperations, shards: 8)
        // One thread: the types and calls rendered piece by piece, as before the work was spread.
        let renderer = SwiftRenderer(options: generator.options)
        let merged = model.mergingIdenticalInlineTypes()
        for type in merged.types {
            var writer = SourceWriter()
            renderer.knowing(merged).render(type, into: &writer)
            // Its member keys are named after its file there.
            let file = files.indices.first { shard in
                files[shard].contents.contains(
                    SwiftRenderer.resolvingMemberKey(writer.text, name: SwiftRenderer.memberKeyName(shard: shard)))
            }
            #expect(file != nil, "the declaration of \(type.name) is in no file as rendered alone")
        }
        for operation in merged.operations {
            // As in its file: one level in, in an extension of the client.
            var writer = SourceWriter()
            writer.block("extension RonClient") { w in renderer.knowing(merged).renderOperation(operation, into: &w) }
            let call = writer.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2)
                .joined(separator: "\n")
            let shard = SwiftRenderer.shard(of: operation.operationId, count: 8)
            #expect(files[shard].contents.contains(call), "\(operation.operationId) is not in file \(shard)")
        }
        // And twice the same.
        #expect(
            generator.files(for: model, split: false, output: .typesAndOperations, shards: 8).map(\.contents)
                == files.map(\.contents))
    }

    /// The paths of a folder of `count` documents below two levels of folders, JSON and YAML by
    /// turns, in path order.
    private func documentPaths(count: Int) -> [String] {
        (0..<count).map { index in
            "part\(index % 3)/\(index % 2 == 0 ? "a" : "b")/doc\(index).\(index % 2 == 0 ? "json" : "yaml")"
        }.sorted()
    }

    /// Writes the documents of ``documentPaths(count:)`` into a new folder, each naming its own path;
    /// those in `broken` with a syntax error instead.
    private func folder(count: Int, broken: Set<String> = []) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "ron-read-\(UUID().uuidString)")
        for path in documentPaths(count: count) {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text =
                broken.contains(path)
                ? "{\"unclosed\": [1, 2"
                : path.hasSuffix(".json") ? "{\"path\": \"\(path)\"}" : "path: \(path)\n"
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// The schema folder's files are parsed on every core; the documents come back in path order,
    /// each with its own tree.
    @Test func aFolderOfManyDocumentsIsReadInPathOrder() throws {
        let root = try folder(count: 60)
        defer { try? FileManager.default.removeItem(at: root) }
        let documents = try SchemaDocumentReader.read(directory: root)
        #expect(documents.map(\.path) == documentPaths(count: 60))
        for document in documents {
            #expect(document.root["path"] == .string(document.path))
        }
    }

    /// Of several broken files, the one first in path order is named, whichever thread read it:
    /// the same error as one read after the other.
    @Test func theFirstBrokenFileInPathOrderIsTheErrorEveryTime() throws {
        let paths = documentPaths(count: 60)
        let root = try folder(count: 60, broken: [paths[41], paths[7], paths[55]])
        defer { try? FileManager.default.removeItem(at: root) }
        for _ in 0..<5 {
            do {
                _ = try SchemaDocumentReader.read(directory: root)
                Issue.record("three broken files read without an error")
            } catch let error as CodegenError {
                #expect(error.file == paths[7])
            }
        }
    }
}
