import Foundation
import Testing

@testable import RonCodegenCore

/// `ron-codegen.json` beside the documents: the operations, tags, paths and schemas to keep of a
/// large description, and `strict`.
@Suite("Generating part of a description (ron-codegen.json)")
struct GenerationConfigurationTests {
    static let api = ##"""
        {"openapi": "3.1.0", "info": {"title": "Big", "version": "1"},
         "paths": {
           "/pets": {"get": {"operationId": "listPets", "tags": ["pets"], "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}},
           "/pets/{id}": {"get": {"operationId": "getPet", "tags": ["pets"], "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}},
           "/store/orders": {"post": {"operationId": "placeOrder", "tags": ["store"], "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}}, "responses": {"204": {"description": ""}}}},
           "/store/inventory": {"get": {"operationId": "inventory", "tags": ["store"], "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Inventory"}}}}}}}
         },
         "components": {"schemas": {
           "Pet": {"type": "object", "properties": {"name": {"type": "string"}, "owner": {"$ref": "#/components/schemas/Owner"}}},
           "Owner": {"type": "object", "properties": {"name": {"type": "string"}}},
           "Order": {"type": "object", "properties": {"pet": {"$ref": "#/components/schemas/Pet"}, "status": {"$ref": "#/components/schemas/Status"}}},
           "Status": {"type": "string", "enum": ["placed", "shipped"]},
           "Inventory": {"type": "object", "additionalProperties": {"type": "integer"}},
           "Error": {"type": "object", "properties": {"code": {"type": "string"}}},
           "Unused": {"type": "object", "properties": {"x": {"type": "string"}}}
         }}}
        """##

    private func model(_ configuration: String) throws -> SchemaModel {
        try CodeGenerator().model(documents: [("api.json", Self.api), ("ron-codegen.json", configuration)])
    }

    @Test func withoutAConfigurationEverythingIsGenerated() throws {
        let model = try CodeGenerator().model(documents: [("api.json", Self.api)])
        #expect(model.operations.count == 4)
        #expect(model.types.count == 7)
    }

    @Test func namedOperationsAndTheTypesTheyReach() throws {
        let model = try model(#"{"operations": ["getPet"]}"#)
        #expect(model.operations.map(\.operationId) == ["getPet"])
        #expect(Set(model.types.map(\.name)) == ["Pet", "Owner"])
        #expect(model.notes.isEmpty)
        // The configuration is not a schema document.
        #expect(!model.documents.contains("ron-codegen.json"))
    }

    @Test func tagsPathsWithAStarAndNamedSchemas() throws {
        let byTag = try model(#"{"tags": ["store"]}"#)
        #expect(byTag.operations.map(\.operationId) == ["placeOrder", "inventory"])
        #expect(Set(byTag.types.map(\.name)) == ["Order", "Pet", "Owner", "Status", "Inventory"])
        let byPath = try model(#"{"paths": ["/pets/{id}", "/store/*"], "schemas": ["Error"]}"#)
        #expect(byPath.operations.map(\.operationId) == ["getPet", "placeOrder", "inventory"])
        // A schema is named as the document names it (`Error`), or by its Swift name (`ErrorModel`).
        #expect(Set(byPath.types.map(\.name)) == ["Pet", "Owner", "Order", "Status", "Inventory", "ErrorModel"])
        // Schemas alone keep every operation and only the types something kept reaches.
        let schemasOnly = try model(#"{"schemas": ["Error"]}"#)
        #expect(schemasOnly.operations.count == 4)
        #expect(!schemasOnly.types.contains { $0.name == "Unused" })
        #expect(schemasOnly.types.contains { $0.name == "ErrorModel" })
    }

    @Test func aNameThatMatchesNothingIsAWarningAndStrictMakesItAnError() throws {
        let model = try model(#"{"operations": ["getPet", "getPets"], "tags": ["nope"], "schemas": ["Ghost"]}"#)
        #expect(model.operations.map(\.operationId) == ["getPet"])
        #expect(
            model.notes.map { "\($0.file)#\($0.pointer): \($0.message)" } == [
                "ron-codegen.json#/operations: no operation has the operationId 'getPets'",
                "ron-codegen.json#/tags: no operation has the tag 'nope'",
                "ron-codegen.json#/schemas: no generated type is named 'Ghost'",
            ])
        let error = #expect(throws: CodegenError.self) {
            try self.model(#"{"operations": ["getPets"], "strict": true}"#)
        }
        #expect(error?.message.contains("no operation has the operationId 'getPets'") == true)
        #expect(error?.message.contains("strict") == true)
        // Strict also holds a description's own leniency to the letter.
        let lenient = ##"{"openapi": "3.1.0", "paths": {"/a/{id}": {"get": {"responses": {}}}}}"##
        #expect(throws: CodegenError.self) {
            try CodeGenerator().model(documents: [("a.json", lenient), ("ron-codegen.json", #"{"strict": true}"#)])
        }
        #expect(try CodeGenerator().model(documents: [("a.json", lenient)]).notes.count == 1)
    }

    @Test func aBadConfigurationIsALocatedError() {
        for (text, pointer) in [
            (#"{"operation": ["x"]}"#, "/operation"), (#"{"tags": "pets"}"#, "/tags"),
            (#"{"strict": "yes"}"#, "/strict"),
            ("[]", ""),
        ] {
            let error = #expect(throws: CodegenError.self) { try self.model(text) }
            #expect(error?.file == "ron-codegen.json", "\(text)")
            #expect(error?.pointer == pointer, "\(text)")
        }
    }

    @Test func theFilterReachesTheGeneratedFilesFromAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.api.utf8).write(to: folder.appending(path: "api.json"))
        try Data(#"{"tags": ["pets"]}"#.utf8).write(to: folder.appending(path: "ron-codegen.json"))
        let generator = CodeGenerator()
        let model = try generator.model(schemaDirectory: folder)
        let files = generator.files(for: model, split: false, output: .typesAndOperations)
        let text = files.map(\.contents).joined()
        #expect(text.contains("public func listPets(") && text.contains("public func getPet("))
        #expect(!text.contains("placeOrder") && !text.contains("struct Order"))
        #expect(!text.contains("RonCodegenJson"), "the configuration is no type")
    }
}
