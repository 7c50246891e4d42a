import Foundation
import RonGenerated
import Testing

/// Members of string-valued generated types (pattern strings, string enums) are read and written as
/// plain strings of the keyed container; values, errors and paths are those of the types' own coders.
@Suite("String-valued members")
struct SchemaTextValueTests {
    static let id = "b3:" + String(repeating: "ab", count: 32)

    static func manifest(entryId: String, kind: String) -> Data {
        Data(
            """
            {"version": 1, "root": "\(id)", "entries": {"a.bin": {"id": "\(entryId)", "size": 3, "kind": \(kind)}}}
            """.utf8)
    }

    @Test("a pattern-checked member that does not match fails at its path with the pattern")
    func badPatternMember() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ManifestV1.self, from: Self.manifest(entryId: "b3:XYZ", kind: "\"blob\""))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["entries", "a.bin", "id"])
        let ownCoder = SchemaPatternError(typeName: "ContentId", pattern: ContentId.pattern, value: "b3:XYZ")
        #expect(context.debugDescription == ownCoder.description)
    }

    @Test("a member of the wrong JSON type is a type mismatch at its path")
    func wrongJSONType() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(ManifestV1.self, from: Self.manifest(entryId: Self.id, kind: "7"))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["entries", "a.bin", "kind"])
    }

    @Test("an unknown enum value, null and absence decode as the types' own coders do")
    func enumValues() throws {
        let unknown = try JSONDecoder().decode(ManifestV1.self, from: Self.manifest(entryId: Self.id, kind: "\"tree\""))
        #expect(unknown.entries["a.bin"]?.kind == .unknown("tree"))
        #expect(unknown.entries["a.bin"]?.id.rawValue == Self.id)
        let null = try JSONDecoder().decode(ManifestV1.self, from: Self.manifest(entryId: Self.id, kind: "null"))
        #expect(null.entries["a.bin"]?.kind == .blob)
    }

    @Test("writing gives the bytes the types' own encoders give")
    func encodes() throws {
        let id = try #require(ContentId(rawValue: Self.id))
        let entry = EntryRef(id: id, size: 3, kind: .unknown("tree"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try #require(String(data: try encoder.encode(entry), encoding: .utf8))
        let idText = try #require(String(data: try encoder.encode(id), encoding: .utf8))
        let kindText = try #require(String(data: try encoder.encode(MediaKind.unknown("tree")), encoding: .utf8))
        #expect(written == "{\"id\":\(idText),\"kind\":\(kindText),\"size\":3}")
        #expect(try JSONDecoder().decode(EntryRef.self, from: Data(written.utf8)) == entry)
    }
}
