import Foundation
import Testing

@testable import RonCodegenCore

/// The JSON-level reading of wire examples against a model, which `ron-codegen diff` uses for the
/// old fixtures and `ron-codegen verify` for a folder: it must accept what the generated decoders
/// accept and refuse, at the right pointer, what they refuse.
@Suite("Fixtures read against a model")
struct FixtureValidatorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every fixture of this repository fits the repository's schema (the drift tests decode them all)")
    func repositoryFixturesFit() throws {
        let model = try CodeGenerator().model(schemaDirectory: Self.root.appending(path: "Schema"))
        let folder = Self.root.appending(path: "Fixtures")
        var fixtures: [(path: String, data: Data)] = []
        for type in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !type.hasPrefix(".") {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: type).path) {
                fixtures.append(
                    ("\(type)/\(file)", try Data(contentsOf: folder.appending(path: type).appending(path: file))))
            }
        }
        let results = FixtureValidator(model: model).check(fixtures: fixtures)
        #expect(results.count > 100)
        for result in results {
            #expect(result.problems.isEmpty, "\(result.file): \(result.problems)")
        }
    }

    static let schema = #"""
        {"$defs": {
          "Thing": {"type": "object", "required": ["id", "n"], "properties": {
            "id": {"type": "string"},
            "n": {"type": "integer", "x-ron-type": "u8"},
            "big": {"type": "string", "x-ron-type": "i64"},
            "at": {"type": "string", "format": "date-time"},
            "mode": {"$ref": "#/$defs/Mode"},
            "list": {"type": "array", "items": {"type": "boolean"}},
            "code": {"$ref": "#/$defs/Code"}}},
          "Mode": {"type": "string", "enum": ["a"]},
          "Code": {"type": "string", "pattern": "^[a-z]+$"}}}
        """#

    @Test(
        "a value the decoders refuse is reported at its pointer",
        arguments: [
            (#"{"n": 1}"#, "/id", "'id'"),
            (#"{"id": null, "n": 1}"#, "/id", "null"),
            (#"{"id": "x", "n": 256}"#, "/n", "256"),
            (#"{"id": "x", "n": 1, "big": 5}"#, "/big", "string"),
            (#"{"id": "x", "n": 1, "at": "yesterday"}"#, "/at", "RFC 3339"),
            (#"{"id": "x", "n": 1, "mode": 3}"#, "/mode", "string"),
            (#"{"id": "x", "n": 1, "list": [true, "no"]}"#, "/list/1", "boolean"),
            (#"{"id": "x", "n": 1, "code": "ABC"}"#, "/code", "does not match"),
        ])
    func refused(_ json: String, _ pointer: String, _ words: String) throws {
        let model = try CodeGenerator().model(documents: [("a.json", Self.schema)])
        let problems = FixtureValidator(model: model).problems(
            of: try JSONDocumentParser.parse(json), as: "Thing")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains(words) == true, "\(problems)")
        #expect(problems.first?.pointer == pointer)
    }

    @Test("unknown members, enum values and optional nulls are accepted")
    func tolerated() throws {
        let model = try CodeGenerator().model(documents: [("a.json", Self.schema)])
        let value = try JSONDocumentParser.parse(
            #"{"id": "x", "n": 255, "big": "-9223372036854775808", "at": "2025-01-02T03:04:05.5Z", "mode": "zzz", "list": null, "extra": {}}"#
        )
        #expect(FixtureValidator(model: model).problems(of: value, as: "Thing").isEmpty)
    }

    @Test("an old fixture of a renamed type is read as the type's new name")
    func renamedTypes() throws {
        let old = try CodeGenerator().model(documents: [("a.json", Self.schema)])
        let new = try CodeGenerator().model(
            documents: [("a.json", Self.schema.replacingOccurrences(of: "\"Thing\"", with: "\"Entry\""))])
        let report = SchemaDiff.compare(old: old, new: new)
        #expect(report.renamedTypes == ["Thing": "Entry"])
        let results = FixtureValidator(model: new).check(
            fixtures: [("Thing/one.json", Data(#"{"id": "x", "n": 1}"#.utf8))], renames: report.renamedTypes)
        #expect(results.map(\.typeName) == ["Entry"])
        #expect(results.first?.file == "Fixtures/Thing/one.json")
        #expect(results.first?.problems == [])
    }

    static let shapes = #"""
        {"$defs": {
          "Value": {"oneOf": [{"type": "integer", "x-ron-type": "u8"}, {"$ref": "#/$defs/Pair"}, {"type": "null"}]},
          "Pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": ["integer", "null"]}],
                   "minItems": 2, "maxItems": 2, "items": false},
          "Marker": {"type": "null"},
          "Forest": {"type": "array", "items": {"$ref": "#/$defs/Forest"}}}}
        """#

    @Test(
        "untagged enums, tuples, unit and newtype structs are read as their decoders read them",
        arguments: [
            ("Value", "7", nil),
            ("Value", #"["a", null]"#, nil),
            ("Value", "null", nil),
            ("Value", "300", "fits no variant"),
            ("Value", #"{"a": 1}"#, "fits no variant"),
            ("Pair", #"["a", 2]"#, nil),
            ("Pair", #"["a"]"#, "expected 2 elements"),
            ("Pair", #"[1, 2]"#, "string"),
            ("Marker", "null", nil),
            ("Marker", "{}", "unit struct"),
            ("Forest", "[[], [[]]]", nil),
            ("Forest", "[[1]]", "array"),
        ] as [(String, String, String?)])
    func newShapes(_ type: String, _ json: String, _ words: String?) throws {
        let model = try CodeGenerator().model(documents: [("a.json", Self.shapes)])
        let problems = FixtureValidator(model: model).problems(of: try JSONDocumentParser.parse(json), as: type)
        if let words {
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first?.message.contains(words) == true, "\(problems)")
        } else {
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    static let members = #"""
        {"$defs": {
          "Open": {"type": "object", "properties": {"id": {"type": "string"}}},
          "Closed": {"type": "object", "additionalProperties": false, "properties": {"id": {"type": "string"}}},
          "Counts": {"type": "object", "properties": {"id": {"type": "string"}},
                     "additionalProperties": {"type": "integer", "format": "int32"}},
          "Demo": {"type": "object", "additionalProperties": false, "properties": {"count": {"type": "integer"}}},
          "Source": {"oneOf": [
            {"allOf": [{"$ref": "#/$defs/Demo"}, {"type": "object", "required": ["type"],
                                                  "properties": {"type": {"const": "demo"}}}]}]},
          "Outer": {"allOf": [{"type": "object", "properties": {"graph": {"type": "string"}}},
                              {"$ref": "#/$defs/Source"}], "unevaluatedProperties": false}}}
        """#

    @Test(
        "a member a round trip would lose is always reported; one the type keeps only in strict mode",
        arguments: [
            ("Open", #"{"id": "a", "extra": 1}"#, false, nil),
            ("Open", #"{"id": "a", "extra": 1}"#, true, "/extra"),
            ("Closed", #"{"id": "a", "extra": 1}"#, false, "/extra"),
            ("Closed", #"{"id": "a"}"#, true, nil),
            ("Counts", #"{"id": "a", "n": 3}"#, false, nil),
            ("Counts", #"{"id": "a", "n": "three"}"#, false, "/n"),
            ("Outer", #"{"type": "demo", "count": 2, "graph": "g"}"#, true, nil),
            // The variant keeps what neither it nor the outer struct declares.
            ("Outer", #"{"type": "demo", "count": 2, "graph": "g", "more": true}"#, false, nil),
            ("Outer", #"{"type": "demo", "count": 2, "graph": "g", "more": true}"#, true, "/more"),
        ] as [(String, String, Bool, String?)])
    func unlistedMembers(_ type: String, _ json: String, _ strict: Bool, _ pointer: String?) throws {
        let model = try CodeGenerator().model(documents: [("a.json", Self.members)])
        let problems = FixtureValidator(model: model, strict: strict).problems(
            of: try JSONDocumentParser.parse(json), as: type)
        #expect(problems.map(\.pointer) == (pointer.map { [$0] } ?? []), "\(problems)")
    }
}
