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

    /// A defect of one place that becomes a warning (file, pointer, what was done) and the nearest
    /// working call, never a refusal of the document.
    struct Leniency: Sendable, CustomTestStringConvertible {
        var name: String
        var paths: String
        var pointer: String
        var message: String
        /// The operations generated, as `operationId(argument, …)`.
        var generated: [String]
        var testDescription: String { name }
    }

    static let leniencies: [Leniency] = [
        Leniency(
            name: "a parameter in the body (Swagger 2's, not OpenAPI 3's) is left out",
            paths:
                #""/a": {"get": {"operationId": "a", "parameters": [{"name": "c", "in": "body", "schema": {"type": "string"}}], "responses": {}}}"#,
            pointer: "/paths/~1a/get/parameters/0/in", message: "unknown parameter location 'body'",
            generated: ["a()"]),
        Leniency(
            name: "a part's content type that is not a media type: the part's own type",
            paths:
                #""/a": {"post": {"operationId": "a", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"a": {"type": "string", "format": "binary"}}}, "encoding": {"a": {"contentType": "png"}}}}}, "responses": {}}}"#,
            pointer: "/paths/~1a/post/requestBody/content/multipart~1form-data/encoding/a/contentType",
            message: "'png' is not a media type", generated: ["a()"]),
        Leniency(
            name: "a path name without a parameter is a required String",
            paths: #""/a/{id}": {"get": {"operationId": "a", "responses": {}}}"#,
            pointer: "/paths/~1a~1{id}/get",
            message: "no path parameter 'id' is listed: it is a required String argument",
            generated: ["a(id: String)"]),
        Leniency(
            name: "a path parameter that is not in the path is left out",
            paths:
                #""/a": {"get": {"operationId": "a", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}}"#,
            pointer: "/paths/~1a/get/parameters/0", message: "is not in the path '/a': left out", generated: ["a()"]),
        Leniency(
            name: "a parameter listed twice: the last one",
            paths:
                #""/a": {"get": {"operationId": "a", "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}, {"name": "q", "in": "query", "schema": {"type": "integer"}}], "responses": {}}}"#,
            pointer: "/paths/~1a/get/parameters/1", message: "listed twice: the last one is used",
            generated: ["a(q: JSONInteger?)"]),
        Leniency(
            name: "a multipart part in a style of url-encoded forms is one part per element",
            paths:
                #""/a": {"post": {"operationId": "a", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {"m": {"type": "object", "properties": {"k": {"type": "string"}}}}}, "encoding": {"m": {"style": "deepObject"}}}}}, "responses": {}}}"#,
            pointer: "/paths/~1a/post/requestBody/content/multipart~1form-data/encoding/m/style",
            message: "style 'deepObject' is not supported for a multipart part", generated: ["a()"]),
        Leniency(
            name: "an unknown keyword of an operation is ignored",
            paths: #""/a": {"get": {"operationId": "a", "frobnicate": 1, "responses": {}}}"#,
            pointer: "/paths/~1a/get/frobnicate", message: "unknown keyword 'frobnicate' here: ignored",
            generated: ["a()"]),
        Leniency(
            name: "an operationId used twice: the second is called by another name",
            paths:
                #""/a": {"get": {"operationId": "x", "responses": {}}}, "/b": {"get": {"operationId": "x", "responses": {}}}"#,
            pointer: "/paths/~1b/get/operationId", message: "is generated as 'x2'", generated: ["x()", "x2()"]),
        Leniency(
            name: "an operation that cannot be generated is left out, and the others are not",
            paths:
                #""/a": {"get": {"operationId": "a", "responses": {}}}, "/b/{x": {"get": {"operationId": "b", "responses": {}}}"#,
            pointer: "/paths/~1b~1{x/get", message: "the operation GET /b/{x is not generated", generated: ["a()"]),
    ]

    @Test("a defect of one place is a located warning and the nearest call", arguments: leniencies)
    func lenient(_ example: Leniency) throws {
        let model = try model(example.paths)
        let note = try #require(model.notes.first, "no warning")
        #expect(model.notes.count == 1, "\(model.notes)")
        #expect(note.file == "api.json")
        #expect(note.pointer == example.pointer)
        #expect(note.message.contains(example.message), "message was: \(note.message)")
        let calls = model.operations.map { operation in
            operation.operationId + "("
                + operation.parameters.map { parameter in
                    "\(parameter.swiftName): \(TypeSpelling.swift(parameter.type))\(parameter.required ? "" : "?")"
                }.joined(separator: ", ") + ")"
        }
        #expect(calls == example.generated)
    }

    @Test func aRefThatNamesNothingLeavesOutWhatNeedsItWithAWarning() throws {
        let model = try model(
            ##"""
            "/a": {"get": {"operationId": "a", "responses": {"200": {"$ref": "other.json#/components/responses/R"}}}},
            "/b": {"get": {"operationId": "b", "responses": {"200": {"$ref": "#/components/responses/Nope"}}}},
            "/c": {"get": {"operationId": "c", "parameters": [{"$ref": "#/components/parameters/Nope"}], "responses": {}}}
            """##)
        // The answers of a and b cannot be known: those operations are left out; c without the parameter.
        #expect(model.operations.map(\.operationId) == ["c"])
        #expect(model.operations.first?.parameters.isEmpty == true)
        #expect(
            model.notes.map(\.pointer) == [
                "/paths/~1a/get/responses/200/$ref", "/paths/~1b/get/responses/200/$ref",
                "/paths/~1c/get/parameters/0/$ref",
            ])
        #expect(model.notes[0].message.contains("names nothing in the schema folder"))
        #expect(model.notes[0].message.contains("the operation GET /a is not generated"))
        #expect(model.notes[1].message.contains("points at nothing"))
        #expect(model.notes[2].message.contains("the parameter is left out"))
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
        #expect(
            text.contains(
                #"if let problem = RonPath.segmentProblem(thingId, parameter: "thing_id") { return AppResponse(status: 0, problem: problem) }"#
            ))
        #expect(
            text.contains(
                "public func getThingPages(thingId: String, pageSize: Int? = nil, headers: [String: String] = [:]) -> PageSequence<Thing>"
            ))
        #expect(text.contains(#"operationId: "getThing", method: "GET", path: "/things/{thing_id}","#))
        #expect(!text.contains("encodingFailure"), "only a structured query value can fail to encode")
    }

    /// A line break of any kind Swift reads (LF, CR, CR LF) in a description starts a new `///`
    /// line, in a path key or a media type it is a space, and the path's literal is escaped: no
    /// text of a document ends a generated comment or literal early.
    @Test func textFromTheDocumentStaysInsideItsCommentOrLiteral() throws {
        let model = try model(
            #"""
            "/notes/{id}/\"quoted\"\\x\r\ny": {"post": {"operationId": "postNote",
              "summary": "Posts.\r\nOn two lines.",
              "parameters": [
                {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The id.\r\nSecond line."},
                {"name": "tag", "in": "query", "schema": {"type": "string"}, "description": "A tag.\rOld break.\n  Indented."}],
              "requestBody": {"description": "The note.\r\n\r\nText.", "content": {"text/plain": {"schema": {"type": "string"}}}},
              "responses": {"200": {"description": "x", "content": {"text/plain\r\nx": {"schema": {"type": "string"}}}}}}}
            """#)
        let text = SwiftRenderer().renderOperationsFile(model)
        #expect(!text.utf8.contains(0x0D), "no carriage return is written")
        let call = try #require(text.range(of: "public func postNote(").map { text[..<$0.lowerBound] })
        let comment = call.components(separatedBy: "\n").suffix(14).joined(separator: "\n")
        #expect(
            comment.contains(
                """
                    ///   - id: The id.
                    ///     Second line. (path)
                    ///   - tag: A tag.
                    ///     Old break.
                    ///     Indented. (query `tag`)
                    ///   - body: The note.
                    ///
                    ///     Text. (`text/plain`)
                """), "\(comment)")
        #expect(call.contains(#"/// `POST /notes/{id}/"quoted"\x y`, generated from"#), "\(call)")
        #expect(text.contains(#"let requestPath = "/notes/\(RonPath.segment(id))/\"quoted\"\\x\r\ny""#))
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
        #expect(model.notes.isEmpty)
        #expect(
            try CodeGenerator().model(documents: documents).notes.map(\.pointer) == ["/paths/~1a/get/parameters/0/in"])
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
