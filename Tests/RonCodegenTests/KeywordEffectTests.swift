import Foundation
import Testing

@testable import RonCodegenCore

/// Every validation keyword of docs/SchemaFormat.md ("Validation keywords") has the effect the table
/// gives it on the generated source: enforced (the code that checks it is there), carried into the
/// doc comment (the line is there), or accepted without effect (the source is the same as without it).
@Suite("Validation keywords have their documented effect")
struct KeywordEffectTests {
    enum Effect: Sendable {
        /// The generated source contains this text.
        case generates(String)
        /// The generated source is the same as for the schema without the keyword.
        case noEffect
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var keyword: String
        /// The member `p` of struct `A` (when `onType` is false) or struct `A` itself, with the keyword.
        var schema: String
        /// The same without the keyword.
        var without: String
        var onType = false
        var effect: Effect
        var testDescription: String { keyword }
    }

    static let cases: [Case] = [
        Case(
            keyword: "minimum", schema: #"{"type": "integer", "minimum": 1}"#, without: #"{"type": "integer"}"#,
            effect: .generates("    /// Schema: `minimum`: 1.\n    public var p: JSONInteger?")),
        Case(
            keyword: "minimum and maximum within 64 bits", schema: #"{"type": "integer", "minimum": 1, "maximum": 9}"#,
            without: #"{"type": "integer"}"#, effect: .generates("public var p: Int?")),
        Case(
            keyword: "maximum", schema: #"{"type": "integer", "maximum": 9}"#, without: #"{"type": "integer"}"#,
            effect: .generates("/// Schema: `maximum`: 9.")),
        Case(
            keyword: "exclusiveMinimum", schema: #"{"type": "number", "exclusiveMinimum": 0}"#,
            without: #"{"type": "number"}"#, effect: .generates("/// Schema: `exclusiveMinimum`: 0.")),
        Case(
            keyword: "exclusiveMaximum", schema: #"{"type": "number", "exclusiveMaximum": 1.5}"#,
            without: #"{"type": "number"}"#, effect: .generates("/// Schema: `exclusiveMaximum`: 1.5.")),
        Case(
            keyword: "multipleOf", schema: #"{"type": "number", "multipleOf": 0.25}"#, without: #"{"type": "number"}"#,
            effect: .generates("/// Schema: `multipleOf`: 0.25.")),
        Case(
            keyword: "minLength", schema: #"{"type": "string", "minLength": 2}"#, without: #"{"type": "string"}"#,
            effect: .generates("/// Schema: `minLength`: 2.")),
        Case(
            keyword: "maxLength", schema: #"{"type": "string", "maxLength": 64}"#, without: #"{"type": "string"}"#,
            effect: .generates("/// Schema: `maxLength`: 64.")),
        Case(
            keyword: "pattern (property)", schema: #"{"type": "string", "pattern": "^[a-z]+$"}"#,
            without: #"{"type": "string"}"#, effect: .generates(#"/// Schema: `pattern`: "^[a-z]+$"."#)),
        Case(
            keyword: "pattern (named type)", schema: #"{"type": "string", "pattern": "^[a-z]+$"}"#,
            without: #"{"type": "string"}"#, onType: true,
            effect: .generates("guard Self.compiledPattern.matches(rawValue) else { return nil }")),
        Case(
            keyword: "minItems", schema: #"{"type": "array", "items": {"type": "string"}, "minItems": 1}"#,
            without: #"{"type": "array", "items": {"type": "string"}}"#,
            effect: .generates("/// Schema: `minItems`: 1.")),
        Case(
            keyword: "maxItems", schema: #"{"type": "array", "items": {"type": "string"}, "maxItems": 3}"#,
            without: #"{"type": "array", "items": {"type": "string"}}"#,
            effect: .generates("/// Schema: `maxItems`: 3.")),
        Case(
            keyword: "uniqueItems", schema: #"{"type": "array", "items": {"type": "string"}, "uniqueItems": true}"#,
            without: #"{"type": "array", "items": {"type": "string"}}"#,
            effect: .generates("/// Schema: `uniqueItems`: true.")),
        Case(
            keyword: "const", schema: #"{"type": "string", "const": "v1"}"#, without: #"{"type": "string"}"#,
            effect: .generates(#"/// Schema: `const`: "v1"."#)),
        Case(
            keyword: "enum beside a type", schema: #"{"type": "integer", "enum": [1, 2]}"#,
            without: #"{"type": "integer"}"#, effect: .generates("/// Schema: `enum`: [1, 2].")),
        Case(
            keyword: "readOnly", schema: #"{"type": "string", "readOnly": true}"#, without: #"{"type": "string"}"#,
            effect: .generates("/// Schema: `readOnly`: true.")),
        Case(
            keyword: "writeOnly", schema: #"{"type": "string", "writeOnly": true}"#, without: #"{"type": "string"}"#,
            effect: .generates("/// Schema: `writeOnly`: true.")),
        Case(
            keyword: "deprecated", schema: #"{"type": "string", "deprecated": true}"#, without: #"{"type": "string"}"#,
            effect: .generates(
                "@available(*, deprecated, message: \"Deprecated in the schema.\")\n    public var p: String?")),
        Case(
            keyword: "default", schema: #"{"type": "integer", "format": "int16", "default": 7}"#,
            without: #"{"type": "integer", "format": "int16"}"#,
            effect: .generates(
                "self.p = try container.decodeIntegerIfPresent(Int16.self, forKey: SchemaUnlistedKey(\"p\"), orDefault: 7, notedAt: 0, in: &presence)"
            )),
        Case(
            keyword: "examples", schema: #"{"type": "string", "examples": ["a", "b"]}"#,
            without: #"{"type": "string"}"#, effect: .noEffect),
        Case(
            keyword: "additionalProperties: false",
            schema: #"{"type": "object", "additionalProperties": false, "properties": {"p": {"type": "string"}}}"#,
            without: #"{"type": "object", "properties": {"p": {"type": "string"}}}"#, onType: true,
            effect: .generates("/// Decodes a value; unknown members are ignored.")),
        Case(
            keyword: "unevaluatedProperties",
            schema: #"{"type": "object", "unevaluatedProperties": false, "properties": {"p": {"type": "string"}}}"#,
            without: #"{"type": "object", "properties": {"p": {"type": "string"}}}"#, onType: true,
            effect: .generates(
                "/// Schema: `unevaluatedProperties`: false.\n///\n/// Generated from `a.json#/$defs/A`.")),
    ]

    private func source(_ schema: String, onType: Bool) throws -> String {
        let type = onType ? schema : #"{"type": "object", "properties": {"p": "# + schema + "}}"
        let generator = CodeGenerator()
        let model = try generator.model(documents: [("a.json", #"{"$defs": {"A": "# + type + "}}")])
        return generator.files(for: model, split: false)[0].contents
    }

    @Test("each keyword's effect", arguments: cases)
    func effect(_ example: Case) throws {
        let with = try source(example.schema, onType: example.onType)
        let without = try source(example.without, onType: example.onType)
        switch example.effect {
        case .generates(let text):
            #expect(with.contains(text), "\(example.keyword): \(with)")
            #expect(!without.contains(text), "\(example.keyword) without the keyword generates it too")
        case .noEffect:
            #expect(with == without)
        }
    }

    @Test func everyKeywordOfTheTableIsTested() {
        let tested = Set(Self.cases.map { $0.keyword.split(separator: " ").first.map(String.init) ?? "" })
        let table = [
            "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
            "pattern", "minItems", "maxItems", "uniqueItems", "const", "enum", "readOnly", "writeOnly", "deprecated",
            "default", "examples", "additionalProperties:", "unevaluatedProperties",
        ]
        #expect(Set(table).subtracting(tested).isEmpty, "untested: \(Set(table).subtracting(tested))")
    }
}
