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
        let folder = try makeScratchFolder("ron-interop")
        try Data(openAPI.utf8).write(to: folder.appending(path: "widgets.openapi.json"))
        try Data(Self.types.utf8).write(to: folder.appending(path: "widgets.schema.json"))
        return folder
    }

    private func report(_ arguments: [String]) throws -> (status: Int32, entries: [[String: String]], text: String) {
        let result = try RonBinary.run(["drift", "--format", "json"] + arguments)
        return (result.status, DriftJSON.entries(result.output), result.output + result.error)
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
        #expect(widget["expected"] == "a string", "\(widget)")
        #expect(widget["got"] == "7")
        let list = try #require(entries.first { $0["operation"] == "listWidgets" }, "\(text)")
        #expect(list["outcome"] == "drift")
        #expect(list["pointer"] == "/widgets/1/size")
        #expect(list["expected"] == "the required member 'size' of Widget", "\(list)")
        #expect(list["got"] == "nothing")
    }

    /// A server whose answers are wrong in several places each.
    private func serverWithSeveralWrongFields() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": 5, "size": 1.5}"#)
            case "/app/widgets": return .json(200, #"{"widgets": [{"id": "w-1", "size": "big"}, {"size": 3}]}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
    }

    @Test func everyWrongFieldGetsItsOwnLineInPlainWords() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try serverWithSeveralWrongFields()
        defer { server.stop() }
        let result = try RonBinary.run(["drift", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let int32 = "an Int32 (a whole number from -2147483648 to 2147483647)"
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("drift ") } == [
                "drift   getWidget (GET /widgets/{widget_id}): Widget at /id: expected a string, got 5",
                "drift   getWidget (GET /widgets/{widget_id}): Widget at /size: expected \(int32), got 1.5",
                "drift   listWidgets (GET /widgets): WidgetList at /widgets/0/size: expected \(int32), got \"big\"",
                "drift   listWidgets (GET /widgets): WidgetList at /widgets/1/id: "
                    + "expected the required member 'id' of Widget, got nothing",
            ], "\(result.output)")
        #expect(lines.contains("skipped makeWidget (POST /widgets): not a GET: only safe operations are called"))
        #expect(lines.last == "drift: 3 operations: 0 fit, 2 drifted, 0 failed, 1 skipped", "\(result.output)")
    }

    @Test func theJSONReportListsEveryProblemAndKeepsTheFirstInItsOwnFields() throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try serverWithSeveralWrongFields()
        defer { server.stop() }
        let result = try RonBinary.run([
            "drift", "--format", "json", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let widget = try #require(DriftJSON.entries(result.output).first { $0["operation"] == "getWidget" })
        #expect(widget["pointer"] == "/id")
        #expect(widget["expected"] == "a string")
        #expect(widget["got"] == "5")
        let problems = DriftJSON.problems(result.output, of: "getWidget")
        #expect(
            problems == [
                ["pointer": "/id", "expected": "a string", "got": "5"],
                [
                    "pointer": "/size", "expected": "an Int32 (a whole number from -2147483648 to 2147483647)",
                    "got": "1.5",
                ],
            ], "\(result.output)")
        #expect(
            DriftJSON.problems(result.output, of: "listWidgets").map { $0["pointer"] } == [
                "/widgets/0/size", "/widgets/1/id",
            ])
        // An operation without drift has no problem list.
        #expect(DriftJSON.problems(result.output, of: "makeWidget").isEmpty)
    }

    @Test func aCookieParameterSendsItsExampleInTheCookieHeader() throws {
        let folder = try schemaFolder(
            openAPI: #"""
                {"openapi": "3.1.0", "paths": {"/whoami": {"get": {"operationId": "whoAmI",
                  "parameters": [{"name": "session", "in": "cookie", "required": true, "example": "a b;c", "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
                """#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let (status, _, text) = try report(["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(status == 0, "\(text)")
        #expect(server.requests.map { $0.header("cookie") } == ["session=a%20b%3Bc"], "\(text)")
    }

    @Test func aSchemaTheGeneratorRefusesIsAUsageErrorNamingTheFile() throws {
        let folder = try schemaFolder(
            openAPI:
                #"{"openapi": "4.0.0", "paths": {"/x": {"get": {"responses": {}}}}}"#
        )
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
        #expect(widget["expected"] == "no member 'colour' (not declared by the schema of Widget)", "\(widget)")
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
        #expect(
            widget["expected"] == "no member 'colour' (Widget does not declare it: the generated type drops it)",
            "\(widget)")
        #expect(widget["got"] == #""red""#)
    }

    @Test func fixturesRecordTakesTheUsersSchemaAndChecksEachAnswerTheSameWay() throws {
        let folder = try schemaFolder()
        let output = try makeScratchFolder("ron-interop")
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
        #expect(
            strict.error.contains(
                #"getWidget: Widget at /colour: expected no member 'colour' (not declared by the schema of Widget), "#
                    + #"got "red" (written anyway)"#), "\(strict.error)")
    }
}
