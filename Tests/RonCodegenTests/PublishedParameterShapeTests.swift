import Foundation
import RonCodegenCore
import Testing

/// Parameters and paths as published API descriptions write them (OpenAI, Twilio, Box): object and
/// styled query values, header lists, `{name}` inside a segment, a query in the path's key,
/// specification extensions, bodies on any method, event streams answering a POST.
@Suite("Published parameter shapes")
struct PublishedParameterShapeTests {
    private func operations(_ paths: String) throws -> [RonCodegenCore.Operation] {
        let api =
            #"{"openapi": "3.1.0", "paths": {"# + paths
            + #"}, "components": {"schemas": {"Range": {"type": "object", "properties": {"low": {"type": "integer"}}}}}}"#
        return try CodeGenerator().model(documents: [("api.json", api)]).operations
    }

    private func parameter(_ json: String) throws -> OperationParameter {
        let found = try operations(#""/a": {"get": {"parameters": ["# + json + #"], "responses": {}}}"#)
        return try #require(found.first?.parameters.first)
    }

    @Test func structuredQueryValuesGoByTheirStyle() throws {
        let object = ##""schema": {"$ref": "#/components/schemas/Range"}"##
        #expect(try parameter(#"{"name": "r", "in": "query", \#(object)}"#).queryStyle == .some(.exploded))
        #expect(
            try parameter(#"{"name": "r", "in": "query", "explode": false, \#(object)}"#).queryStyle
                == .some(.joined(",")))
        #expect(
            try parameter(#"{"name": "r", "in": "query", "style": "deepObject", \#(object)}"#).queryStyle
                == .some(.deepObject))
        let ids = #""schema": {"type": "array", "items": {"type": "integer"}}"#
        #expect(
            try parameter(#"{"name": "i", "in": "query", "style": "pipeDelimited", "explode": false, \#(ids)}"#)
                .queryStyle == .some(.joined("|")))
        #expect(
            try parameter(#"{"name": "i", "in": "query", "style": "spaceDelimited", \#(ids)}"#).queryStyle
                == .some(.joined(" ")))
        // A form array of scalars stays a plain parameter (repeated or comma-joined by `explode`).
        #expect(try parameter(#"{"name": "i", "in": "query", \#(ids)}"#).queryStyle == nil)
        #expect(try parameter(#"{"name": "i", "in": "query", "schema": {"type": "string"}}"#).queryStyle == nil)
        // A timestamp is a scalar: RFC 3339 text, never a JSON encoder's number.
        let since = try parameter(#"{"name": "s", "in": "query", "schema": {"type": "string", "format": "date-time"}}"#)
        #expect(since.queryStyle == nil && since.type == .timestamp)
    }

    @Test func cookieParametersAreScalarsListsOrObjectsInStyleForm() throws {
        let session = try parameter(
            #"{"name": "session", "in": "cookie", "required": true, "schema": {"type": "string"}}"#)
        #expect(session.location == .cookie)
        let ids = try parameter(
            #"{"name": "ids", "in": "cookie", "style": "form", "explode": false, "schema": {"type": "array", "items": {"type": "integer"}}}"#
        )
        guard case .array = ids.type else {
            Issue.record("a list of integers, got \(ids.type)")
            return
        }
        #expect(ids.queryStyle == nil)
        // Objects: each member a cookie of its own by default (form explodes), else one `k,v,…`.
        let object = ##""schema": {"$ref": "#/components/schemas/Range"}"##
        #expect(try parameter(#"{"name": "r", "in": "cookie", \#(object)}"#).queryStyle == .some(.exploded))
        #expect(
            try parameter(#"{"name": "r", "in": "cookie", "explode": false, \#(object)}"#).queryStyle
                == .some(.joined(",")))
        // A cookie has one style: another is sent in it, with a warning at the style.
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                ##"{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"name": "r", "in": "cookie", "style": "simple", "schema": {"$ref": "#/components/schemas/Range"}}], "responses": {}}}}, "components": {"schemas": {"Range": {"type": "object", "properties": {"lo": {"type": "integer"}}}}}}"##
            )
        ])
        #expect(model.operations.first?.parameters.first?.queryStyle == .some(.exploded))
        #expect(model.notes.map(\.pointer) == ["/paths/~1a/get/parameters/0/style"])
    }

