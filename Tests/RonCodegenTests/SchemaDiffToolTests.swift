import Foundation
import RonTestSupport
import Testing

/// `ron-codegen diff` as a user runs it: in a git repository, against a revision or a folder.
@Suite("The ron-codegen diff command")
struct SchemaDiffToolTests {
    typealias Run = ChildProcess.Result

    /// A throwaway git repository with a committed `Schema/` and `Fixtures/`.
    struct Repository {
        var root: URL

        init() async throws {
            root = FileManager.default.temporaryDirectory.appending(path: "ron-diff-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try await git(["init", "-q"])
        }

        func write(_ path: String, _ text: String) throws {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func commit() async throws {
            try await git(["add", "-A"])
            try await git(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qm", "schema"])
        }

        @discardableResult
        func git(_ arguments: [String]) async throws -> Run {
            try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: root)
        }

        func diff(_ arguments: [String]) async throws -> Run { try await codegen(["diff"] + arguments) }

        func codegen(_ arguments: [String]) async throws -> Run {
            guard let tool = CodegenToolTests.tool else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "ron-codegen is not built"])
            }
            return try await ChildProcess.run(tool, arguments, in: root)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func schema(_ properties: String, required: String = #"["id"]"#, version: String? = nil) -> String {
        let versionMember = version.map { #""x-ron-version": "\#($0)", "# } ?? ""
        return
            #"{\#(versionMember)"$defs": {"Item": {"type": "object", "required": \#(required), "properties": {\#(properties)}}}}"#
    }

    static let base = #""id": {"type": "string"}, "count": {"type": "integer", "x-ron-type": "u16"}"#

    @Test("the working tree against HEAD: an optional member added is a minor bump and exits 0")
    func compatibleChange() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try repository.write("Fixtures/Item/one.json", #"{"id": "a", "count": 7}"#)
        try await repository.commit()
        try repository.write("Schema/a.schema.json", Self.schema(Self.base + #", "note": {"type": "string"}"#))
        let result = try await repository.diff([])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Item"))
        #expect(result.output.contains("FIELD_ADDED_OPTIONAL"))
        #expect(result.output.contains("a.schema.json#/$defs/Item/properties/note"))
        #expect(result.output.contains("1 of 1 old fixtures decode with the new schema"))
        #expect(result.output.contains("semver bump: minor"))
    }

    @Test("a wire break exits 1, names both sides' pointers in JSON and fails the old fixture")
    func breakingChange() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try repository.write("Fixtures/Item/one.json", #"{"id": "a", "count": 70000}"#)
        try repository.write("Fixtures/Item/two.json", #"{"id": "b", "count": 7}"#)
        try await repository.commit()
        let narrowed = #""id": {"type": "string"}, "count": {"type": "integer", "x-ron-type": "u8"}"#
        try repository.write("Schema/a.schema.json", Self.schema(narrowed))
        let table = try await repository.diff([])
        #expect(table.status == 1)
        #expect(table.output.contains("FIELD_TYPE_NARROWED"))
        #expect(table.output.contains("semver bump: major"))
        #expect(table.output.contains("1 of 2 old fixtures decode"))
        let json = try await repository.diff(["--format", "json"])
        #expect(json.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["bump"] as? String == "major")
        let changes = try #require(object["changes"] as? [[String: Any]])
        let change = try #require(changes.first { $0["rule"] as? String == "FIELD_TYPE_NARROWED" })
        #expect(change["type"] as? String == "Item")
        #expect(change["member"] as? String == "count")
        #expect(change["oldClientsNewServer"] as? String == "compatible")
        #expect(change["newClientsOldServer"] as? String == "breaking")
        #expect((change["old"] as? [String: String])?["pointer"] == "/$defs/Item/properties/count")
        let fixtures = try #require(object["fixtures"] as? [[String: Any]])
        let refused = try #require(fixtures.first { $0["decodes"] as? Bool == false })
        #expect(refused["file"] as? String == "Fixtures/Item/one.json")
        let problem = try #require((refused["problems"] as? [[String: String]])?.first)
        #expect(problem["pointer"] == "/count")
        #expect(problem["message"]?.contains("70000") == true)
    }

    @Test("breaks come first, --only breaking lists them alone, and --format json is alone on standard output")
    func breaksFirstAndOnlyBreaking() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try repository.write("Fixtures/Item/one.json", #"{"id": "a", "count": 7}"#)
        try await repository.commit()
        // Found in schema order: the optional `note` (no break), then `count` narrowed (a break).
        let changed =
            #""id": {"type": "string", "description": "The id."}, "note": {"type": "string"}, "#
            + #""count": {"type": "integer", "x-ron-type": "u8"}"#
        try repository.write("Schema/a.schema.json", Self.schema(changed))
        let table = try await repository.diff([])
        #expect(table.status == 1)
        let rows = table.output.split(separator: "\n").map(String.init)
        let narrowed = try #require(rows.firstIndex { $0.contains("FIELD_TYPE_NARROWED") }, "\(table.output)")
        let added = try #require(rows.firstIndex { $0.contains("FIELD_ADDED_OPTIONAL") })
        let documented = try #require(rows.firstIndex { $0.contains("DOCUMENTATION_CHANGED") })
        #expect(narrowed < added && narrowed < documented, "\(table.output)")
        let only = try await repository.diff(["--only", "breaking"])
        #expect(only.status == 1)
        #expect(only.output.contains("FIELD_TYPE_NARROWED"))
        #expect(!only.output.contains("FIELD_ADDED_OPTIONAL") && !only.output.contains("DOCUMENTATION_CHANGED"))
        #expect(only.output.contains("3 changes: 1 breaking the wire"), "the summary counts every change")
        #expect(only.output.contains("; 1 breaking, 1 compatible, 1 documentation only;"), "\(only.output)")
        #expect(only.output.contains("2 not breaking not listed (--only breaking)"), "\(only.output)")
        #expect(only.output.contains("semver bump: major"))
        let json = try await repository.diff(["--format", "json", "--only", "breaking"])
        #expect(json.status == 1)
        // Standard output is the JSON document alone; the note on the old fixtures is on standard error.
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
        #expect((object["changes"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["FIELD_TYPE_NARROWED"])
        // The counts are of every change, listed or not.
        #expect(object["breaking"] as? Int == 1 && object["compatible"] as? Int == 1)
        #expect(object["documentation"] as? Int == 1)
        #expect(json.error.contains("old fixtures: 1 from HEAD"), "\(json.error)")
        await #expect(try repository.diff(["--only", "docs"]).status == 2)
    }

    @Test("a bump of descriptions alone is documentation only: counted apart, listed last, a patch, exit 0")
    func documentationOnlyBump() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try repository.write("Fixtures/Item/one.json", #"{"id": "a", "count": 7}"#)
        try await repository.commit()
        let described =
            #""id": {"type": "string", "description": "The id."}, "#
            + #""count": {"type": "integer", "x-ron-type": "u16", "description": "How many."}"#
        try repository.write("Schema/a.schema.json", Self.schema(described))
        let table = try await repository.diff(["--fail-on", "any"])
        #expect(table.status == 0, "\(table.output)")
        #expect(
            table.output.contains(
                "2 changes: 0 breaking the wire, 0 breaking Swift source; 0 breaking, 0 compatible, 2 documentation only;"
            ),
            "\(table.output)")
        #expect(table.output.contains("semver bump: patch"))
        // With an addition beside them: the addition is listed before the documentation.
        try repository.write("Schema/a.schema.json", Self.schema(described + #", "note": {"type": "string"}"#))
        let mixed = try await repository.diff([])
        let rows = mixed.output.split(separator: "\n").map(String.init)
        let added = try #require(rows.firstIndex { $0.contains("FIELD_ADDED_OPTIONAL") }, "\(mixed.output)")
        #expect(rows.filter { $0.contains("DOCUMENTATION_CHANGED") }.count == 2)
        #expect(rows.indices.filter { rows[$0].contains("DOCUMENTATION_CHANGED") }.allSatisfy { $0 > added })
        #expect(mixed.output.contains("; 0 breaking, 1 compatible, 2 documentation only;"), "\(mixed.output)")
        let json = try await repository.diff(["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["breaking"] as? Int == 0 && object["compatible"] as? Int == 1)
        #expect(object["documentation"] as? Int == 2)
        #expect(object["bump"] as? String == "minor")
        // --only breaking lists nothing and still counts all three.
        let only = try await repository.diff(["--only", "breaking"])
        #expect(!only.output.contains("DOCUMENTATION_CHANGED") && !only.output.contains("FIELD_ADDED_OPTIONAL"))
        #expect(only.output.contains("3 not breaking not listed (--only breaking)"), "\(only.output)")
    }

    @Test("--fail-on source fails on a source-only break that --fail-on wire lets through")
    func failOnSelectsTheVerdicts() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try await repository.commit()
        try repository.write(
            "Schema/a.schema.json", Self.schema(Self.base).replacingOccurrences(of: "Item", with: "Entry"))
        await #expect(try repository.diff(["--fail-on", "wire"]).status == 0)
        let source = try await repository.diff(["--fail-on", "source"])
        #expect(source.status == 1)
        #expect(source.output.contains("TYPE_RENAMED"))
        await #expect(try repository.diff(["--fail-on", "any"]).status == 1)
    }

    @Test("an OpenAPI document that loses a route exits 1 and names the route, its document and pointer")
    func routeRemoved() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        func api(_ routes: [String]) async -> String {
            let paths = routes.map { path in
                #""\#(path)": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "a.schema.json#/$defs/Item"}}}}}}}"#
            }
            return #"{"openapi": "3.1.0", "paths": {"# + paths.joined(separator: ", ") + "}}"
        }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try await repository.write("Schema/api.openapi.json", api(["/items", "/items/latest"]))
        try await repository.commit()
        await #expect(try repository.diff([]).status == 0, "nothing changed yet")
        try await repository.write("Schema/api.openapi.json", api(["/items"]))
        let result = try await repository.diff(["--format", "json"])
        #expect(result.status == 1, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["bump"] as? String == "major")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change["rule"] as? String == "OPERATION_REMOVED")
        #expect(change["type"] as? String == "GET /items/latest")
        #expect(change["oldClientsNewServer"] as? String == "breaking")
        let old = try #require(change["old"] as? [String: String])
        #expect(old["file"] == "api.openapi.json")
        #expect(old["pointer"] == "/paths/~1items~1latest/get")
        #expect(change["new"] == nil)
        let table = try await repository.diff([])
        #expect(table.status == 1)
        #expect(
            table.output.contains("GET /items/latest")
                && table.output.contains("api.openapi.json#/paths/~1items~1latest/get"))
    }

    @Test("two folders compare without git")
    func folders() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("old/a.schema.json", Self.schema(Self.base))
        try repository.write("new/a.schema.json", Self.schema(Self.base, required: #"["id", "count"]"#))
        let result = try await repository.diff(["--old", "old", "--new", "new"])
        #expect(result.status == 1)
        #expect(result.output.contains("FIELD_MADE_REQUIRED"))
    }

    @Test("bad input exits 2 with one located line", arguments: ["no-such-rev", "HEAD"])
    func badRevision(_ revision: String) async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("README", "no schema here")
        try await repository.commit()
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        let result = try await repository.diff(["--old", revision])
        #expect(result.status == 2)
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(
            result.error.contains(
                revision == "HEAD" ? "HEAD has no Schema/ folder" : "'no-such-rev' is not a git revision"))
    }

    @Test("a schema that does not parse exits 2 with the generator's located error")
    func parseError() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try await repository.commit()
        try repository.write("Schema/a.schema.json", ##"{"$defs": {"Item": {"$ref": "#/$defs/Missing"}}}"##)
        let result = try await repository.diff([])
        #expect(result.status == 2)
        #expect(
            result.error.contains("a.schema.json: at /$defs/Item/$ref: $ref '#/$defs/Missing': nothing at"))
    }

    @Test(
        "--check-version passes only when x-ron-version got the bump the changes need",
        arguments: [
            ("1.2.0", "1.2.1", false), ("1.2.0", "1.3.0", false), ("1.2.0", "2.0.0", true), ("0.3.0", "0.3.1", false),
            ("0.3.0", "0.4.0", true), ("1.2.0", "1.2.0", false),
        ])
    func versionBump(_ old: String, _ new: String, _ enough: Bool) async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base, version: old))
        try await repository.commit()
        // A required member added: new clients cannot read what old servers send, a major change.
        let grown = Self.base + #", "note": {"type": "string"}"#
        try repository.write("Schema/a.schema.json", Self.schema(grown, required: #"["id", "note"]"#, version: new))
        let result = try await repository.diff(["--check-version"])
        #expect(result.status == (enough ? 0 : 1), "\(result.output)")
        #expect(result.output.contains("a.schema.json: x-ron-version \(old) → \(new)") == !enough)
    }

    @Test("--check-version names a changed document that has no x-ron-version")
    func versionMissing() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try await repository.commit()
        try repository.write("Schema/a.schema.json", Self.schema(Self.base + #", "note": {"type": "string"}"#))
        let result = try await repository.diff(["--check-version"])
        #expect(result.status == 1)
        #expect(
            result.output.contains("a.schema.json: its changes need a minor version bump but it has no x-ron-version"))
    }

    @Test("ron-codegen verify reads a fixtures folder against the schema and names what does not fit")
    func verify() async throws {
        let repository = try await Repository()
        defer { repository.remove() }
        try repository.write("Schema/a.schema.json", Self.schema(Self.base))
        try repository.write("Fixtures/Item/good.json", #"{"id": "a", "count": 7}"#)
        await #expect(try repository.codegen(["verify"]).status == 0)
        try repository.write("Fixtures/Item/bad.json", #"{"id": "a", "count": -1}"#)
        let result = try await repository.codegen(["verify"])
        #expect(result.status == 1)
        #expect(result.output.contains("Fixtures/Item/bad.json (Item) at /count: -1 is not a UInt16"))
        #expect(result.output.contains("1 of 2 examples fit the schema"))
        await #expect(try repository.codegen(["verify", "--fixtures", "missing"]).status == 2)
    }
}
