import Testing

@testable import RonCodegenCore

/// The names' pass finds the tuples inside each type by a walk that first asks whether there is any
/// (``SchemaTranslator/inlineTuples(in:pointer:hint:)``): it must find every tuple the full walk
/// finds, wherever it stands.
@Suite struct InlineTupleWalkTests {
    /// A tuple schema (the 2020-12 form or the draft-07 array form of `items`).
    static func tuple(_ random: inout SeededRandom) -> DocumentValue {
        Bool.random(using: &random)
            ? .object([("type", .string("array")), ("prefixItems", .array([.object([("type", .string("string"))])]))])
            : .object([("items", .array([.object([("type", .string("integer"))])]))])
    }

    /// A random schema: members of every kind the walk descends into, and some it does not, with a
    /// tuple now and then at any depth.
    static func schema(_ random: inout SeededRandom, depth: Int) -> DocumentValue {
        if depth == 0 || Int.random(in: 0..<5, using: &random) == 0 {
            return Int.random(in: 0..<6, using: &random) == 0
                ? tuple(&random) : .object([("type", .string("string"))])
        }
        var members: [(key: String, value: DocumentValue)] = []
        let keys = [
            "properties", "items", "additionalProperties", "prefixItems", "anyOf", "oneOf", "allOf", "not",
            "description", "patternProperties", "x-extra",
        ]
        for key in keys where Int.random(in: 0..<3, using: &random) == 0 {
            let children = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                schema(&random, depth: depth - 1)
            }
            switch key {
            case "properties", "patternProperties":
                members.append((key, .object(children.enumerated().map { ("p\($0.offset)", $0.element) })))
            case "items" where Bool.random(using: &random), "prefixItems", "anyOf", "oneOf", "allOf":
                members.append((key, .array(children)))
            case "description":
                members.append((key, .string("words")))
            default:
                members.append((key, children[0]))
            }
        }
        return .object(members)
    }

    @Test func theQuickWalkFindsWhatTheFullWalkFinds() {
        var random = SeededRandom(seed: 0x7475_706C_6573)
        var withTuples = 0
        for round in 0..<1_000 {
            let node = Self.schema(&random, depth: 1 + round % 4)
            let quick = SchemaTranslator.inlineTuples(in: node, pointer: "/$defs/T", hint: "")
            let full = SchemaTranslator.tuplesBelow(node, pointer: "/$defs/T", hint: "")
            if !full.isEmpty { withTuples += 1 }
            #expect(quick.map(\.pointer) == full.map(\.pointer), "round \(round)")
            #expect(quick.map(\.hint) == full.map(\.hint), "round \(round)")
        }
        // Both kinds are tried many times.
        #expect(withTuples > 100 && withTuples < 900, "\(withTuples) of 1,000 held a tuple")
    }

    @Test func aTupleAtEachPlaceBecomesANamedType() throws {
        let places = [
            #"{"type": "object", "properties": {"pair": TUPLE}}"#,
            #"{"type": "array", "items": TUPLE}"#,
            #"{"type": "object", "additionalProperties": TUPLE}"#,
            #"{"anyOf": [{"type": "string"}, TUPLE]}"#,
            #"{"allOf": [{"type": "object", "properties": {"deep": {"type": "object", "properties": {"pair": TUPLE}}}}]}"#,
        ]
        let tuple =
            #"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false, "minItems": 2, "maxItems": 2}"#
        for (offset, place) in places.enumerated() {
            let text = #"{"$defs": {"T": "# + place.replacingOccurrences(of: "TUPLE", with: tuple) + "}}"
            let model = try CodeGenerator().model(documents: [("a.json", text)])
            let tuples = model.types.filter { if case .tuple = $0.shape { return true } else { return false } }
            #expect(tuples.count == 1, "place \(offset): \(model.types.map(\.name))")
        }
    }
}