    @Test func objectPathAndHeaderValuesGoInStyleSimple() throws {
        let object = ##""schema": {"$ref": "#/components/schemas/Range"}"##
        #expect(try parameter(#"{"name": "r", "in": "header", \#(object)}"#).queryStyle == .some(.joined(",")))
        #expect(
            try parameter(#"{"name": "r", "in": "header", "explode": true, \#(object)}"#).queryStyle
                == .some(.exploded))
        let found = try operations(
            #""/a/{r}": {"get": {"parameters": [{"name": "r", "in": "path", "required": true, \#(object)}], "responses": {}}}"#
        )
        #expect(found.first?.parameters.first?.queryStyle == .some(.joined(",")))
    }

    @Test func aScalarByAnotherNameIsThatScalar() throws {
        let api =
            ##"{"openapi": "3.1.0", "paths": {"/a/{id}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Snowflake"}}, {"name": "ids", "in": "query", "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Snowflake"}}}], "responses": {}}}}, "components": {"schemas": {"Snowflake": {"type": "string", "pattern": "^[0-9]+$", "format": "snowflake"}}}}"##
        let found = try #require(try CodeGenerator().model(documents: [("api.json", api)]).operations.first)
        #expect(found.parameters.map(\.type) == [.string, .array(.string)])
    }

