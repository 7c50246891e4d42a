import Foundation
import Testing

@testable import RonCodegenCore

/// Every schema outside the supported subset is refused with the file, the JSON pointer and
/// what is wrong; nothing is dropped silently.
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
            name: "allOf of two schemas",
            documents: ["a.json": ##"{"$defs": {"A": {"allOf": [{"type": "string"}, {"type": "integer"}]}}}"##],
            file: "a.json", pointer: "/$defs/A/allOf", message: "unsupported keyword 'allOf'"),
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
            name: "oneOf without discriminator",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/B"}]}, "B": {"type": "object", "properties": {}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/oneOf", message: "oneOf without a discriminator"),
        Case(
            name: "variant declares the tag",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/B"}], "discriminator": {"propertyName": "t", "mapping": {"b": "#/$defs/B"}}}, "B": {"type": "object", "properties": {"t": {"type": "string"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/B/properties/t", message: "must not declare the discriminator 't'"),
        Case(
            name: "dangling $ref",
            documents: [
                "a.json": ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/Nope"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/b/$ref", message: "has no named type at '/$defs/Nope'"),
        Case(
            name: "$ref to a missing document",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "other.json#/$defs/B"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/b/$ref", message: "no schema document 'other.json'"),
        Case(
            name: "$ref outside $defs",
            documents: [
                "a.json": ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/properties/x"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/b/$ref", message: "must point at a member of $defs"),
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
            name: "unknown x-ron-type",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"n": {"type": "integer", "x-ron-type": "u128"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/A/properties/n/x-ron-type",
            message: "x-ron-type 'u128' does not go with type 'integer'"),
        Case(
            name: "required names a missing property",
            documents: ["a.json": ##"{"$defs": {"A": {"type": "object", "properties": {}, "required": ["x"]}}}"##],
            file: "a.json", pointer: "/$defs/A/required", message: "'x' is required but not among the properties"),
        Case(
            name: "a case name given twice",
            documents: [
                "a.json": ##"{"$defs": {"E": {"type": "string", "enum": ["a", "b"], "x-ron-case-names": {"b": "a"}}}}"##
            ],
            file: "a.json", pointer: "/$defs/E/x-ron-case-names/b", message: "cannot name a case"),
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
            name: "JSON syntax",
            documents: ["a.json": "{\"$defs\": {\n  \"A\": {\"type\": \"string\",}\n}}"],
            file: "a.json", pointer: "2:26", message: "expected a member name"),
        Case(
            name: "TOML syntax",
            documents: ["a.toml": "[\"$defs\".A]\ntype = \n"],
            file: "a.toml", pointer: "2:8", message: "expected a value"),
        Case(
            name: "unknown top-level keyword",
            documents: ["a.json": ##"{"paths": {}}"##],
            file: "a.json", pointer: "/paths", message: "unsupported keyword 'paths'"),
        Case(
            name: "a reserved case name given",
            documents: [
                "a.json":
                    ##"{"$defs": {"E": {"type": "string", "enum": ["ok", "x"], "x-ron-case-names": {"x": "unknown"}}}}"##
            ],
            file: "a.json", pointer: "/$defs/E/x-ron-case-names/x", message: "reserved"),
        Case(
            name: "a struct that holds itself through an optional",
            documents: [
                "a.json":
                    ##"{"$defs": {"Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/Node/properties/next", message: "'Node' contains itself (Node → Node)"),
        Case(
            name: "two structs that hold each other",
            documents: [
                "a.json":
                    ##"{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}}, "B": {"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}}}}}"##
            ],
            file: "a.json", pointer: "/$defs/B/properties/a", message: "(A → B → A)"),
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

    @Test("the error text names file and pointer")
    func description() {
        let error = CodegenError(file: "a.json", pointer: "/$defs/A", message: "broken")
        #expect(error.description == "a.json#/$defs/A: broken")
    }
}
