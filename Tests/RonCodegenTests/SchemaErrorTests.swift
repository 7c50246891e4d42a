import Foundation
import Testing

@testable import RonCodegenCore

/// A schema that no Swift type can stand for (a `$ref` to nothing at hand, a loop through required
/// members, a document that does not parse, a misused `x-ron-*` extension) is refused with the file,
/// the JSON pointer and what is wrong; what real tools publish generates.
@Suite("Bad schemas give located errors")
struct SchemaErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var documents: [String: String]
        var file: String
        var pointer: String
        var message: String
        var testDescription: String { name }
    }

    static let widget = #""Widget": {"type": "object", "properties": {"a": {"type": "string"}}}"#

    static let cases: [Case] = [
        Case(
            name: "x-ron-aliases that is not a list of names",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"a": {"type": "string", "x-ron-aliases": "b"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/a/x-ron-aliases", message: "non-empty array"),
        Case(
            name: "an alias that is another member's wire name",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"a": {"type": "string", "x-ron-aliases": ["b"]}, "b": {"type": "string"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/a/x-ron-aliases",
            message: "'b' is the wire name of another member"),
        Case(
            name: "dangling $ref",
            documents: [
                "a.json": ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/Nope"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/b/$ref", message: "nothing at '/$defs/Nope' in a.json"),
        Case(
            name: "$ref outside $defs",
            documents: [
                "a.json": ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/properties/x"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/b/$ref", message: "nothing at '/properties/x' in a.json"),
        Case(
            name: "unknown x-ron-type",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"n": {"type": "integer", "x-ron-type": "u128"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/n/x-ron-type",
            message: "x-ron-type 'u128' does not go with type 'integer'"),
        Case(
            name: "a case name given twice",
            documents: [
                "a.json": ##"{"$defs": {"E": {"type": "string", "enum": ["a", "b"], "x-ron-case-names": {"b": "a"}}}}"##
            ],
            file: "a.json", pointer: "/$defs/E/x-ron-case-names/b", message: "cannot name a case"),
        Case(
            name: "JSON syntax",
            documents: ["a.json": "{\"$defs\": {\n  \"A\": {\"type\": \"string\",}\n}}"],
            file: "a.json", pointer: "2:26", message: "expected a member name"),
        Case(
            name: "TOML syntax",
            documents: ["a.toml": "[\"$defs\".A]\ntype = \n"],
            file: "a.toml", pointer: "2:8", message: "expected a value"),
        Case(
            name: "a reserved case name given",
            documents: [
                "a.json":
                    ##"{"$defs": {"E": {"type": "string", "enum": ["ok", "x"], "x-ron-case-names": {"x": "unknown"}}}}"##
            ],
            file: "a.json", pointer: "/$defs/E/x-ron-case-names/x", message: "reserved"),
        Case(
            name: "a struct that holds itself through a required member",
            documents: [
                "a.json":
                    ##"{"$defs": {"Node": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/$defs/Node"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/Node/properties/next",
            message: "'Node' contains itself (Node → Node) through required members only"),
        Case(
            name: "two structs that require each other",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "required": ["b"], "properties": {"b": {"$ref": "#/$defs/B"}}}, "B": {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/$defs/A"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/B/properties/a", message: "(A → B → A)"),
    ]

    /// Schemas this generator used to refuse, which real tools publish: each now generates
    /// (docs/SchemaFormat.md, "Any JSON Schema as it is published").
    static let formerlyRefused: [Case] = [
        Case(
            name: "allOf of two schemas that are not objects",
            documents: ["a.json": ##"{"$defs": {"A": {"allOf": [{"type": "string"}, {"type": "integer"}]}}}"##],
            file: "a.json", pointer: "/$defs/A/allOf/0", message: "allOf of several schemas merges objects"),
        Case(
            name: "allOf of a $ref to a string type",
            documents: [
                "a.json":
                    ##"{"$defs": {"S": {"type": "string"}, "A": {"allOf": [{"$ref": "#/$defs/S"}, {"type": "object", "properties": {}}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/allOf/0/$ref", message: "'S' is not an object with properties"),
        Case(
            name: "a flattened property defined twice with different schemas",
            documents: [
                "a.json":
                    ##"{"$defs": {"B": {"type": "object", "properties": {"id": {"type": "string"}}}, "A": {"allOf": [{"$ref": "#/$defs/B"}, {"type": "object", "properties": {"id": {"type": "integer"}}}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/allOf/1/properties/id",
            message: "'id' is also defined at a.json#/$defs/B/properties/id with another schema"),
        Case(
            name: "an untagged variant with a bad member",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"x": {"not": {}}}}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/anyOf/1/properties/x/not", message: "unsupported keyword 'not'"),
        Case(
            name: "a generic flattened struct",
            documents: [
                "a.json":
                    ##"{"$defs": {"B": {"type": "object", "properties": {}}, "A": {"x-ron-type-parameters": ["T"], "properties": {"t": {"x-ron-type-parameter": "T"}}, "allOf": [{"$ref": "#/$defs/B"}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/x-ron-type-parameters", message: "cannot be generic"),
        Case(
            name: "a flattened enum",
            documents: [
                "a.json":
                    ##"{"$defs": {"C": {"type": "object", "properties": {"f": {"type": "number"}}, "allOf": [{"oneOf": [{"type": "object", "properties": {"B": {"type": "boolean"}}, "required": ["B"]}]}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/C/allOf/0",
            message: "each part must be a $ref to a struct or an object with properties"),
        Case(
            name: "a tuple of varying length",
            documents: [
                "a.json":
                    ##"{"$defs": {"P": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 1}}}"##
            ],
            file: "a.json", pointer: "/$defs/P/minItems", message: "must be its length, 2"),
        Case(
            name: "a tuple with more elements of another schema",
            documents: [
                "a.json":
                    ##"{"$defs": {"P": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}}}}"##
            ],
            file: "a.json", pointer: "/$defs/P/items", message: "takes items: false"),
        Case(
            name: "propertyNames that is not a schema",
            documents: [
                "a.json":
                    ##"{"$defs": {"M": {"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": 3}}}"##
            ],
            file: "a.json", pointer: "/$defs/M/propertyNames", message: "propertyNames must be a schema object"),
        Case(
            name: "patternProperties with two patterns",
            documents: [
                "a.json":
                    ##"{"$defs": {"M": {"type": "object", "additionalProperties": false, "patternProperties": {"^a": {"type": "string"}, "^b": {"type": "integer"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/M/patternProperties", message: "exactly one pattern"),
        Case(
            name: "patternProperties beside properties",
            documents: [
                "a.json":
                    ##"{"$defs": {"M": {"type": "object", "properties": {"Unit1": {"type": "boolean"}}, "additionalProperties": false, "patternProperties": {"^-?\\d+$": {"type": "boolean"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/M/patternProperties", message: "unsupported keyword 'patternProperties'"),
        Case(
            name: "anyOf in a property",
            documents: ["a.json": ##"{"$defs": {"A": {"type": "object", "properties": {"p": {"anyOf": []}}}}}"##],
            file: "a.json", pointer: "/$defs/A/properties/p/anyOf", message: "unsupported keyword 'anyOf'"),
        Case(
            name: "a conditional keyword",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"n": {"type": "integer", "if": {}}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/n/if", message: "unsupported keyword 'if'"),
        Case(
            name: "oneOf and anyOf together",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/B"}], "anyOf": [{"type": "string"}]}, "B": {"type": "object", "properties": {}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/anyOf", message: "unsupported keyword 'anyOf'"),
        Case(
            name: "variant declares the tag",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/B"}], "discriminator": {"propertyName": "t", "mapping": {"b": "#/$defs/B"}}}, "B": {"type": "object", "properties": {"t": {"type": "string"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/B/properties/t", message: "must not declare the discriminator 't'"),
        Case(
            name: "duplicate type across documents",
            documents: ["a.json": "{\"$defs\": {\(widget)}}", "b.json": "{\"$defs\": {\(widget)}}"],
            file: "b.json", pointer: "/$defs/Widget", message: "already defined in a.json"),
        Case(
            name: "inline object",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"o": {"type": "object", "properties": {}}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/o/properties", message: "unsupported keyword 'properties'"),
        Case(
            name: "required names a missing property",
            documents: ["a.json": ##"{"$defs": {"A": {"type": "object", "properties": {}, "required": ["x"]}}}"##],
            file: "a.json", pointer: "/$defs/A/required", message: "'x' is required but not among the properties"),
        Case(
            name: "bad type name",
            documents: ["a.json": ##"{"$defs": {"---": {"type": "string"}}}"##],
            file: "a.json", pointer: "/$defs/---", message: "cannot make a Swift type name"),
        Case(
            name: "default of the wrong type",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"n": {"type": "integer", "default": "x"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/n/default", message: "default of string is not supported"),
        Case(
            name: "unknown top-level keyword",
            documents: ["a.json": ##"{"paths": {}}"##],
            file: "a.json", pointer: "/paths", message: "unsupported keyword 'paths'"),
        Case(
            name: "a tuple that holds itself",
            documents: [
                "a.json":
                    ##"{"$defs": {"P": {"type": "array", "prefixItems": [{"type": "string"}, {"$ref": "#/$defs/P"}]}}}"##
            ],
            file: "a.json", pointer: "/$defs/P", message: "(P → P)"),
        Case(
            name: "OpenAPI 3.0",
            documents: ["api.json": ##"{"openapi": "3.0.3", "components": {"schemas": {}}}"##],
            file: "api.json", pointer: "/openapi", message: "only 3.1 uses JSON Schema"),
        Case(
            name: "an unknown dialect",
            documents: ["a.json": ##"{"$schema": "https://example.com/my-dialect", "$defs": {}}"##],
            file: "a.json", pointer: "/$schema", message: "unsupported $schema"),
        Case(
            name: "an integer default out of range",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"n": {"type": "integer", "format": "uint8", "default": 300}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/n/default", message: "out of the range of UInt8"),
        Case(
            name: "an infinite default",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"x": {"type": "number", "default": 1e999}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/x/default", message: "not a finite Double"),
    ]

    @Test("refused with file, pointer and reason", arguments: cases)
    func refused(_ example: Case) {
        let documents = example.documents.map { (path: $0.key, text: $0.value) }
        do {
            _ = try CodeGenerator().model(documents: documents)
            Issue.record("\(example.name) was accepted")
        } catch let error as CodegenError {
            #expect(error.file == example.file)
            #expect(error.pointer == example.pointer)
            #expect(error.message.contains(example.message), "message was: \(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("generates what real tools publish, which used to be refused", arguments: formerlyRefused)
    func generates(_ example: Case) throws {
        let documents = example.documents.map { (path: $0.key, text: $0.value) }
        let generator = CodeGenerator()
        let model = try generator.model(documents: documents)
        let files = generator.files(for: model, split: false)
        #expect(files.allSatisfy { !$0.contents.isEmpty })
    }

    @Test("the error text names file and pointer")
    func description() {
        let error = CodegenError(file: "a.json", pointer: "/$defs/A", message: "broken")
        #expect(error.description == "a.json#/$defs/A: broken")
    }
}
