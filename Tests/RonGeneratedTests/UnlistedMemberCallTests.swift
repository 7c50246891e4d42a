import Foundation
import RonGenerated
import Testing

/// The calls generated structs make for the members their schema does not list
/// (`KeyedContainers+Unlisted.swift`): what each struct once wrote out in its own coders.
@Suite("Unlisted-member calls of generated coders")
struct UnlistedMemberCallTests {
    /// A struct that lists `name` and keeps the rest, coded as generated structs are.
    private struct Listing: Codable, SchemaListing {
        var name: String
        var others: [String: JSONValue]

        static func schemaLists(_ name: String) -> Bool { name == "name" }

        init(name: String, others: [String: JSONValue]) { (self.name, self.others) = (name, others) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SchemaUnlistedKey<Self>.self)
            others = try container.decodeUnlistedMembers(JSONValue.self)
            name = try container.decodeString(forKey: SchemaUnlistedKey("name"))
        }

        func encode(to encoder: any Encoder) throws {
            try SchemaCoding.encodeUnlistedMembers(others, to: encoder, omittedWhenStrict: true)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeString(name, forKey: .name)
        }
    }

    /// A member-key enum as generated: its `init?(stringValue:)` is `schemaKey(named:)`.
    private enum Key: CodingKey, CaseIterable {
        case name
        case sizeInBytes

        var stringValue: String {
            switch self {
            case .name: return "name"
            case .sizeInBytes: return "size_in_bytes"
            }
        }

        init?(stringValue: String) {
            guard let key = Self.schemaKey(named: stringValue) else { return nil }
            self = key
        }

        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    private func encoded(_ value: some Encodable, strict: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if strict { encoder.userInfo[SchemaCoding.omitsUnlistedMembersKey] = true }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func theMembersNotListedAreReadAndWrittenBack() throws {
        let json = #"{"extra":{"deep":[1,null]},"name":"a","seen":true}"#
        let value = try JSONDecoder().decode(Listing.self, from: Data(json.utf8))
        #expect(value.name == "a")
        #expect(value.others == ["extra": .object(["deep": .array([.integer(1), .null])]), "seen": .bool(true)])
        #expect(try encoded(value) == json)
    }

    @Test func theStrictCheckLeavesThemOutAndATypedMapStays() throws {
        let value = Listing(name: "a", others: ["seen": .bool(true)])
        #expect(try encoded(value, strict: true) == #"{"name":"a"}"#)

        /// A typed map of `additionalProperties`: declared by the schema, so the strict check keeps it.
        struct Counts: Encodable {
            var counts: [String: Int]
            func encode(to encoder: any Encoder) throws {
                try SchemaCoding.encodeUnlistedMembers(counts, to: encoder, omittedWhenStrict: false)
            }
        }
        #expect(try encoded(Counts(counts: ["b": 2, "a": 1]), strict: true) == #"{"a":1,"b":2}"#)
        // None at all: no member is written, and an object of no members is still an object.
        #expect(try encoded(Listing(name: "a", others: [:])) == #"{"name":"a"}"#)
    }

    @Test func aMemberOfTheWrongTypeFailsAtItsName() throws {
        struct Counts: Decodable, SchemaListing {
            var counts: [String: Int]
            static func schemaLists(_ name: String) -> Bool { false }
            init(from decoder: any Decoder) throws {
                counts = try decoder.container(keyedBy: SchemaUnlistedKey<Self>.self).decodeUnlistedMembers(Int.self)
            }
        }
        #expect(try JSONDecoder().decode(Counts.self, from: Data(#"{"a":1}"#.utf8)).counts == ["a": 1])
        do {
            _ = try JSONDecoder().decode(Counts.self, from: Data(#"{"a":1,"b":"two"}"#.utf8))
            Issue.record("a text where a number belongs decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["b"])
        }
    }

    @Test func aKeyIsFoundByItsWireName() {
        #expect(Key(stringValue: "size_in_bytes") == .sizeInBytes)
        #expect(Key(stringValue: "name") == .name)
        #expect(Key(stringValue: "sizeInBytes") == nil)
        #expect(Key(stringValue: "") == nil)
    }
}
