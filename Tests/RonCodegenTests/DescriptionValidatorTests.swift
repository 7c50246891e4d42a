import Foundation
import Testing

@testable import RonCodegenCore

/// `DescriptionSchemaValidator`: a value against the letter of a schema of an OpenAPI 3.0 or 3.1
/// description, as openapi-core judges it (``DescriptionValidatorAgreementTests`` asks
/// openapi-core itself about the same table).
@Suite("Description schema validator")
struct DescriptionValidatorTests {
    /// A document of `version` with `schema` at `#/components/schemas/Subject` and `components`
    /// beside it.
    static func document(_ version: String, _ schema: String, _ components: String = "") throws -> DocumentValue {
        let more = components.isEmpty ? "" : ", " + components
        let text = #"{"openapi": "\#(version)", "components": {"schemas": {"Subject": \#(schema)\#(more)}}}"#
        return try SchemaDocumentReader.parse(Data(text.utf8), path: "api.json")
    }

    /// The problems of the JSON text `value` against the schema `Subject` of `document`, its `$ref`
    /// followed first (members beside it dropped), as a media type's schema is read.
    static func problems(
        _ value: String, in document: DocumentValue, file: String = "api.json", more: [String: DocumentValue] = [:],
        direction: DescriptionDirection = .response
    ) throws -> [DescriptionProblem] {
        let documents = DescriptionDocuments(roots: more.merging([file: document]) { $1 })
        let schema = try documents.resolve(
            #require(documents.value(file: file, pointer: "/components/schemas/Subject")))
        let parsed = try SchemaDocumentReader.parse(Data(value.utf8), path: "value.json")
        let validator = DescriptionSchemaValidator(documents: documents, direction: direction)
        let dialect = validator.dialect(of: schema.file) ?? validator.dialect(of: file)
        return validator.validate(parsed, against: schema, dialect: dialect)
    }

    /// The problems of `value` against `schema` in a document of `version`.
    static func problems(
        _ schema: String, _ value: String, version: String = "3.0.3", components: String = "",
        direction: DescriptionDirection = .response
    ) throws -> [DescriptionProblem] {
        try problems(value, in: document(version, schema, components), direction: direction)
    }

    @Test("every keyword in both dialects", arguments: DescriptionCase.all)
    func keyword(_ example: DescriptionCase) throws {
        let found = try Self.problems(
            example.schema, example.value, version: example.version, components: example.components)
        #expect(found.isEmpty == example.fits, "\(found)")
    }

    @Test("a problem says where in the value, what was expected, and which keyword of which file asks")
    func problemPlaces() throws {
        let schema =
            ##"{"type": "object", "properties": {"items": {"type": "array", "items": {"$ref": "#/components/schemas/Named"}}}}"##
        let found = try Self.problems(
            schema, #"{"items": [{"name": "a"}, {"name": null}, {}]}"#, components: DescriptionCase.named)
        #expect(
            found == [
                DescriptionProblem(
                    pointer: "/items/1/name", expected: "a string, not null",
                    schemaOrigin: "api.json#/components/schemas/Named/properties/name/type"),
                DescriptionProblem(
                    pointer: "/items/2", expected: "a member 'name' (required)",
                    schemaOrigin: "api.json#/components/schemas/Named/required"),
            ])
        let closed = try Self.problems(
            #"{"properties": {"a": {}}, "additionalProperties": false}"#, #"{"a": 1, "b/c": 2}"#)
        #expect(closed.map(\.pointer) == ["/b~1c"])
        #expect(closed.map(\.expected) == ["no member 'b/c' (additionalProperties: false)"])
        let listed = try Self.problems(#"{"enum": ["a", "b"]}"#, #""c""#)
        #expect(listed.map(\.expected) == [#"one of "a", "b", not "c""#])
        let both = try Self.problems(#"{"type": ["integer", "null"]}"#, #""x""#, version: "3.1.0")
        #expect(both.map(\.expected) == ["an integer or null, not a string"])
        let short = try Self.problems(#"{"minLength": 3, "format": "date"}"#, #""2024-02-30""#)
        #expect(short.map(\.expected) == [#"a date (YYYY-MM-DD), not "2024-02-30""#])
        #expect(
            short.first?.description
                == #"at the body: expected a date (YYYY-MM-DD), not "2024-02-30" (api.json#/components/schemas/Subject/format)"#
        )
    }

    @Test("null fits OpenAPI 3.0 only with nullable: true, and 3.1 only with \"null\" among the types")
    func nullable() throws {
        let member =
            #"{"type": "object", "properties": {"note": {"type": "string"}, "maybe": {"type": "string", "nullable": true}}}"#
        #expect(try Self.problems(member, #"{"maybe": null}"#).isEmpty)
        #expect(try Self.problems(member, #"{"note": null}"#).map(\.pointer) == ["/note"])
        let modern =
            #"{"type": "object", "properties": {"note": {"type": "string"}, "maybe": {"type": ["string", "null"]}}}"#
        #expect(try Self.problems(modern, #"{"maybe": null}"#, version: "3.1.0").isEmpty)
        #expect(try Self.problems(modern, #"{"note": null}"#, version: "3.1.0").map(\.pointer) == ["/note"])
    }

    @Test("a $ref to another file is read there, with the dialect of the document it starts from")
    func referenceAcrossFiles() throws {
        let part = try SchemaDocumentReader.parse(
            Data(
                ##"{"$defs": {"Gadget": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "next": {"$ref": "#/$defs/Gadget"}}}}}"##
                    .utf8),
            path: "parts/gadgets.json")
        let root = try Self.document("3.0.3", #"{"$ref": "parts/gadgets.json#/$defs/Gadget"}"#)
        let fine = try Self.problems(#"{"id": 1, "next": {"id": 2}}"#, in: root, more: ["parts/gadgets.json": part])
        #expect(fine.isEmpty)
        let broken = try Self.problems(#"{"id": 1, "next": {"id": 2.0}}"#, in: root, more: ["parts/gadgets.json": part])
        #expect(broken.map(\.pointer) == ["/next/id"])
        #expect(broken.map(\.schemaOrigin) == ["parts/gadgets.json#/$defs/Gadget/properties/id/type"])
        let missing = try Self.problems(#"{"id": 1}"#, in: Self.document("3.0.3", #"{"$ref": "nowhere.json#/X"}"#))
        #expect(missing.isEmpty)
    }

    @Test("a schema that refers to itself ends; deep values end at the depth limit without a crash")
    func recursion() throws {
        let loops =
            ##""Loop": {"$ref": "#/components/schemas/Loop"}, "Again": {"allOf": [{"$ref": "#/components/schemas/Again"}], "type": "string"}"##
        #expect(try Self.problems(##"{"$ref": "#/components/schemas/Loop"}"##, "1", components: loops).isEmpty)
        #expect(try Self.problems(##"{"$ref": "#/components/schemas/Again"}"##, "1", components: loops).count == 1)
        let deep = String(repeating: #"{"kids": ["#, count: 120) + "{}" + String(repeating: "]}", count: 120)
        let tree = ##"{"$ref": "#/components/schemas/Tree"}"##
        #expect(try Self.problems(tree, deep, components: DescriptionCase.tree).isEmpty)
    }

    @Test("an unreadable keyword is ignored, never fatal")
    func malformedSchemas() throws {
        for schema in [
            #"{"type": 5}"#, #"{"type": "file"}"#, #"{"minLength": "x"}"#, #"{"pattern": "("}"#, #"{"properties": []}"#,
            #"{"required": "a"}"#, #"{"enum": 3}"#, #"{"items": 3}"#, #"{"multipleOf": 0}"#, #"{"allOf": {}}"#,
            #"{"$ref": 7}"#, ##"{"oneOf": [{"$ref": "#/nowhere"}]}"##, #"{"discriminator": {"propertyName": "k"}}"#,
            #"{"additionalProperties": "no"}"#, #"{"format": 5}"#, #""just text""#, "[]",
        ] {
            for version in ["3.0.3", "3.1.0"] {
                #expect(try Self.problems(schema, #"{"a": "b"}"#, version: version).isEmpty, "\(version) \(schema)")
            }
        }
        #expect(
            try Self.problems("false", "1", version: "3.1.0").map(\.expected) == ["nothing here (the schema is false)"])
    }

    @Test("OpenAPI 3.0: a request may leave out a readOnly member and must not send one; an answer likewise writeOnly")
    func readAndWriteOnly() throws {
        let schema =
            #"{"type": "object", "required": ["id", "secret"], "properties": {"id": {"type": "integer", "readOnly": true}, "secret": {"type": "string", "writeOnly": true}}}"#
        #expect(try Self.problems(schema, #"{"id": 1}"#, direction: .response).isEmpty)
        #expect(try Self.problems(schema, #"{"secret": "s"}"#, direction: .request).isEmpty)
        let sent = try Self.problems(schema, #"{"id": 1, "secret": "s"}"#, direction: .request)
        #expect(sent.map(\.pointer) == ["/id"])
        #expect(sent.map(\.expected) == ["nothing here (readOnly: true, so requests leave it out)"])
        #expect(
            try Self.problems(schema, "{}", direction: .request).map(\.expected) == ["a member 'secret' (required)"])
        #expect(try Self.problems(schema, #"{"id": 1}"#, version: "3.1.0", direction: .response).count == 1)
    }

    @Test("oneOf, anyOf and not say which branches refused and why")
    func combinatorWords() throws {
        let either = try Self.problems(#"{"anyOf": [{"type": "integer"}, {"required": ["a"]}]}"#, "{}")
        #expect(
            either.map(\.expected) == [
                "a value one of the anyOf schemas takes (#0: an integer, not an object; #1: a member 'a' (required))"
            ])
        let many = try Self.problems(#"{"oneOf": [{"type": "integer"}, {"minimum": 0}]}"#, "1")
        #expect(many.map(\.expected) == ["a value exactly one oneOf schema takes, not one #0, #1 all take"])
        let unknown = try Self.problems(
            ##"{"oneOf": [{"$ref": "#/components/schemas/Cat"}], "discriminator": {"propertyName": "kind"}}"##,
            #"{"kind": "Cow"}"#, components: DescriptionCase.pets)
        #expect(unknown.map(\.pointer) == ["/kind"])
    }

    @Test("a schema folder is read as the generator assembles it: Swagger 2.0 as OpenAPI 3.0 (x-nullable → nullable)")
    func schemaFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "description-validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swagger = #"""
            {"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/t": {"get": {"operationId": "getT",
              "produces": ["application/json"], "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/T"}}}}}},
             "definitions": {"T": {"type": "object", "properties": {"a": {"type": "string", "x-nullable": true}, "b": {"type": "string"}}}}}
            """#
        try Data(swagger.utf8).write(to: folder.appending(path: "api.json"))
        let documents = try DescriptionDocuments(schemaDirectory: folder)
        let check = DescriptionAnswerCheck(documents: documents)
        let operation = Origin(file: "api.json", pointer: "/paths/~1t/get")
        let judge = { (body: String) in
            check.judge(
                operation: operation, status: 200, contentType: "application/json", headers: [:], body: Data(body.utf8))
        }
        #expect(judge(#"{"a": null, "b": "x"}"#).fits)
        #expect(judge(#"{"b": null}"#).problems.map(\.pointer) == ["/b"])
        #expect(
            DescriptionSchemaValidator(documents: documents, direction: .response).dialect(of: "api.json") == .openAPI30
        )
    }
}
