import Foundation
import Testing

@testable import RonCodegenCore

/// OpenAPI `paths` → ``Operation``s, the constructs refused with file and pointer, and what the
/// rendered calls say.
@Suite("Operations of OpenAPI documents")
struct OperationModelTests {
    static let types = #"""
        {"$defs": {
          "Thing": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
          "Color": {"type": "string", "enum": ["red", "blue"]},
          "Page": {"type": "object", "x-ron-type-parameters": ["Item"], "required": ["items"], "properties": {
            "items": {"type": "array", "items": {"x-ron-type-parameter": "Item"}},
            "next_page_token": {"type": ["string", "null"]}}},
          "ThingPage": {"$ref": "#/$defs/Page", "x-ron-type-arguments": {"Item": {"$ref": "#/$defs/Thing"}}}
        }}
        """#

    /// The model of `types.json` and an OpenAPI document `api.json` whose `paths` are `paths`.
    private func model(_ paths: String, components: String = "{}") throws -> SchemaModel {
        try CodeGenerator().model(documents: [
            ("types.json", Self.types),
            ("api.json", #"{"openapi": "3.1.0", "paths": {"# + paths + #"}, "components": "# + components + "}"),
        ])
    }

    private func refusal(_ paths: String) -> CodegenError? {
        do {
            _ = try model(paths)
            return nil
        } catch let error as CodegenError {
            return error
        } catch {
            return nil
        }
    }

    @Test func theAppPlaneDocumentDescribesEveryRouteAndAddsNoType() throws {
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Schema")
        let model = try CodeGenerator().model(schemaDirectory: schema)
        let routes = model.operations.map { "\($0.method) \($0.path)" }
        #expect(
            routes == [
                "GET /healthz", "GET /hello", "POST /echo", "GET /items", "GET /events", "GET /facets/{id}/{path}",
                "POST /facets/{id}/{path}",
            ])
        #expect(!model.types.contains { $0.origin.file == "app-plane.openapi.json" })
        let list = try #require(model.operations.first { $0.operationId == "listItems" })
        #expect(list.pageItem == .named("Item", arguments: []))
        #expect(list.result == .single(.json(.named("ItemPage", arguments: []))))
        let events = try #require(model.operations.first { $0.operationId == "subscribeEvents" })
        #expect(events.result == .eventStream(.named("StreamTick", arguments: [])))
        #expect(model.operations.filter(\.facetScoped).count == 2)
    }

    @Test func specificationExtensionsAndAnOperationWithoutResponsesGenerate() throws {
        // OpenAPI allows `x-*` on paths, path items and operations; 3.1 makes `responses` optional.
        let model = try model(
            #"""
            "x-paths-note": {"a": 1},
            "/things": {"x-item-note": true,
              "get": {"operationId": "listThings", "x-oaiMeta": {"name": "List"},
                      "responses": {"200": {"description": "ok", "content": {"application/json":
                        {"schema": {"$ref": "types.json#/$defs/Thing"}}}}}},
              "delete": {"operationId": "clearThings"}}
            """#)
        #expect(model.operations.map(\.operationId) == ["listThings", "clearThings"])
        let list = try #require(model.operations.first { $0.operationId == "listThings" })
        #expect(list.result == .single(.json(.named("Thing", arguments: []))))
    }

    @Test func parametersAreTypedWithLocationRequirednessAndExplode() throws {
        let operation = try #require(
            try model(
                #"""
                "/things/{thing_id}": {"parameters": [
                  {"name": "thing_id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int32"}}],
                  "get": {"operationId": "get_thing", "deprecated": true, "tags": ["t"], "summary": "One thing.",
                    "parameters": [
                      {"name": "color", "in": "query", "schema": {"$ref": "types.json#/$defs/Color"}},
                      {"name": "ids", "in": "query", "required": true, "explode": false, "example": "a",
                       "schema": {"type": "array", "items": {"type": "string"}}},
                      {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}}}}}
                """#
            ).operations.first)
        #expect(operation.swiftName == "getThing")
        #expect(operation.method == "GET")
        #expect(operation.deprecated)
        #expect(operation.tags == ["t"])
        #expect(operation.origin.description == "api.json#/paths/~1things~1{thing_id}/get")
        let byName = Dictionary(uniqueKeysWithValues: operation.parameters.map { ($0.name, $0) })
        #expect(byName["thing_id"]?.type == .int32)
        #expect(byName["thing_id"]?.location == .path)
        #expect(byName["color"]?.type == .named("Color", arguments: []))
        #expect(byName["color"]?.required == false)
        #expect(byName["ids"]?.type == .array(.string))
        #expect(byName["ids"]?.explode == false)
        #expect(byName["ids"]?.example == .string("a"))
        #expect(byName["X-Trace"]?.location == .header)
        #expect(byName["X-Trace"]?.swiftName == "xTrace")
        #expect(operation.result == .single(.json(.named("Thing", arguments: []))))
    }

    @Test func answersBecomeNoContentOneTypeOrSeveralCases() throws {
        let operations = try model(
            #"""
            "/a": {"delete": {"responses": {"204": {"description": "gone"}}}},
            "/b": {"get": {"responses": {"default": {"description": "x"}}}},
            "/c": {"put": {"requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}},
              "responses": {"200": {"description": "x", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}},
                            "202": {"description": "later"},
                            "203": {"description": "x", "content": {"text/plain": {}}}}}}
            """#
        ).operations
        #expect(operations.map(\.swiftName) == ["deleteA", "getB", "putC"])
        #expect(operations[0].result == .none)
        #expect(operations[1].result == .none)
        #expect(operations[2].requestBody?.type == .named("Thing", arguments: []))
        #expect(operations[2].requestBody?.required == true)
        guard case .several(let cases) = operations[2].result else {
            Issue.record("expected several answers, got \(operations[2].result)")
            return
        }
        #expect(cases.map(\.swiftName) == ["status200Json", "status202", "status203Text"])
        #expect(cases.map(\.payload) == [.json(.named("Thing", arguments: [])), .empty, .text])
    }

    @Test func aSeveralAnswerEnumNeverTakesASchemaTypesName() throws {
        let operations = try model(
            #"""
            "/a": {"get": {"operationId": "thing", "responses": {
              "200": {"description": "x", "content": {"text/plain": {}}}, "204": {"description": "none"}}}},
            "/b": {"get": {"operationId": "color", "responses": {
              "200": {"description": "x", "content": {"text/plain": {}}}, "204": {"description": "none"}}}}
            """#
        ).operations
        #expect(operations.map(\.resultTypeName) == ["ThingResponse", "ColorResponse"])
        let clash = try CodeGenerator().model(documents: [
            ("types.json", #"{"$defs": {"ThingResponse": {"type": "string"}}}"#),
            (
                "api.json",
                #"{"openapi": "3.1.0", "paths": {"/a": {"get": {"operationId": "thing", "responses": {"200": {"description": "x", "content": {"text/plain": {}}}, "204": {"description": "none"}}}}}}"#
            ),
        ])
        #expect(clash.operations.first?.resultTypeName == "ThingResponse2")
    }

    @Test func namesStayUniqueAndAvoidTheClientsOwnMembers() throws {
        let operations = try model(
            #"""
            "/x": {"get": {"operationId": "get", "responses": {}}, "post": {"operationId": "fetch-it", "responses": {}}},
            "/y": {"get": {"operationId": "fetchIt", "responses": {}}}
            """#
        ).operations
        #expect(operations.map(\.swiftName) == ["getOperation", "fetchIt", "fetchIt2"])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var paths: String
        var pointer: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "a parameter in the body (Swagger 2's, not OpenAPI 3's)",
            paths:
                #""/a": {"get": {"parameters": [{"name": "c", "in": "body", "schema": {"type": "string"}}], "responses": {}}}"#,
            pointer: "/paths/~1a/get/parameters/0/in", message: "unknown parameter location 'body'"),
        Refusal(
            name: "a part's content type that is not a media type",
            paths:
                #""/a": {"post": {"requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"a": {"type": "string", "format": "binary"}}}, "encoding": {"a": {"contentType": "png"}}}}}, "responses": {}}}"#,
            pointer: "/paths/~1a/post/requestBody/content/multipart~1form-data/encoding/a/contentType",
            message: "'png' is not a media type"),
        Refusal(
            name: "a path name without a parameter",
            paths: #""/a/{id}": {"get": {"responses": {}}}"#,
            pointer: "/paths/~1a~1{id}/get", message: "no path parameter 'id'"),
        Refusal(
            name: "a cookie parameter in a style cookies do not have",
            paths:
                #""/a": {"get": {"parameters": [{"name": "q", "in": "cookie", "style": "deepObject", "schema": {"$ref": "types.json#/$defs/Thing"}}], "responses": {}}}"#,
            pointer: "/paths/~1a/get/parameters/0/style", message: "is not supported for a cookie parameter"),
        Refusal(
            name: "an unknown keyword of an operation",
            paths: #""/a": {"get": {"frobnicate": 1, "responses": {}}}"#,
            pointer: "/paths/~1a/get/frobnicate", message: "unsupported keyword"),
        Refusal(
            name: "a $ref into another document's components",
            paths: #""/a": {"get": {"responses": {"200": {"$ref": "other.json#/components/responses/R"}}}}"#,
            pointer: "/paths/~1a/get/responses/200/$ref", message: "only a $ref to this document's components"),
        Refusal(
            name: "an operationId used twice",
            paths:
                #""/a": {"get": {"operationId": "x", "responses": {}}}, "/b": {"get": {"operationId": "x", "responses": {}}}"#,
            pointer: "/paths/~1b/get/operationId", message: "already used"),
    ]

    @Test("refused with file and pointer", arguments: refusals)
    func refused(_ example: Refusal) {
        let error = refusal(example.paths)
        #expect(error?.file == "api.json")
        #expect(error?.pointer == example.pointer)
        #expect(error?.message.contains(example.message) == true, "message was: \(error?.message ?? "none")")
    }

    @Test func theRenderedCallsUseTheClientsVerbsAndSaySoInTheirDocumentation() throws {
        let model = try model(
            #"""
            "/things/{thing_id}": {"get": {"operationId": "getThing", "deprecated": true, "summary": "One thing.",
              "parameters": [{"name": "thing_id", "in": "path", "required": true, "schema": {"type": "string"}},
                             {"name": "page_token", "in": "query", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "x", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/ThingPage"}}}}}}}
            """#)
        var options = SwiftRenderer.Options()
        options.typesModule = "Types"
        let text = SwiftRenderer(options: options).renderOperationsFile(model)
        #expect(text.contains("import Types\n"))
        #expect(text.contains("/// One thing.\n"))
        #expect(text.contains("@available(*, deprecated, message: \"deprecated in the schema\")"))
        #expect(
            text.contains(
                "public func getThing(thingId: String, pageToken: String? = nil, headers: [String: String] = [:]) async -> sending AppResponse<ThingPage>"
            ))
        #expect(text.contains("return await get(requestPath, queryItems: query, headers: headers)"))
        #expect(text.contains(#"let requestPath = "/things/\(RonPath.segment(thingId))""#))
        #expect(text.contains("code: \"invalid_path_parameter\""))
        #expect(
            text.contains(
                "public func getThingPages(thingId: String, pageSize: Int? = nil, headers: [String: String] = [:]) -> PageSequence<Thing>"
            ))
        #expect(text.contains(#"operationId: "getThing", method: "GET", path: "/things/{thing_id}","#))
        #expect(!text.contains("encodingFailure"), "only a structured query value can fail to encode")
    }

    @Test func aPageSequenceThrowsAStructuredQueryValueThatDoesNotEncode() throws {
        let model = try model(
            #"""
            "/things": {"get": {"operationId": "listThings",
              "parameters": [{"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "properties": {"score": {"type": "number"}}}},
                             {"name": "page_token", "in": "query", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "x", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/ThingPage"}}}}}}}
            """#)
        let text = SwiftRenderer().renderOperationsFile(model)
        let pages = try #require(text.range(of: "public func listThingsPages(").map { String(text[$0.lowerBound...]) })
        #expect(pages.contains("var encodingFailure: RonProblem? = nil"))
        #expect(pages.contains("catch { encodingFailure = error.problem }"))
        #expect(pages.contains(".failing(with: encodingFailure)"))
    }

    @Test func aTypesOnlyRunLeavesPathsAlone() throws {
        var generator = CodeGenerator()
        generator.readsOperations = false
        let paths =
            #""/a": {"get": {"parameters": [{"name": "c", "in": "body", "schema": {"type": "string"}}], "responses": {}}}"#
        let documents = [
            ("types.json", Self.types),
            ("api.json", #"{"openapi": "3.1.0", "paths": {"# + paths + "}}"),
        ]
        let model = try generator.model(documents: documents)
        #expect(model.operations.isEmpty)
        #expect(model.types.contains { $0.name == "Thing" })
        #expect(throws: CodegenError.self) { try CodeGenerator().model(documents: documents) }
    }

    @Test func aSchemaWithoutOperationsWritesAnOperationsFileWithoutCode() throws {
        let model = try CodeGenerator().model(documents: [("types.json", Self.types)])
        let files = CodeGenerator().files(for: model, split: false, output: .typesAndOperations)
        #expect(files.map(\.name) == ["RonGenerated.swift", "RonOperations.swift"])
        #expect(!files[1].contents.contains("import"))
        #expect(
            CodeGenerator().files(for: model, split: false, output: .operations).map(\.name) == ["RonOperations.swift"])
    }
}