    @Test func aJSONQueryValueIsSentAsItsText() throws {
        let json = try parameter(
            ##"{"name": "f", "in": "query", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Range"}}}}"##
        )
        #expect(json.queryStyle == .some(.json))
        #expect(json.type == .named("Range", arguments: []))
        // Elsewhere `content` is read for its schema and the value is sent as its text, with a warning.
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                #"{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"name": "f", "in": "header", "content": {"application/json": {}}}], "responses": {}}}}}"#
            )
        ])
        #expect(model.operations.first?.parameters.map(\.type) == [.string])
        #expect(model.operations.first?.parameters.first?.queryStyle == nil)
        #expect(model.notes.map(\.pointer) == ["/paths/~1a/get/parameters/0/content"])
    }

    @Test func callbacksLinksAndXMLAnnotationsDescribeNoPartOfTheCall() throws {
        let found = try operations(
            #"""
            "/a": {"post": {"callbacks": {"done": {"{$request.body#/url}": {"post": {"responses": {"200": {"description": "ok"}}}}}},
              "requestBody": {"content": {"application/json": {"schema": {"type": "object", "xml": {"name": "a"}, "properties": {"b": {"type": "string"}}}}}},
              "responses": {"201": {"description": "ok", "links": {"next": {"operationId": "x"}}}}}}
            """#)
        #expect(found.count == 1)
        #expect(found.first?.requestBody != nil)
    }

    @Test func headerAndPathListsAreOneCommaSeparatedValue() throws {
        let header = try parameter(
            #"{"name": "Betas", "in": "header", "style": "simple", "explode": false, "x-vendor": {"a": 1}, "schema": {"type": "array", "items": {"type": "string"}}}"#
        )
        #expect(header.type == .array(.string))
        #expect(header.queryStyle == nil)
    }

    @Test func aNameInsideASegmentIsAPathParameter() throws {
        let found = try operations(
            #"""
            "/Accounts/{Sid}.json": {"get": {"parameters": [{"name": "Sid", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}},
            "/files/{id}/thumbnail.{extension}": {"get": {"parameters": [
              {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
              {"name": "extension", "in": "path", "required": true, "schema": {"type": "string", "enum": ["png", "jpg"]}}], "responses": {}}}
            """#)
        #expect(found.map(\.parameters.count) == [1, 2])
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                #"{"openapi": "3.1.0", "paths": {"/Accounts/{Sid}.json": {"get": {"operationId": "fetchAccount", "parameters": [{"name": "Sid", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}}}}"#
            )
        ])
        let code = SwiftRenderer(options: SwiftRenderer.Options()).renderOperationsFile(model)
        #expect(code.contains(#""/Accounts/\(RonPath.segment(sid)).json""#))
        let thumbnail = SwiftRenderer(options: SwiftRenderer.Options()).renderOperationsFile(
            try CodeGenerator().model(documents: [
                (
                    "api.json",
                    #"{"openapi": "3.1.0", "paths": {"/files/{id}/thumbnail.{extension}": {"get": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}, {"name": "extension", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}}}}"#
                )
            ]))
        // A keyword as a parameter's name is escaped where the call uses it.
        #expect(thumbnail.contains(#"/thumbnail.\(RonPath.segment(`extension`))""#))
    }

    @Test func aBadPathTemplateLeavesItsOperationOutWithItsLocation() throws {
        for (path, message) in [("/a/{b", "not a path segment with {name}s"), ("/a/{}", "not a path segment")] {
            let model = try CodeGenerator().model(documents: [
                (
                    "api.json",
                    #"{"openapi": "3.1.0", "paths": {"\#(path)": {"get": {"parameters": [{"name": "b", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}}, "/ok": {"get": {"responses": {}}}}}"#
                )
            ])
            // The operation is left out, the others generate, and the warning says where and why.
            #expect(model.operations.map(\.path) == ["/ok"], "\(path)")
            let note = try #require(model.notes.first)
            #expect(note.message.contains(message) && note.message.contains("is not generated"), "\(path): \(note)")
            #expect(note.pointer.hasPrefix("/paths/"))
        }
    }

    @Test func aNameTwiceInThePathIsOneArgumentThatFillsBothPlaces() throws {
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                #"{"openapi": "3.1.0", "paths": {"/accounts/{account_id}/peers/accounts/{account_id}": {"get": {"operationId": "peer", "parameters": [{"name": "account_id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {}}}}}"#
            )
        ])
        let operation = try #require(model.operations.first)
        #expect(operation.parameters.map(\.name) == ["account_id"])
        #expect(
            model.notes.map(\.message) == [
                "the path has '{account_id}' twice: one argument 'account_id' fills both places"
            ])
        #expect(model.notes.first?.pointer == "/paths/~1accounts~1{account_id}~1peers~1accounts~1{account_id}/get")
        let text = SwiftRenderer().renderOperationsFile(model)
        #expect(
            text.contains(
                #"let requestPath = "/accounts/\(RonPath.segment(accountId))/peers/accounts/\(RonPath.segment(accountId))""#
            ))
    }

    @Test func aPathAndAQueryParameterOfOneNameAreTwoArguments() throws {
        let model = try CodeGenerator().model(documents: [
            (
                "api.json",
                #"{"openapi": "3.1.0", "paths": {"/lists/{list_id}": {"get": {"operationId": "getList", "parameters": [{"name": "list_id", "in": "path", "required": true, "schema": {"type": "string"}}, {"name": "list_id", "in": "query", "schema": {"type": "integer"}}], "responses": {}}}}}"#
            )
        ])
        #expect(model.operations.first?.parameters.map(\.swiftName) == ["listId", "listId2"])
        let code = SwiftRenderer(options: SwiftRenderer.Options()).renderOperationsFile(model)
        // The catalog, keyed by name, lists the name once (a literal with a key twice traps).
        #expect(code.contains(#"parameters: ["list_id": "path"]"#))
    }

    @Test func aQueryInThePathsKeyIsSentWithEveryCall() throws {
        let found = try operations(
            #""/responses": {"post": {"operationId": "create", "responses": {}}}, "/responses?beta=true": {"post": {"operationId": "createBeta", "responses": {}}}"#
        )
        #expect(found.map(\.path) == ["/responses", "/responses"])
        #expect(found.map(\.fixedQuery) == [nil, "beta=true"])
    }

    @Test func aBodyOnAnyMethodIsGenerated() throws {
        let found = try operations(
            #""/a": {"options": {"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {}}, "get": {"requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {}}}"#
        )
        #expect(found.allSatisfy { $0.requestBody != nil })
        // Sent, not dropped: encoded by the call itself (the client's `get` takes no body).
        let code = SwiftRenderer(options: SwiftRenderer.Options()).renderOperationsFile(
            try CodeGenerator().model(documents: [
                (
                    "api.json",
                    #"{"openapi": "3.1.0", "paths": {"/search": {"get": {"operationId": "search", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}, "responses": {}}}}}"#
                )
            ]))
        #expect(code.contains("encoded = try AppRequestBody.json(formValue)"))
        #expect(code.contains(#"method: HTTPMethod(rawValue: "GET")"#) && code.contains("body: encoded"))
    }

    @Test func anEventStreamAnsweringAPostIsTextOrBytes() throws {
        let found = try operations(
            #"""
            "/chat": {"post": {"operationId": "chat", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}, "text/event-stream": {}}}}}},
            "/speech": {"post": {"operationId": "speech", "responses": {"200": {"description": "ok", "content": {"text/event-stream": {"schema": {"type": "object"}}}}}}},
            "/events": {"get": {"operationId": "events", "responses": {"200": {"description": "ok", "content": {"text/event-stream": {}}}}}}
            """#)
        guard case .several(let alternatives) = found[0].result else {
            Issue.record("chat: \(found[0].result)")
            return
        }
        #expect(alternatives.map(\.payload) == [.json(.map(.json)), .text])
        #expect(found[0].accept == ["application/json", "text/event-stream"])
        #expect(found[1].result == .single(.bytes))
        #expect(found[2].result == .eventStream(.json))
    }
}
