import Foundation
import RonMock
import Testing

/// What schemathesis found the mock answering off a published description
/// (.ci/check-mock-conformance.sh), each over real HTTP on loopback: a refusal in the status the
/// operation documents (422 for a FastAPI description), a missing item where no 404 is documented,
/// a body judged by the letter of its schema, a parameter's `format`, an example its own schema
/// refuses, and a made-up text that is never empty.
@Suite struct MockConformanceTests {
    /// A FastAPI-like description (OpenAPI 3.1): refusals documented as 422 only, items without a
    /// documented 404, a body with `additionalProperties: false`, an enum, a pattern, an integer.
    static let jobs = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Jobs", "version": "1"},
          "paths": {
            "/jobs/": {
              "post": {"operationId": "createJob",
                "requestBody": {"required": true, "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/JobDraft"}}}},
                "responses": {
                  "201": {"description": "Made.", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Job"}}}},
                  "422": {"description": "Refused.", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/HTTPValidationError"}}}}}},
              "get": {"operationId": "listJobs",
                "responses": {"200": {"description": "The jobs.", "content": {"application/json": {
                  "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Job"}}}}}}}
            },
            "/jobs/{id}": {
              "parameters": [{"name": "id", "in": "path", "required": true,
                "schema": {"type": "string", "format": "uuid"}}],
              "get": {"operationId": "getJob",
                "responses": {
                  "200": {"description": "The job.", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Job"}}}},
                  "422": {"description": "Refused.", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/HTTPValidationError"}}}}}},
              "delete": {"operationId": "deleteJob",
                "responses": {"204": {"description": "Gone."}, "400": {"description": "Refused."}}}
            },
            "/me": {
              "get": {"operationId": "me",
                "responses": {"200": {"description": "Who.", "content": {"application/json": {
                  "schema": {"type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string"}, "color": {"type": "string"}},
                    "example": {"name": "Ann", "color": null}}}}}}}
            },
            "/channels": {
              "get": {"operationId": "listChannels",
                "responses": {"200": {"description": "The channels.",
                  "headers": {"Link": {"required": true, "schema": {"type": "string"}, "example": "</channels?page=2>; rel=\"next\""},
                    "X-Server-Id": {"required": true, "schema": {"type": "string", "format": "uuid"}},
                    "X-Optional": {"schema": {"type": "string"}}},
                  "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}},
              "post": {"operationId": "publish",
                "requestBody": {"required": true, "content": {
                  "application/json": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}}},
                  "application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}}}}},
                "responses": {"204": {"description": "Published."}}}
            },
            "/login": {
              "get": {"operationId": "login",
                "parameters": [{"name": "name", "in": "query", "required": true, "schema": {"type": "string"}}],
                "responses": {"302": {"description": "To the provider."},
                  "default": {"description": "Error.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["error", "errorCode"],
                    "properties": {"error": {"type": "string"}, "errorCode": {"type": "integer"}}}}}}}}
            },
            "/silence": {
              "get": {"operationId": "getSilence",
                "responses": {"200": {"description": "A silence.", "content": {"application/json": {"schema": {
                  "allOf": [
                    {"type": "object", "required": ["id", "labels"], "properties": {"id": {"type": "string"}}},
                    {"type": "object", "required": ["comment"], "properties": {"comment": {"type": "string"},
                      "labels": {"type": "object", "additionalProperties": {"type": "string"}}}}]}}}}}}
            },
            "/authorize": {
              "get": {"operationId": "authorize",
                "responses": {"302": {"description": "To the client.", "headers": {"Location": {"required": true,
                  "schema": {"type": "string"}, "example": "https://app.example.com/callback?code=c-1"}}},
                  "400": {"description": "Refused."}}}
            },
            "/uploads/{n}": {
              "put": {"operationId": "upload",
                "parameters": [{"name": "n", "in": "path", "required": true, "schema": {"type": "integer"}},
                  {"name": "kinds", "in": "query", "style": "form", "explode": false,
                    "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}},
                  {"name": "X-UI", "in": "header", "schema": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}},
                  {"name": "page", "in": "query", "schema": {"oneOf": [{"type": "integer"}, {"type": "null"}]}},
                  {"name": "X-Quiet", "in": "header", "schema": {"$ref": "#/components/schemas/OptionalFlag"}}],
                "requestBody": {"required": true, "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}},
                "responses": {"204": {"description": "Stored."}, "400": {"description": "Refused."}}}
            },
            "/notes": {
              "post": {"operationId": "createNote",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Note"}}}}}}
            },
            "/notes/{id}": {
              "get": {"operationId": "getNote",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
                "responses": {"200": {"description": "The note.", "content": {"application/json": {
                  "schema": {"$ref": "#/components/schemas/Note"}}}}, "404": {"description": "None."}}}
            },
            "/search": {
              "get": {"operationId": "search",
                "parameters": [{"name": "fields", "in": "query", "required": true, "style": "form", "explode": false,
                  "schema": {"type": "array", "items": {"type": "string"}}}],
                "responses": {"200": {"description": "Found.", "content": {"application/json": {
                  "schema": {"type": "array", "items": {"type": "string"}}}}}}}
            },
            "/config": {
              "get": {"operationId": "config",
                "responses": {"200": {"description": "The configuration.", "content": {"application/x-yaml": {
                  "schema": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}}}}
            },
            "/spec.yaml": {
              "get": {"operationId": "spec",
                "responses": {"200": {"description": "The spec.", "content": {"text/x-yaml": {
                  "schema": {"type": "string", "format": "binary"}}}}}}
            }
          },
          "components": {"schemas": {
            "OptionalFlag": {"anyOf": [{"type": "boolean"}, {"type": "null"}]},
            "JobDraft": {"type": "object", "additionalProperties": false, "required": ["name"], "properties": {
              "name": {"type": "string", "minLength": 1},
              "kind": {"type": "string", "enum": ["batch", "stream"]},
              "slots": {"type": "integer"},
              "owner": {"type": "object", "properties": {"email": {"type": "string", "pattern": "^[^@]+@[^@]+$"}}}}},
            "Job": {"type": "object", "required": ["id", "name"], "properties": {
              "id": {"type": "string", "format": "uuid"}, "name": {"type": "string"},
              "kind": {"type": "string"}, "slots": {"type": "integer"}}},
            "Note": {"type": "object", "required": ["text"], "properties": {
              "id": {"type": "string"}, "text": {"type": "string"}}},
            "HTTPValidationError": {"type": "object", "properties": {
              "detail": {"type": "array", "items": {"type": "object"}}}}
          }}
        }
        """#

    /// The mock of ``jobs`` for one test.
    static func served() throws -> MockOverDocuments { try MockOverDocuments(["jobs.openapi.json": jobs]) }

    @Test func aRefusalTakesTheStatusTheOperationDocuments() throws {
        let mock = try Self.served()
        // createJob documents 422 and no 400: its refusal is 422, in the documented shape.
        let refused = try mock.request("POST", "/app/jobs/", body: #"{"kind": "batch"}"#)
        #expect(refused.status == 422)
        #expect(refused.headers["x-ron-mock-problem"]?.contains("'name'") == true)
        // deleteJob documents 400: 400 it stays.
        let bad = try mock.request("DELETE", "/app/jobs/not-a-uuid")
        #expect(bad.status == 400)
    }

    @Test func aBodyIsJudgedByTheLetterOfItsSchema() throws {
        let mock = try Self.served()
        let refusals = [
            #"{"name": "a", "extra": 1}"#,  // additionalProperties: false
            #"{"name": "a", "kind": null}"#,  // null for a typed member
            #"{"name": "a", "kind": "daily"}"#,  // a value outside the enum
            #"{"name": ""}"#,  // an empty required value under minLength 1
            #"{"name": "a", "owner": {"email": "nobody"}}"#,  // a nested pattern
        ]
        for body in refusals {
            let answer = try mock.request("POST", "/app/jobs/", body: body)
            #expect(answer.status == 422, "\(body) was answered \(answer.status)")
        }
        // What the schema allows is taken: 2.0 is an integer in JSON Schema.
        let taken = try mock.request("POST", "/app/jobs/", body: #"{"name": "a", "slots": 2.0}"#)
        #expect(taken.status == 201)
    }

    @Test func aParameterFormatIsChecked() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/jobs/null,null")
        #expect(answer.status == 422)
        #expect(answer.headers["x-ron-mock-problem"]?.contains("path parameter 'id'") == true)
    }

    @Test func aMissingItemIs404AlsoWhereTheOperationDocumentsNone() throws {
        let mock = try Self.served()
        let created = try mock.request("POST", "/app/jobs/", body: #"{"name": "nightly"}"#)
        #expect(created.status == 201)
        // getJob documents 200 and 422 only: an id no item has is still 404, as the real server
        // answers, never a made-up job; the source says the state answered.
        let missing = try mock.request("GET", "/app/jobs/9b2f3c1e-0000-4000-8000-00000000abcd")
        #expect(missing.status == 404)
        #expect(missing.headers["x-ron-mock-source"]?.hasPrefix("state") == true, "\(missing.headers)")
        let gone = try mock.request("DELETE", "/app/jobs/9b2f3c1e-0000-4000-8000-00000000abcd")
        #expect(gone.status == 404)
    }

    @Test func anExampleItsSchemaRefusesIsNotServed() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/me")
        #expect(answer.status == 200)
        #expect(answer.headers["x-ron-mock-source"]?.hasPrefix("made up from") == true)
        #expect(answer.json?["color"] == nil || answer.json?["color"] is String)
    }

    @Test func aMadeUpTextIsNeverEmpty() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/spec.yaml")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/x-yaml")
        #expect(!answer.body.isEmpty)
    }

    @Test func anAnswerCarriesTheHeadersItsDescriptionRequires() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/channels")
        #expect(answer.status == 200)
        #expect(answer.headers["link"] == #"</channels?page=2>; rel="next""#)
        #expect(answer.headers["x-server-id"]?.count == 36)
        #expect(answer.headers["x-optional"] == nil)
    }

    @Test func aBodyOfAnotherDocumentedMediaTypeIsTaken() throws {
        let mock = try Self.served()
        let form = try MockHTTPClient(port: mock.port).request(
            "POST", "/app/channels", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=news")
        #expect(form.status == 204)
        let text = try MockHTTPClient(port: mock.port).request(
            "POST", "/app/channels", headers: ["Content-Type": "text/plain"], body: "news")
        #expect(text.status == 415)
    }

    @Test func aRefusalOfAnOperationDocumentingARedirectAndDefaultTakesDefaultsShape() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/login")
        #expect(answer.status == 400)
        #expect(answer.json?["error"] is String)
        #expect(answer.json?["errorCode"] is Int)
    }

    @Test func aMemberAnAllOfPartRequiresIsMadeUpFromThePartThatDescribesIt() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/silence")
        #expect(answer.status == 200)
        #expect(answer.json?["labels"] is [String: Any])
    }

    @Test func aMadeUpYAMLAnswerIsAValueNotBytes() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/config")
        #expect(answer.status == 200)
        #expect(answer.json?["name"] as? String == "string")
    }

    @Test func anOperationThatOnlyRedirectsAnswersItsRedirect() throws {
        let mock = try Self.served()
        let answer = try mock.request("GET", "/app/authorize")
        #expect(answer.status == 302)
        #expect(answer.headers["location"] == "https://app.example.com/callback?code=c-1")
    }

    @Test func whatJSONSchemaAllowsInParametersAndAnEmptyFileAreTaken() throws {
        let mock = try Self.served()
        let jpeg = ["Content-Type": "image/jpeg"]
        // 7.0 is an integer, `kinds=` an empty array, a zero-byte image a body.
        let taken = try MockHTTPClient(port: mock.port)
            .request("PUT", "/app/uploads/7.0?kinds=", headers: jpeg, body: "")
        #expect(taken.status == 204)
        let refused = try MockHTTPClient(port: mock.port)
            .request("PUT", "/app/uploads/7.5?kinds=c", headers: jpeg, body: "")
        #expect(refused.status == 400)
        #expect(refused.headers["x-ron-mock-problem"]?.contains("path parameter 'n'") == true)
        #expect(refused.headers["x-ron-mock-problem"]?.contains("query parameter 'kinds'") == true)
        let missing = try MockHTTPClient(port: mock.port).request("PUT", "/app/uploads/7")
        #expect(missing.status == 400)
        // An empty form is no body: its required members are missing.
        let form = try MockHTTPClient(port: mock.port)
            .request("POST", "/app/channels", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "")
        #expect(form.status == 400)
    }

    @Test func aParameterOfAnyOfOrOneOfIsReadAsItsAlternativesTypes() throws {
        let mock = try Self.served()
        func status(_ ui: String, page: String = "2", quiet: String = "false") throws -> (Int, String?) {
            let headers = ["Content-Type": "image/jpeg", "X-UI": ui, "X-Quiet": quiet]
            let answer = try MockHTTPClient(port: mock.port)
                .request("PUT", "/app/uploads/7?page=\(page)", headers: headers, body: "")
            return (answer.status, answer.headers["x-ron-mock-problem"])
        }
        // A header's text `true` is the boolean `anyOf: [boolean, null]` takes; `null` its null.
        #expect(try status("true").0 == 204)
        #expect(try status("false").0 == 204)
        #expect(try status("null").0 == 204)
        let refused = try status("maybe")
        #expect(refused.0 == 400)
        #expect(refused.1?.contains("header parameter 'X-UI'") == true)
        // `oneOf: [integer, null]` in the query: a number's text is the integer.
        let page = try status("true", page: "two")
        #expect(page.0 == 400)
        #expect(page.1?.contains("query parameter 'page'") == true)
        // The same through a `$ref` to a component's schema.
        #expect(try status("true", quiet: "true").0 == 204)
        let quiet = try status("true", quiet: "loud")
        #expect(quiet.0 == 400)
        #expect(quiet.1?.contains("header parameter 'X-Quiet'") == true)
    }

    @Test func aCreatedItemsIdFitsTheItemRoutesParameter() throws {
        let mock = try Self.served()
        let created = try mock.request("POST", "/app/notes", body: #"{"text": "hello"}"#)
        #expect(created.status == 201)
        let id = created.json?["id"] as? String ?? ""
        #expect(UUID(uuidString: id) != nil, "\(id) is no UUID")
        #expect(try mock.request("GET", "/app/notes/\(id)").json?["text"] as? String == "hello")
    }

    @Test func aRequiredArrayParameterSentEmptyIsPresent() throws {
        let mock = try Self.served()
        let answer = try MockHTTPClient(port: mock.port).request("GET", "/app/search?fields=")
        #expect(answer.status == 200)
    }
}
