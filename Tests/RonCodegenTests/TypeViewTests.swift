import Foundation
import Testing

@testable import RonCodegenCore

/// The JSON types a schema allows (`SchemaNormalizer.typeView(_:)`), read where `type` is absent
/// from the other keywords (`SchemaVocabulary.impliedTypes(_:)`) in one pass over the members.
@Suite("The types a schema allows")
struct TypeViewTests {
    /// Keywords that imply a kind of value, each with the kind it implies.
    static let implying: [(key: String, kind: String)] = [
        ("properties", "object"), ("patternProperties", "object"), ("minProperties", "object"),
        ("maxProperties", "object"), ("propertyNames", "object"), ("items", "array"), ("prefixItems", "array"),
        ("minItems", "array"), ("maxItems", "array"), ("uniqueItems", "array"), ("pattern", "string"),
        ("minLength", "string"), ("maxLength", "string"),
    ]

    /// Values of `additionalProperties`, and whether each implies an object.
    static let additional: [(value: DocumentValue?, object: Bool)] = [
        (nil, false), (.bool(true), false), (.object([]), false), (.bool(false), true),
        (.object([("type", .string("string"))]), true),
    ]

    /// What the keywords of `members` imply, as JSON Schema says: one kind, or every kind but
    /// `null` when they constrain several.
    static func expected(_ keys: [String], additionalObject: Bool) -> [String] {
        var kinds: [String] = []
        for kind in ["object", "array", "string"]
        where implying.contains(where: { keys.contains($0.key) && $0.kind == kind })
            || (kind == "object" && additionalObject)
        {
            kinds.append(kind)
        }
        return kinds.count > 1 ? ["object", "array", "string", "number", "boolean"] : kinds
    }

    @Test func theKeywordsOfEachKindImplyIt() {
        var generator = SystemRandomNumberGenerator()
        let normalizer = SchemaNormalizer(index: SchemaIndex([]))
        for round in 0..<3000 {
            // Single keywords first, then random sets of them among other members, in any order.
            var keys: [String]
            if round < Self.implying.count {
                keys = [Self.implying[round].key]
            } else {
                keys = Self.implying.map(\.key).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
            }
            let (additionalValue, additionalObject) = Self.additional[round % Self.additional.count]
            var members: [(key: String, value: DocumentValue)] = keys.map { ($0, .number("1")) }
            members += [("description", .string("d")), ("$ref", .string("#/x")), ("nullable", .bool(true))]
            if let additionalValue { members.append(("additionalProperties", additionalValue)) }
            members.shuffle(using: &generator)
            let node = DocumentValue.object(members)
            let want = Self.expected(keys, additionalObject: additionalObject)
            #expect(SchemaVocabulary.impliedTypes(node) == want, "\(members.map(\.key))")
            let view = normalizer.typeView(node)
            #expect(view.kinds == want && view.nullable, "\(members.map(\.key))")
        }
    }

    @Test func withoutATypeTheValuesAndNullabilityDecide() throws {
        let normalizer = SchemaNormalizer(index: SchemaIndex([]))
        func view(_ json: String) throws -> TypeView { normalizer.typeView(try JSONDocumentParser.parse(json)) }
        #expect(try view(##"{"$ref": "#/x"}"##).kinds == [])
        #expect(try view(##"{"$ref": "#/x"}"##).nullable == false)
        #expect(try view(##"{"$ref": "#/x", "x-nullable": true}"##).nullable)
        #expect(try view(#"{"enum": ["a", "b", null]}"#).kinds == ["string"])
        #expect(try view(#"{"enum": ["a", "b", null]}"#).nullable)
        #expect(try view(#"{"enum": [1, 2.5]}"#).kinds == ["number"])
        #expect(try view(#"{"const": 3}"#).kinds == ["integer"])
        #expect(try view(#"{"type": ["string", "null"]}"#).kinds == ["string"])
        #expect(try view(#"{"type": ["string", "null"]}"#).nullable)
        #expect(try view(#"{"type": "null"}"#).kinds == ["null"])
        #expect(try view(#"{"type": ["integer", "number"]}"#).kinds == ["number"])
        #expect(try view(#"{"type": "any", "minLength": 1}"#).kinds == ["string"])
    }
}
