import Foundation
import Testing

@testable import RonCodegenCore

/// Descriptions as vendors publish them: in several files (a root and the parts it reaches, JSON
/// and YAML, any folder depth), with path item and operation `$ref`s, and in Swagger 2.0.
@Suite("Descriptions in several files and in Swagger 2.0")
struct DescriptionAssemblyTests {
    /// Writes `files` (relative path → text) into a new folder and returns it.
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "ron-assembly-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// The model of `files`, read from disk as the plugin reads a `Schema/` folder.
    private func model(_ files: [String: String]) throws -> SchemaModel {
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        return try CodeGenerator().model(schemaDirectory: root)
    }

    static let vendor: [String: String] = [
        "api/v1/root.yaml": """
        openapi: 3.0.3
        info: {title: Vendor, version: '1'}
        servers: [{url: 'https://api.example.com/v1'}]
        paths:
          /users:
            $ref: paths/users.yaml
          /users/{user_id}:
            $ref: 'paths/user.json'
          /status:
            $ref: '#/components/x-items/Status'
          /reports:
            get:
              $ref: ../../operations/reports.yaml
        components:
          x-items:
            Status:
              get:
                operationId: status
                responses: {'204': {description: up}}
          schemas:
            User:
              $ref: '../../shared/schemas/user.yaml'
        """,
        "api/v1/paths/users.yaml": """
        get:
          operationId: listUsers
          parameters:
            - $ref: '../../../shared/parameters.yaml#/Limit'
          responses:
            '200':
              description: The users.
              content:
                application/json:
                  schema: {type: array, items: {$ref: '../../../shared/schemas/user.yaml'}}
            default:
              $ref: '../../../shared/responses.yaml#/Problem'
        """,
        "api/v1/paths/user.json": """
        {"parameters": [{"$ref": "../../../shared/parameters.yaml#/UserId"}],
         "get": {"operationId": "getUser", "responses": {
           "200": {"description": "One user.", "content": {"application/json": {"schema": {"$ref": "../../../shared/schemas/user.yaml"}}}},
           "default": {"$ref": "../../../shared/responses.yaml#/Problem"}}}}
        """,
        "operations/reports.yaml": """
        operationId: listReports
        parameters:
          - $ref: '../shared/parameters.yaml#/Limit'
        responses:
          '200':
            description: Reports.
            content:
              text/csv:
                schema: {type: string}
        """,
        "shared/parameters.yaml": """
        Limit: {name: limit, in: query, schema: {type: integer, format: int32}}
        UserId: {name: user_id, in: path, required: true, schema: {type: string}}
        """,
        "shared/responses.yaml": """
        Problem:
          description: A problem.
          content:
            application/json:
              schema: {$ref: 'schemas/problem.json'}
        """,
        "shared/schemas/user.yaml": """
        type: object
        required: [id]
        properties:
          id: {type: string}
          manager: {$ref: user.yaml}
        """,
        "shared/schemas/problem.json": #"{"type": "object", "properties": {"code": {"type": "string"}}}"#,
        "shared/schemas/unused.yaml": "type: object\nproperties:\n  never: {type: string}\n",
        "shared/schemas/common.schema.json": #"""
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"Audit": {"type": "object", "properties": {"at": {"type": "string"}}}}}
        """#,
    ]

    @Test func aRootAndThePartsItReachesAreOneDescription() throws {
        let model = try model(Self.vendor)
        // The one file no description reaches, and that declares no document of its own, is left unused.
        #expect(model.notes.map(\.file) == ["shared/schemas/unused.yaml"], "\(model.notes)")
        #expect(Set(model.operations.map(\.operationId)) == ["listUsers", "getUser", "status", "listReports"])
        // Every call goes below the root's server, and is known by the root's path.
        #expect(Set(model.operations.map(\.serverPath)) == ["/v1"])
        #expect(Set(model.operations.map(\.origin.file)) == ["api/v1/root.yaml"])
        let users = try #require(model.operations.first { $0.operationId == "listUsers" })
        #expect(users.parameters.map(\.name) == ["limit"])
        #expect(users.parameters.first?.type == .int32)
        let user = try #require(model.operations.first { $0.operationId == "getUser" })
        #expect(user.parameters.map(\.name) == ["user_id"])
        #expect(user.path == "/users/{user_id}")
        // A part's schema is the component that names it (`User`), once; what no $ref names of the
        // parts is not generated; a file that declares itself a document ($schema) is generated whole.
        let names = Set(model.types.map(\.name))
        #expect(names.contains("User") && names.contains("Audit"))
        #expect(!names.contains("User2") && !names.contains("Unused"))
        #expect(!model.types.contains { $0.name != "User" && $0.origin.file == "shared/schemas/user.yaml" })
    }

    @Test func thePartsAreNotDocumentsOfTheirOwnButSchemaDocumentsAre() throws {
        let files = try folder(Self.vendor)
        defer { try? FileManager.default.removeItem(at: files) }
        let documents = try CodeGenerator().assembledDocuments(schemaDirectory: files)
        // The root first with what it reaches brought in, then the documents of their own, then parts.
        #expect(documents.first?.path == "api/v1/root.yaml")
        let root = try #require(documents.first?.root)
        #expect(root["paths"]?["/users"]?["get"]?["operationId"] == .string("listUsers"))
        #expect(root["components"]?["parameters"]?["Limit"]?["name"] == .string("limit"))
        #expect(root["components"]?["responses"]?["Problem"]?["content"] != nil)
        // A parameter used by two files is one component; both operations name it.
        #expect(
            root["paths"]?["/users"]?["get"]?["parameters"]
                == .array([.object([("$ref", .string("#/components/parameters/Limit"))])]))
        // Schema `$ref`s of what was brought in name the same files from the root.
        #expect(
            root["components"]?["responses"]?["Problem"]?["content"]?["application/json"]?["schema"]?["$ref"]
                == .string("../../shared/schemas/problem.json"))
        let generator = CodeGenerator()
        let model = try generator.model(schemaDirectory: files)
        let split = generator.files(for: model, split: true)
        #expect(!split.contains { $0.name.contains("unused") })
        #expect(!split.contains { $0.name.contains("paths_") })
    }

    @Test func aPathItemThatNamesItselfIsLeftOutWithAWarning() throws {
        let model = try model([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: Loop, version: '1'}
            paths:
              /a: {$ref: '#/paths/~1a'}
              /b: {get: {operationId: b, responses: {'204': {description: none}}}}
            """
        ])
        #expect(model.operations.map(\.operationId) == ["b"])
        #expect(model.notes.map(\.pointer) == ["/paths/~1a/$ref"])
        #expect(model.notes.first?.message.contains("names itself") == true)
        #expect(model.notes.first?.message.contains("the operations of '/a' are not generated") == true)
    }

    @Test func anEmptyFileOfTheFolderIsSkippedWithAWarning() throws {
        let model = try model([
            "api.yaml": "openapi: 3.1.0\ninfo: {title: A, version: '1'}\npaths: {}\n",
            "models/empty.yml": "",
        ])
        #expect(model.notes.map(\.file) == ["models/empty.yml"])
    }

    @Test func aSchemaRefToNothingInADescriptionIsAnyJSONWithAWarning() throws {
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                ##"{"openapi": "3.0.3", "info": {"title": "x", "version": "1"}, "paths": {}, "components": {"schemas": {"Item": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Gone"}}}}}}"##
            )
        ])
        #expect(model.notes.map(\.pointer) == ["/components/schemas/Item/properties/kind/$ref"])
        guard case .structure(_, let fields)? = model.types.first(where: { $0.name == "Item" })?.shape else {
            Issue.record("no struct Item")
            return
        }
        #expect(fields.first?.type == .json)
        // In a JSON Schema document the same is refused.
        #expect(throws: CodegenError.self) {
            try CodeGenerator().model(documents: [
                (
                    "a.json",
                    ##"{"$defs": {"Item": {"type": "object", "properties": {"kind": {"$ref": "#/$defs/Gone"}}}}}"##
                )
            ])
        }
    }

    // MARK: Swagger 2.0

    static let swagger = ##"""
        {"swagger": "2.0", "info": {"title": "S", "version": "1"},
         "host": "api.example.com", "basePath": "/api/v2", "schemes": ["http", "https"],
         "consumes": ["application/json"], "produces": ["application/json"],
         "paths": {
           "/pets": {
             "get": {"operationId": "listPets",
               "parameters": [{"name": "tags", "in": "query", "type": "array", "items": {"type": "string"}},
                              {"name": "ids", "in": "query", "type": "array", "items": {"type": "integer"}, "collectionFormat": "ssv"},
                              {"name": "X-Ids", "in": "header", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"},
                              {"$ref": "#/parameters/Limit"}],
               "responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}}},
                             "default": {"$ref": "#/responses/Problem"}}},
             "post": {"operationId": "addPet",
               "parameters": [{"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Pet"}}],
               "responses": {"201": {"description": "made", "schema": {"$ref": "#/definitions/Pet"}}}}
           },
           "/pets/{id}/photo": {
             "parameters": [{"name": "id", "in": "path", "required": true, "type": "string"}],
             "post": {"operationId": "upload", "consumes": ["multipart/form-data"],
               "parameters": [{"name": "file", "in": "formData", "type": "file", "required": true}],
               "responses": {"200": {"description": "png", "schema": {"type": "file"}}}}
           }
         },
         "parameters": {"Limit": {"name": "limit", "in": "query", "type": "integer", "format": "int64", "default": 10}},
         "responses": {"Problem": {"description": "a problem", "schema": {"$ref": "#/definitions/Problem"}}},
         "definitions": {
           "Pet": {"type": "object", "required": ["name"], "discriminator": "kind",
                   "properties": {"name": {"type": "string"}, "kind": {"type": "string"}, "nick": {"type": "string", "x-nullable": true}}},
           "Problem": {"type": "object", "properties": {"code": {"type": "string"}}}
         }}
        """##

    @Test func aSwaggerDocumentReadsAsTheOpenAPIDocumentItStandsFor() throws {
        let converted = try SwaggerReader.read(try JSONDocumentParser.parse(Self.swagger), file: "s.json")
        let document = converted.document
        #expect(document["openapi"] == .string("3.0.3"))
        #expect(document["servers"] == .array([.object([("url", .string("https://api.example.com/api/v2"))])]))
        #expect(
            document["components"]?["schemas"]?["Pet"]?["discriminator"] == .object([("propertyName", .string("kind"))])
        )
        #expect(document["components"]?["schemas"]?["Pet"]?["properties"]?["nick"]?["nullable"] == .bool(true))
        let list = try #require(document["paths"]?["/pets"]?["get"])
        let parameters = list["parameters"]?.arrayValue ?? []
        // No collectionFormat is csv: one comma-separated value (form, not exploded).
        #expect(parameters[0]["style"] == .string("form") && parameters[0]["explode"] == .bool(false))
        #expect(parameters[1]["style"] == .string("spaceDelimited"))
        #expect(parameters[3]["schema"]?["format"] == .string("int64"))
        #expect(list["responses"]?["default"]?["$ref"] == .string("#/components/responses/Problem"))
        let add = try #require(document["paths"]?["/pets"]?["post"])
        #expect(add["requestBody"]?["required"] == .bool(true))
        #expect(
            add["requestBody"]?["content"]?["application/json"]?["schema"]?["$ref"]
                == .string("#/components/schemas/Pet"))
        let upload = try #require(document["paths"]?["/pets/{id}/photo"]?["post"])
        #expect(upload["parameters"]?.arrayValue?.first?["in"] == .string("path"))
        #expect(
            upload["requestBody"]?["content"]?["multipart/form-data"]?["schema"]?["properties"]?["file"]
                == .object([("type", .string("string")), ("format", .string("binary"))]))
        // tsv has no OpenAPI 3.0 form: the nearest, with a warning at the place.
        #expect(converted.notes.map(\.pointer) == ["/paths/~1pets/get/parameters/2/collectionFormat"])
    }

    @Test func aSwaggerDocumentGeneratesItsCalls() throws {
        let model = try CodeGenerator().model(documents: [("s.json", Self.swagger)])
        #expect(model.operations.map(\.operationId) == ["listPets", "addPet", "upload"])
        #expect(Set(model.operations.map(\.serverPath)) == ["/api/v2"])
        let list = try #require(model.operations.first)
        #expect(list.parameters.map(\.name) == ["tags", "ids", "X-Ids", "limit"])
        #expect(list.parameters[3].type == .int64(asString: false))
        guard case .single(.bytes) = model.operations[2].result else {
            Issue.record("a file answer is bytes, got \(model.operations[2].result)")
            return
        }
        #expect(model.operations[2].requestBody?.multipart != nil)
        #expect(model.types.contains { $0.name == "Pet" } && model.types.contains { $0.name == "Problem" })
    }

    @Test func aSwaggerDocumentsPathsKeepTheirOrderAndTheirNotesTheirs() throws {
        // More path items than are read one after the other: each is read on its own, on any core.
        let count = 40
        var paths: [String] = []
        for index in 0..<count {
            let format = index % 3 == 0 ? "tsv" : "csv"
            paths.append(
                #""/r\#(index)": {"get": {"operationId": "get\#(index)", "parameters": [{"name": "q", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "\#(format)"}], "responses": {"200": {"description": "ok"}}}}"#
            )
            if index == 7 { paths.append(#""x-note": {"kept": true}"#) }
        }
        let text =
            #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"# + paths.joined(separator: ", ")
            + "}}"
        let converted = try SwaggerReader.read(try JSONDocumentParser.parse(text), file: "s.json")
        let keys = converted.document["paths"]?.members?.map(\.key) ?? []
        #expect(keys == (0..<8).map { "/r\($0)" } + ["x-note"] + (8..<count).map { "/r\($0)" })
        #expect(converted.document["paths"]?["x-note"] == .object([("kept", .bool(true))]))
        for index in 0..<count {
            let operation = converted.document["paths"]?["/r\(index)"]?["get"]
            #expect(operation?["operationId"] == .string("get\(index)"))
            #expect(operation?["parameters"]?.arrayValue?.first?["style"] == .string("form"))
        }
        // One note per tsv parameter, in path order.
        #expect(
            converted.notes.map(\.pointer)
                == stride(from: 0, to: count, by: 3).map { "/paths/~1r\($0)/get/parameters/0/collectionFormat" })
    }

    @Test func anotherSwaggerVersionIsRefusedWithItsPlace() {
        let error = #expect(throws: CodegenError.self) {
            try CodeGenerator().model(documents: [("s.json", #"{"swagger": "1.2", "paths": {}}"#)])
        }
        #expect(error?.pointer == "/swagger")
    }
}
