import Foundation
import RonTestSupport
import Testing

/// `ron drift --schema DIR`: a user's own OpenAPI document and types, read at run time, checked
/// against servers that answer the documented shapes and other ones.
@Suite(
    "ron drift --schema", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftUserSchemaTests {
    private static let openAPI = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Widgets", "version": "1.0.0"},
          "paths": {
            "/widgets/{widget_id}": {
              "get": {
                "operationId": "getWidget",
                "parameters": [
                  {"name": "widget_id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "w-1"}
                ],
                "responses": {
                  "200": {"description": "One widget.", "content": {"application/json": {"schema": {"$ref": "widgets.schema.json#/$defs/Widget"}}}}
                }
              }
            },
            "/widgets": {
              "get": {
                "operationId": "listWidgets",
                "responses": {
                  "200": {"description": "Every widget.", "content": {"application/json": {"schema": {"$ref": "widgets.schema.json#/$defs/WidgetList"}}}}
                }
              },
              "post": {
                "operationId": "makeWidget",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "widgets.schema.json#/$defs/Widget"}}}},
                "responses": {"204": {"description": "Made."}}
              }
            }
          }
        }
        """

    private static let types = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Widgets",
          "$defs": {
            "Widget": {
              "type": "object",
              "properties": {"id": {"type": "string"}, "size": {"type": "integer", "format": "int32"}},
              "required": ["id", "size"]
            },
            "WidgetList": {
              "type": "object",
              "properties": {"widgets": {"type": "array", "items": {"$ref": "#/$defs/Widget"}}},
              "required": ["widgets"]
            }
          }
        }
        """

    /// A schema folder holding the two documents, or `openAPI` replaced.
    private func schemaFolder(openAPI: String = Self.openAPI) throws -> URL {
        let folder = try makeTemporaryDirectory()
        try Data(openAPI.utf8).write(to: folder.appending(path: "widgets.openapi.json"))
        try Data(Self.types.utf8).write(to: folder.appending(path: "widgets.schema.json"))
        return folder
    }

    private func report(_ arguments: [String]) throws -> (status: Int32, entries: [[String: String]], text: String) {
        let result = try RonBinary.run(["drift", "--format", "json"] + arguments)
        let entries = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [[String: String]] ?? []
        return (result.status, entries, result.output + result.error)
    }

    @Test func aServerAnsweringTheDocumentedShapesHasNoDrift() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": "w-1", "size": 3, "extra": true}"#)
            case "/app/widgets": return .json(200, #"{"widgets": [{"id": "w-1", "size": 3}]}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let (status, entries, text) = try report(["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(status == 0, "\(text)")
        #expect(entries.first { $0["operation"] == "getWidget" }?["outcome"] == "ok", "\(text)")
        #expect(entries.first { $0["operation"] == "getWidget" }?["type"] == "Widget")
        #expect(entries.first { $0["operation"] == "listWidgets" }?["outcome"] == "ok", "\(text)")
        #expect(entries.first { $0["operation"] == "makeWidget" }?["outcome"] == "skipped")
        // The path parameter's example from the user's document is what was called.
        #expect(server.requests.map(\.path).contains("/app/widgets/w-1"))
    }

    @Test func aWrongShapeIsDriftWithTypePointerAndWhatCame() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": 7, "size": 3}"#)
            case "/app/widgets": return .json(200, #"{"widgets": [{"id": "w-1", "size": 3}, {"id": "w-2"}]}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let (status, entries, text) = try report(["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(status == 1, "\(text)")
        let widget = try #require(entries.first { $0["operation"] == "getWidget" }, "\(text)")
        #expect(widget["outcome"] == "drift")
        #expect(widget["type"] == "Widget")
        #expect(widget["pointer"] == "/id")
        #expect(widget["expected"]?.contains("expected a string") == true, "\(widget)")
        #expect(widget["got"] == "7")
        let list = try #require(entries.first { $0["operation"] == "listWidgets" }, "\(text)")
        #expect(list["outcome"] == "drift")
        #expect(list["pointer"] == "/widgets/1")
        #expect(list["expected"]?.contains("'size'") == true, "\(list)")
    }

    @Test func aSchemaTheGeneratorRefusesIsAUsageErrorNamingTheFile() throws {
        let folder = try schemaFolder(openAPI: #"{"openapi": "3.1.0", "paths": {"/x": {"get": {"callbacks": {}}}}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RonBinary.run(["drift", "--base", "http://127.0.0.1:9", "--schema", folder.path])
        #expect(result.status == 64, "\(result.output)\(result.error)")
        #expect(result.error.contains("widgets.openapi.json"), "\(result.error)")
    }

    @Test func anOperationNotInTheUsersSchemaIsAUsageError() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RonBinary.run([
            "drift", "--base", "http://127.0.0.1:9", "--schema", folder.path, "--operation", "getHealth",
        ])
        #expect(result.status == 64)
        #expect(result.error.contains("no operation 'getHealth'"), "\(result.error)")
    }

    /// A server whose widget carries a member the schema does not declare.
    private func serverWithAnExtraMember() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": "w-1", "size": 3, "colour": "red"}"#)
            case "/app/widgets": return .json(200, #"{"widgets": []}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
    }

    @Test func strictModeNamesAMemberTheSchemaDoesNotDeclare() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let base = ["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path]
        let lenient = try report(base)
        #expect(lenient.status == 0, "the generated Widget keeps the member: \(lenient.text)")
        let strict = try report(base + ["--strict"])
        #expect(strict.status == 1, "\(strict.text)")
        let widget = try #require(strict.entries.first { $0["operation"] == "getWidget" }, "\(strict.text)")
        #expect(widget["pointer"] == "/colour")
        #expect(widget["expected"]?.contains("not declared") == true, "\(widget)")
    }

    @Test func aMemberThatAClosedTypeWouldDropIsDrift() throws {
        let closed = Self.types.replacingOccurrences(
            of: #""required": ["id", "size"]"#, with: #""required": ["id", "size"], "additionalProperties": false"#)
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(closed.utf8).write(to: folder.appending(path: "widgets.schema.json"))
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let (status, entries, text) = try report(["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(status == 1, "\(text)")
        let widget = try #require(entries.first { $0["operation"] == "getWidget" }, "\(text)")
        #expect(widget["pointer"] == "/colour")
        #expect(widget["expected"]?.contains("drops it") == true, "\(widget)")
    }

    @Test func fixturesRecordTakesTheUsersSchemaAndChecksEachAnswerTheSameWay() throws {
        let folder = try schemaFolder()
        let output = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: output)
        }
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let arguments = [
            "fixtures", "record", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path, "--output",
            output.path,
        ]
        let lenient = try RonBinary.run(arguments)
        #expect(lenient.status == 0, "\(lenient.output)\(lenient.error)")
        let written = try Data(contentsOf: output.appending(path: "Widget/recorded_getWidget.json"))
        #expect(String(decoding: written, as: UTF8.self).contains("colour"))
        #expect(
            FileManager.default.fileExists(atPath: output.appending(path: "WidgetList/recorded_listWidgets.json").path))
        let strict = try RonBinary.run(arguments + ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.error.contains("getWidget: Widget at /colour"), "\(strict.error)")
    }
}
