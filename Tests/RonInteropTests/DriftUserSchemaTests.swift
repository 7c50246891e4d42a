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

    /// A schema folder holding the two documents, or `openAPI` replaced: `Schema/` in a scratch
    /// folder of its own, so no values file beside it is read but one a test writes there
    /// (``removeSchemaFolder(_:)`` removes both).
    private func schemaFolder(openAPI: String = Self.openAPI) throws -> URL {
        let folder = try makeScratchFolder("ron-interop").appending(path: "Schema")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(openAPI.utf8).write(to: folder.appending(path: "widgets.openapi.json"))
        try Data(Self.types.utf8).write(to: folder.appending(path: "widgets.schema.json"))
        return folder
    }

    private func removeSchemaFolder(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    private func report(_ arguments: [String]) async throws -> (
        status: Int32, entries: [[String: String]], text: String
    ) {
        let result = try await RonBinary.run(["drift", "--format", "json"] + arguments)
        return (result.status, DriftJSON.entries(result.output), result.output + result.error)
    }

    @Test func aServerAnsweringTheDocumentedShapesHasNoDrift() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": "w-1", "size": 3, "extra": true}"#)
            case "/app/widgets": return .json(200, #"{"widgets": [{"id": "w-1", "size": 3}]}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let (status, entries, text) = try await report([
            "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
        #expect(status == 0, "\(text)")
        #expect(entries.first { $0["operation"] == "getWidget" }?["outcome"] == "ok", "\(text)")
        #expect(entries.first { $0["operation"] == "getWidget" }?["type"] == "Widget")
        #expect(entries.first { $0["operation"] == "listWidgets" }?["outcome"] == "ok", "\(text)")
        #expect(entries.first { $0["operation"] == "makeWidget" }?["outcome"] == "skipped")
        // The path parameter's example from the user's document is what was called.
        #expect(server.requests.map(\.path).contains("/app/widgets/w-1"))
    }

    @Test func aWrongShapeIsDriftWithTypePointerAndWhatCame() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/widgets/w-1": return .json(200, #"{"id": 7, "size": 3}"#)
            case "/app/widgets": return .json(200, #"{"widgets": [{"id": "w-1", "size": 3}, {"id": "w-2"}]}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let (status, entries, text) = try await report([
            "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
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

    @Test func everyWrongFieldGetsItsOwnLineInPlainWords() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let server = try serverWithSeveralWrongFields()
        defer { server.stop() }
        let result = try await RonBinary.run([
            "drift", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let int32 = "an Int32 (a whole number from -2147483648 to 2147483647)"
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("drift ") } == [
                "drift     getWidget (GET /widgets/{widget_id}): 200 Widget at /id: expected a string, got 5",
                "drift     getWidget (GET /widgets/{widget_id}): 200 Widget at /size: expected \(int32), got 1.5",
                "drift     listWidgets (GET /widgets): 200 WidgetList at /widgets/0/size: expected \(int32), got \"big\"",
                "drift     listWidgets (GET /widgets): 200 WidgetList at /widgets/1/id: "
                    + "expected the required member 'id' of Widget, got nothing",
            ], "\(result.output)")
        #expect(
            lines.contains(
                "skipped   makeWidget (POST /widgets): "
                    + "changes the server: called only with --unsafe, against a server that may be changed"),
            "\(result.output)")
        #expect(
            Array(lines.suffix(2)) == [
                "drift: 2 GET operations: 2 called (0 fit, 2 drifted, 0 tolerated), 0 skipped",
                "drift: 1 other operation: 0 called (0 fit, 0 drifted, 0 tolerated), 1 skipped (changes the server: 1)",
            ], "\(result.output)")
    }

    @Test func theJSONReportListsEveryProblemAndKeepsTheFirstInItsOwnFields() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let server = try serverWithSeveralWrongFields()
        defer { server.stop() }
        let result = try await RonBinary.run([
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

    @Test func aCookieParameterSendsItsExampleInTheCookieHeader() async throws {
        let folder = try schemaFolder(
            openAPI: #"""
                {"openapi": "3.1.0", "paths": {"/whoami": {"get": {"operationId": "whoAmI",
                  "parameters": [{"name": "session", "in": "cookie", "required": true, "example": "a b;c", "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}}}}}
                """#)
        defer { removeSchemaFolder(folder) }
        let server = try LoopbackServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let (status, _, text) = try await report(["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path])
        #expect(status == 0, "\(text)")
        #expect(server.requests.map { $0.header("cookie") } == ["session=a%20b%3Bc"], "\(text)")
    }

    @Test func aSchemaTheGeneratorRefusesIsAUsageErrorNamingTheFile() async throws {
        let folder = try schemaFolder(
            openAPI:
                #"{"openapi": "4.0.0", "paths": {"/x": {"get": {"responses": {}}}}}"#
        )
        defer { removeSchemaFolder(folder) }
        let result = try await RonBinary.run(["drift", "--base", "http://127.0.0.1:9", "--schema", folder.path])
        #expect(result.status == 64, "\(result.output)\(result.error)")
        #expect(result.error.contains("widgets.openapi.json"), "\(result.error)")
    }

    @Test func anOperationNotInTheUsersSchemaIsAUsageError() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let result = try await RonBinary.run([
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

    @Test func strictModeNamesAMemberTheSchemaDoesNotDeclare() async throws {
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let base = ["--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path]
        let lenient = try await report(base)
        #expect(lenient.status == 0, "the generated Widget keeps the member: \(lenient.text)")
        let strict = try await report(base + ["--strict"])
        #expect(strict.status == 1, "\(strict.text)")
        let widget = try #require(strict.entries.first { $0["operation"] == "getWidget" }, "\(strict.text)")
        #expect(widget["pointer"] == "/colour")
        #expect(widget["expected"] == "no member 'colour' (not declared by the schema of Widget)", "\(widget)")
    }

    @Test func aMemberThatAClosedTypeWouldDropIsDrift() async throws {
        let closed = Self.types.replacingOccurrences(
            of: #""required": ["id", "size"]"#, with: #""required": ["id", "size"], "additionalProperties": false"#)
        let folder = try schemaFolder()
        defer { removeSchemaFolder(folder) }
        try Data(closed.utf8).write(to: folder.appending(path: "widgets.schema.json"))
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let (status, entries, text) = try await report([
            "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
        #expect(status == 1, "\(text)")
        let widget = try #require(entries.first { $0["operation"] == "getWidget" }, "\(text)")
        #expect(widget["pointer"] == "/colour")
        #expect(
            widget["expected"] == "no member 'colour' (Widget does not declare it: the generated type drops it)",
            "\(widget)")
        #expect(widget["got"] == #""red""#)
    }

    @Test func fixturesRecordTakesTheUsersSchemaAndChecksEachAnswerTheSameWay() async throws {
        let folder = try schemaFolder()
        let output = try makeScratchFolder("ron-interop")
        defer {
            removeSchemaFolder(folder)
            try? FileManager.default.removeItem(at: output)
        }
        let server = try serverWithAnExtraMember()
        defer { server.stop() }
        let arguments = [
            "fixtures", "record", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path, "--output",
            output.path,
        ]
        let lenient = try await RonBinary.run(arguments)
        #expect(lenient.status == 0, "\(lenient.output)\(lenient.error)")
        let written = try Data(contentsOf: output.appending(path: "Widget/recorded_getWidget.json"))
        #expect(String(decoding: written, as: UTF8.self).contains("colour"))
        #expect(
            FileManager.default.fileExists(atPath: output.appending(path: "WidgetList/recorded_listWidgets.json").path))
        // With --strict the undeclared member is drift: that answer is named and not written, the
        // others are.
        let again = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: again) }
        let strict = try await RonBinary.run(
            Array(arguments.dropLast()) + [again.path, "--strict"])
        #expect(strict.status == 1, "\(strict.output)\(strict.error)")
        #expect(
            strict.error.contains(
                "ron: getWidget: the answer drifted (/colour: expected no member 'colour' (not declared by the "
                    + #"schema of Widget), got "red"); not written"#), "\(strict.error)")
        #expect(!FileManager.default.fileExists(atPath: again.appending(path: "Widget").path))
        #expect(
            FileManager.default.fileExists(atPath: again.appending(path: "WidgetList/recorded_listWidgets.json").path))
    }
}

/// Where `ron drift --schema` takes its values from (the values file, `--value`, earlier answers),
/// what it tolerates, what `--unsafe` calls, and where `ron fixtures record` writes each shape.
@Suite(
    "ron drift --schema: values, tolerated answers, --unsafe, record",
    .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftPlanTests {
    /// Gadgets: a list, an item with no example for its identifier, a boolean below it, a list
    /// that stays empty, a search whose query is any text, a create and a delete.
    private static let openAPI = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Gadgets", "version": "1.0.0"},
          "components": {
            "schemas": {
              "Gadget": {
                "type": "object",
                "properties": {
                  "id": {"type": "string"},
                  "size": {"type": "integer", "minimum": 1},
                  "colour": {"type": "string"}
                },
                "required": ["id", "size"]
              }
            }
          },
          "paths": {
            "/gadgets": {
              "get": {
                "operationId": "listGadgets",
                "responses": {"200": {"description": "All.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Gadget"}}}}}}
              },
              "post": {
                "operationId": "makeGadget",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gadget"}}}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gadget"}}}}}
              }
            },
            "/gadgets/{gadget_id}": {
              "parameters": [{"name": "gadget_id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {
                "operationId": "getGadget",
                "responses": {"200": {"description": "One.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gadget"}}}}}
              },
              "delete": {
                "operationId": "deleteGadget",
                "responses": {"204": {"description": "Gone."}}
              }
            },
            "/gadgets/{gadget_id}/on": {
              "parameters": [{"name": "gadget_id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {
                "operationId": "isOn",
                "responses": {"200": {"description": "Whether it is on.", "content": {"application/json": {"schema": {"type": "boolean"}}}}}
              }
            },
            "/retired": {
              "get": {
                "operationId": "listRetired",
                "responses": {"200": {"description": "None yet.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Gadget"}}}}}}
              }
            },
            "/lookup": {
              "get": {
                "operationId": "lookUp",
                "parameters": [{"name": "q", "in": "query", "required": true, "schema": {"type": "string", "minLength": 2}}],
                "responses": {"200": {"description": "Found.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Gadget"}}}}}}
              }
            }
          }
        }
        """

    /// `Schema/` with the document, in a scratch folder of its own (where a values file goes).
    private func schemaFolder() throws -> URL {
        let folder = try makeScratchFolder("ron-interop").appending(path: "Schema")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.openAPI.utf8).write(to: folder.appending(path: "gadgets.openapi.json"))
        return folder
    }

    /// A server with the gadgets `listed` (and each of them), answering `gadget` for `/gadgets/g-1`
    /// when given, and `201` with `g-9` for a create.
    private func server(listed: String, gadget: String? = nil) throws -> LoopbackServer {
        try LoopbackServer { request in
            switch (request.method, request.path) {
            case ("GET", "/app/gadgets"): return .json(200, listed)
            case ("GET", "/app/gadgets/g-1"): return .json(200, gadget ?? #"{"id": "g-1", "size": 1}"#)
            case ("GET", "/app/gadgets/g-2"): return .json(200, #"{"id": "g-2", "size": 2}"#)
            case ("GET", "/app/gadgets/g-1/on"), ("GET", "/app/gadgets/g-5/on"): return .json(200, "true")
            case ("GET", "/app/retired"), ("GET", "/app/lookup"): return .json(200, "[]")
            case ("POST", "/app/gadgets"): return .json(201, #"{"id": "g-9", "size": 1}"#)
            case ("DELETE", "/app/gadgets/g-9"): return .respond(status: 204)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
    }

    private static let twoGadgets = #"[{"id": "g-1", "size": 1}, {"id": "g-2", "size": 2}]"#

    /// The JSON report's entries, whole (`values` and `request` are objects).
    private func entries(_ output: String) -> [String: [String: Any]] {
        let list = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [[String: Any]] ?? []
        var byOperation: [String: [String: Any]] = [:]
        for entry in list {
            if let operation = entry["operation"] as? String { byOperation[operation] = entry }
        }
        return byOperation
    }

    @Test func aListIsCalledFirstAndItsItemsIdsFeedTheItemRoutes() async throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let server = try server(listed: Self.twoGadgets)
        defer { server.stop() }
        let result = try await RonBinary.run([
            "drift", "--format", "json", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let report = entries(result.output)
        let gadget = try #require(report["getGadget"], "\(result.output)")
        #expect(gadget["outcome"] as? String == "ok")
        #expect(gadget["values"] as? [String: String] == ["gadget_id": "listGadgets /0/id"], "\(gadget)")
        #expect((gadget["request"] as? [String: Any])?["url"] as? String == "/app/gadgets/g-1")
        #expect(report["isOn"]?["outcome"] as? String == "ok", "\(result.output)")
        // A query parameter that is any text of at least two characters is made up.
        let lookUp = try #require(report["lookUp"])
        #expect(lookUp["values"] as? [String: String] == ["q": "made up"], "\(lookUp)")
        #expect((lookUp["request"] as? [String: Any])?["url"] as? String == "/app/lookup?q=aa", "\(lookUp)")
        // Nothing but reads without --unsafe.
        #expect(Set(server.requests.map(\.method)) == ["GET"])
        let paths = server.requests.map(\.path)
        let list = try #require(paths.firstIndex(of: "/app/gadgets"))
        let item = try #require(paths.firstIndex(of: "/app/gadgets/g-1"))
        #expect(list < item, "\(paths)")
        #expect(
            result.error.contains(
                "drift: 5 GET operations: 5 called (5 fit, 0 drifted, 0 tolerated), 0 skipped"), "\(result.error)")
    }

    @Test func aMissingValueIsSkippedSayingWhereOneCouldComeFromAndTheValuesFileGivesIt() async throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let server = try server(listed: "[]")
        defer { server.stop() }
        let arguments = ["drift", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path]
        let without = try await RonBinary.run(arguments)
        #expect(without.status == 0, "\(without.output)\(without.error)")
        let lines = without.output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "skipped   getGadget (GET /gadgets/{gadget_id}): no value for {gadget_id}: no example or default in "
                    + "the description, and no answer so far listed /gadgets or had a member 'gadget_id'; give one in "
                    + #"drift-values.json ({"parameters": {"gadget_id": ...}}) or with --value gadget_id=..."#),
            "\(without.output)")
        #expect(
            lines.contains(
                "drift: 5 GET operations: 3 called (3 fit, 0 drifted, 0 tolerated), 2 skipped (no value for {gadget_id}: 2)"
            ), "\(without.output)")

        // The values file beside the schema folder: by name, and for one operation (which wins).
        try Data(
            #"{"parameters": {"gadget_id": "g-1"}, "operations": {"isOn": {"gadget_id": "g-5"}}}"#.utf8
        ).write(to: folder.deletingLastPathComponent().appending(path: "drift-values.json"))
        let with = try await RonBinary.run(arguments + ["--format", "json"])
        #expect(with.status == 0, "\(with.output)\(with.error)")
        let report = entries(with.output)
        #expect(report["getGadget"]?["values"] as? [String: String] == ["gadget_id": "drift-values.json"])
        #expect((report["isOn"]?["request"] as? [String: Any])?["url"] as? String == "/app/gadgets/g-5/on")
        #expect(with.error.contains("5 called (5 fit, 0 drifted, 0 tolerated), 0 skipped"), "\(with.error)")

        // --value wins over the file; --values names another file.
        let given = try await RonBinary.run(arguments + ["--format", "json", "--value", "getGadget.gadget_id=g-2"])
        #expect(
            (entries(given.output)["getGadget"]?["request"] as? [String: Any])?["url"] as? String == "/app/gadgets/g-2")
        #expect(entries(given.output)["getGadget"]?["values"] as? [String: String] == ["gadget_id": "--value"])
        let other = folder.deletingLastPathComponent().appending(path: "other-values.json")
        try Data(#"{"parameters": {"gadget_id": "g-2"}}"#.utf8).write(to: other)
        let named = try await RonBinary.run(arguments + ["--format", "json", "--values", other.path])
        let viaFile = try #require(entries(named.output)["getGadget"], "\(named.output)\(named.error)")
        #expect((viaFile["request"] as? [String: Any])?["url"] as? String == "/app/gadgets/g-2")
        #expect(viaFile["values"] as? [String: String] == ["gadget_id": "other-values.json"])

        // A values file of another shape is a usage error naming the file and the place.
        try Data(#"{"parameter": {}}"#.utf8).write(to: other)
        let wrong = try await RonBinary.run(arguments + ["--values", other.path])
        #expect(wrong.status == 64, "\(wrong.output)\(wrong.error)")
        #expect(wrong.error.contains("other-values.json#/parameter: unknown member"), "\(wrong.error)")
    }

    @Test func anAnswerTheTypesReadButTheDescriptionRefusesIsToleratedAndStrictFailsIt() async throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        // size below its minimum, and a null where colour is not nullable: the generated type reads both.
        let server = try server(listed: Self.twoGadgets, gadget: #"{"id": "g-1", "size": 0, "colour": null}"#)
        defer { server.stop() }
        let arguments = [
            "drift", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path, "--operation", "getGadget",
            "--value", "gadget_id=g-1",
        ]
        let lenient = try await RonBinary.run(arguments)
        #expect(lenient.status == 0, "\(lenient.output)\(lenient.error)")
        let lines = lenient.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "one line per problem, then the summary: \(lenient.output)")
        #expect(
            lines.allSatisfy {
                !$0.hasPrefix("tolerated")
                    || $0.hasPrefix("tolerated getGadget (GET /gadgets/{gadget_id}): 200 Gadget at /")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("tolerated getGadget (GET /gadgets/{gadget_id}): 200 Gadget at /size: ")
                    && $0.hasSuffix(", got 0")
            }, "\(lenient.output)")
        #expect(
            lines.contains {
                $0.hasPrefix("tolerated getGadget (GET /gadgets/{gadget_id}): 200 Gadget at /colour: ")
                    && $0.hasSuffix(", got null")
            }, "\(lenient.output)")
        #expect(
            lines.last == "drift: 1 GET operation: 1 called (0 fit, 0 drifted, 1 tolerated), 0 skipped",
            "\(lenient.output)")
        let strict = try await RonBinary.run(arguments + ["--strict", "--format", "json"])
        #expect(strict.status == 1, "\(strict.output)\(strict.error)")
        let gadget = try #require(entries(strict.output)["getGadget"])
        #expect(gadget["outcome"] as? String == "tolerated")
        let description = try #require(gadget["description"] as? [String: Any], "\(gadget)")
        #expect(description["fits"] as? Bool == false)
        #expect(
            (description["problems"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }.sorted() == [
                "/colour", "/size",
            ])
    }

    @Test func unsafeCreatesThenDeletesOnlyWhatItCreated() async throws {
        let folder = try schemaFolder()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let server = try server(listed: Self.twoGadgets)
        defer { server.stop() }
        let result = try await RonBinary.run([
            "drift", "--format", "json", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path,
            "--unsafe",
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let report = entries(result.output)
        let make = try #require(report["makeGadget"], "\(result.output)")
        #expect(make["outcome"] as? String == "ok")
        #expect(make["phase"] as? String == "create")
        // The body is made from the schema, and is what was sent.
        let post = try #require(server.requests.first { $0.method == "POST" })
        let body = try #require(try JSONSerialization.jsonObject(with: post.body) as? [String: Any], "\(post.body)")
        #expect(body["id"] is String, "\(body)")
        #expect((body["size"] as? Int).map { $0 >= 1 } == true, "the schema's minimum: \(body)")
        #expect(post.header("content-type")?.hasPrefix("application/json") == true)
        let delete = try #require(report["deleteGadget"], "\(result.output)")
        #expect(delete["outcome"] as? String == "ok", "\(delete)")
        #expect(delete["values"] as? [String: String] == ["gadget_id": "created by drift"])
        // Only the gadget drift made was deleted, and last.
        #expect(server.requests.filter { $0.method == "DELETE" }.map(\.path) == ["/app/gadgets/g-9"])
        #expect(server.requests.last?.method == "DELETE")
        #expect(
            result.error.contains("drift: 2 other operations: 2 called (2 fit, 0 drifted, 0 tolerated), 0 skipped"),
            "\(result.error)")
    }

    @Test func recordWritesEachShapeWhereTheFixtureTestReadsIt() async throws {
        let folder = try schemaFolder()
        let output = try makeScratchFolder("ron-interop")
        defer {
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: output)
        }
        // getGadget's answer is tolerated (size below its minimum): written all the same.
        let server = try server(listed: Self.twoGadgets, gadget: #"{"id": "g-1", "size": 0}"#)
        defer { server.stop() }
        let result = try await RonBinary.run([
            "fixtures", "record", "--base", "http://127.0.0.1:\(server.port)", "--schema", folder.path, "--output",
            output.path,
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let walker = FileManager.default.enumerator(atPath: output.path)
        let written = (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }
        #expect(
            written.sorted() == [
                "Bool/recorded_isOn.json", "Gadget.list/recorded_listRetired.json", "Gadget.list/recorded_lookUp.json",
                "Gadget/recorded_getGadget.json", "Gadget/recorded_listGadgets-1.json",
                "Gadget/recorded_listGadgets-2.json",
            ], "\(result.output)\(result.error)")
        let item = try String(contentsOf: output.appending(path: "Gadget/recorded_listGadgets-2.json"), encoding: .utf8)
        #expect(item.contains(#""g-2""#))
        #expect(try String(contentsOf: output.appending(path: "Bool/recorded_isOn.json"), encoding: .utf8) == "true")
    }
}
