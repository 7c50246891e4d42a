import Foundation
import RonMock
import RonTestSupport
import Testing

/// One schema folder with two vendors' descriptions side by side, served by one mock over real
/// HTTP on loopback: each operation below its own document's server path, a collection per
/// description, each description's own security schemes; two descriptions that claim the same
/// route are refused by name.
@Suite struct MockSeveralDescriptionsTests {
    /// A kennel's API as Swagger 2.0 (`basePath: /kennel/v2`, an API key in `X-Kennel-Key`).
    static let kennel = #"""
        {
          "swagger": "2.0",
          "info": {"title": "Kennel", "version": "2"},
          "basePath": "/kennel/v2",
          "consumes": ["application/json"],
          "produces": ["application/json"],
          "securityDefinitions": {"kennelKey": {"type": "apiKey", "in": "header", "name": "X-Kennel-Key"}},
          "security": [{"kennelKey": []}],
          "paths": {
            "/status": {"get": {"operationId": "kennelStatus", "security": [],
              "responses": {"200": {"description": "Up.", "schema": {"type": "object", "required": ["service"],
                "properties": {"service": {"type": "string"}}}, "examples": {"application/json": {"service": "kennel"}}}}}},
            "/pets": {
              "get": {"operationId": "listPets", "responses": {"200": {"description": "The pets.",
                "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}},
                "examples": {"application/json": [{"id": 1, "name": "Rex", "kind": "dog"}]}}}},
              "post": {"operationId": "addPet",
                "parameters": [{"name": "pet", "in": "body", "required": true, "schema": {"$ref": "#/definitions/Pet"}}],
                "responses": {"201": {"description": "Added.", "schema": {"$ref": "#/definitions/Pet"}}}}
            },
            "/pets/{petId}": {
              "parameters": [{"name": "petId", "in": "path", "required": true, "type": "integer", "format": "int64"}],
              "get": {"operationId": "getPet", "responses": {"200": {"description": "The pet.",
                "schema": {"$ref": "#/definitions/Pet"}}, "404": {"description": "No such pet."}}},
              "delete": {"operationId": "deletePet", "responses": {"204": {"description": "Gone."}}}
            }
          },
          "definitions": {
            "Pet": {"type": "object", "required": ["name"], "properties": {
              "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"}, "kind": {"type": "string"}}}
          }
        }
        """#

    /// A notes API as OpenAPI 3.0 (`servers` with a path, a bearer token).
    static let notes = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Notes", "version": "1"},
          "servers": [{"url": "https://notes.example.com/api/v1"}],
          "security": [{"notesToken": []}],
          "paths": {
            "/status": {"get": {"operationId": "notesStatus", "security": [],
              "responses": {"200": {"description": "Up.", "content": {"application/json": {
                "schema": {"type": "object", "required": ["service"], "properties": {"service": {"type": "string"}}},
                "example": {"service": "notes"}}}}}}},
            "/notes": {
              "get": {"operationId": "listNotes", "responses": {"200": {"description": "The notes.", "content": {
                "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}},
                  "example": [{"id": "n-1", "text": "Buy milk"}]}}}}},
              "post": {"operationId": "createNote", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
                "responses": {"201": {"description": "Made.", "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}}
            },
            "/notes/{noteId}": {
              "parameters": [{"name": "noteId", "in": "path", "required": true, "schema": {"type": "string"},
                "example": "n-1"}],
              "get": {"operationId": "getNote", "responses": {"200": {"description": "The note.", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}},
              "patch": {"operationId": "updateNote", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
                "responses": {"200": {"description": "Updated.", "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}}
            }
          },
          "components": {
            "securitySchemes": {"notesToken": {"type": "http", "scheme": "bearer"}},
            "schemas": {"Note": {"type": "object", "required": ["text"], "properties": {
              "id": {"type": "string"}, "text": {"type": "string"}}}}
          }
        }
        """#

    static let key = ["X-Kennel-Key": "k-1"]
    static let token = ["Authorization": "Bearer t-1"]

    static func served() throws -> MockOverDocuments {
        try MockOverDocuments(
            ["kennel.swagger.json": kennel, "notes.openapi.json": notes],
            credentials: MockCredentials(values: ["kennelKey": "k-1", "notesToken": "t-1"]))
    }

    @Test func eachOperationIsServedBelowItsOwnDocumentsServerPath() throws {
        let mock = try Self.served()
        // The same path in both documents is two routes: basePath and the servers' path set them apart.
        #expect(try mock.request("GET", "/kennel/v2/status").json?["service"] as? String == "kennel")
        #expect(try mock.request("GET", "/api/v1/status").json?["service"] as? String == "notes")
        #expect(try mock.request("GET", "/status").status == 404)
        #expect(try mock.request("GET", "/kennel/v2/notes", headers: Self.token).status == 404)
        // The seeds: each description's own list example.
        let pets = try mock.request("GET", "/kennel/v2/pets", headers: Self.key)
        #expect(pets.status == 200)
        #expect(Self.names(pets, "name") == ["Rex"])
        #expect(Self.names(try mock.request("GET", "/api/v1/notes", headers: Self.token), "text") == ["Buy milk"])
    }

    @Test func eachDescriptionKeepsItsOwnCollection() throws {
        let mock = try Self.served()
        let pet = try mock.request(
            "POST", "/kennel/v2/pets", headers: Self.key, body: #"{"name": "Bella", "kind": "cat"}"#)
        #expect(pet.status == 201)
        #expect(pet.json?["id"] as? Int == 2)
        let note = try mock.request("POST", "/api/v1/notes", headers: Self.token, body: #"{"text": "Walk Bella"}"#)
        #expect(note.status == 201)
        #expect(note.json?["id"] as? String == "n-2")
        #expect(note.headers["location"] == "/api/v1/notes/n-2")
        #expect(Self.names(try mock.request("GET", "/kennel/v2/pets", headers: Self.key), "name") == ["Rex", "Bella"])
        #expect(
            Self.names(try mock.request("GET", "/api/v1/notes", headers: Self.token), "text") == [
                "Buy milk", "Walk Bella",
            ])
        let patched = try mock.request(
            "PATCH", "/api/v1/notes/n-2", headers: Self.token, body: #"{"text": "Walk Rex"}"#)
        #expect(patched.json?["text"] as? String == "Walk Rex")
        #expect(try mock.request("DELETE", "/kennel/v2/pets/2", headers: Self.key).status == 204)
        #expect(try mock.request("GET", "/kennel/v2/pets/2", headers: Self.key).status == 404)
        #expect(
            try mock.request("GET", "/api/v1/notes/n-2", headers: Self.token).json?["text"] as? String == "Walk Rex")
        // The state holds both collections, by their served paths; one reset forgets both.
        let state = try mock.request("GET", "/_mock/state").json?["collections"] as? [String: Any]
        #expect(Set(state?.keys.map { $0 } ?? []) == ["/kennel/v2/pets", "/api/v1/notes"])
        #expect(try mock.request("POST", "/_mock/reset").status == 204)
        #expect(Self.names(try mock.request("GET", "/kennel/v2/pets", headers: Self.key), "name") == ["Rex"])
        #expect(Self.names(try mock.request("GET", "/api/v1/notes", headers: Self.token), "text") == ["Buy milk"])
    }

    @Test func eachDescriptionAsksForItsOwnCredentials() throws {
        let mock = try Self.served()
        // The kennel's API key opens the kennel only, the notes' token the notes only.
        let noKey = try mock.request("GET", "/kennel/v2/pets", headers: Self.token)
        #expect(noKey.status == 401)
        #expect(noKey.headers["www-authenticate"] == #"ApiKey realm="Kennel", name="X-Kennel-Key", in="header""#)
        let noToken = try mock.request("GET", "/api/v1/notes", headers: Self.key)
        #expect(noToken.status == 401)
        #expect(noToken.headers["www-authenticate"] == #"Bearer realm="Notes""#)
        // A configured value must match.
        #expect(try mock.request("GET", "/kennel/v2/pets", headers: ["X-Kennel-Key": "k-2"]).status == 401)
        #expect(try mock.request("GET", "/api/v1/notes", headers: ["Authorization": "Bearer t-2"]).status == 401)
        // A refused create changes nothing.
        #expect(try mock.request("POST", "/api/v1/notes", body: #"{"text": "no"}"#).status == 401)
        #expect(Self.names(try mock.request("GET", "/api/v1/notes", headers: Self.token), "text") == ["Buy milk"])
    }

    // MARK: Two descriptions that claim one route

    static func things(_ title: String, _ operationId: String, server: String = "/v1", path: String = "/things")
        -> String
    {
        let names = path.split(separator: "/").filter { $0.hasPrefix("{") }.map { $0.dropFirst().dropLast() }
        let parameters = names.map {
            #"{"name": "\#($0)", "in": "path", "required": true, "schema": {"type": "string"}}"#
        }
        return #"""
            {"openapi": "3.0.3", "info": {"title": "\#(title)", "version": "1"}, "servers": [{"url": "\#(server)"}],
             "paths": {"\#(path)": {"get": {"operationId": "\#(operationId)",
               "parameters": [\#(parameters.joined(separator: ", "))], "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": "object"}, "example": {"from": "\#(title)"}}}}}}}}}
            """#
    }

    @Test func twoDescriptionsWithOneRouteAreRefusedNamingBoth() throws {
        // Another host, the same server path: the mock serves every document on one host.
        let message = try Self.refusal([
            "a.openapi.json": Self.things("A", "listThingsA"),
            "b.openapi.json": Self.things("B", "listThingsB", server: "https://b.example.com/v1"),
        ])
        #expect(message.contains("GET /v1/things is an operation of two documents"), "\(message)")
        #expect(message.contains("a.openapi.json#/paths/~1things/get (listThingsA)"), "\(message)")
        #expect(message.contains("b.openapi.json#/paths/~1things/get (listThingsB)"), "\(message)")
        #expect(message.contains("Give the documents different server paths"), "\(message)")
        // A parameter matches whatever its name: /v1/things/{thingId} takes what /v1/things/{id} would.
        let renamed = try Self.refusal([
            "a.openapi.json": Self.things("A", "getThingA", path: "/things/{id}"),
            "b.openapi.json": Self.things("B", "getThingB", path: "/things/{thingId}"),
        ])
        #expect(renamed.contains("GET /v1/things/{id} is an operation of two documents"), "\(renamed)")
        #expect(renamed.contains("b.openapi.json#/paths/~1things~1{thingId}/get (getThingB)"), "\(renamed)")
    }

    /// Why `documents` cannot be served ("" when they can).
    static func refusal(_ documents: [String: String]) throws -> String {
        let folder = try MockOverDocuments.folder(documents)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: MockAPI.LoadError.self) {
            try MockAPI(schemaDirectory: folder, fixturesDirectory: nil)
        }
        return error?.description ?? ""
    }

    @Test func aDocumentThatClashesWhenAddedKeepsTheLastReading() throws {
        let folder = try MockOverDocuments.folder(["a.openapi.json": Self.things("A", "listThingsA")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = Locked<[String]>([])
        let source = try MockSource(schemaDirectory: folder, fixturesDirectory: nil) { result in
            lines.update { $0.append(MockSource.reloadLine(result)) }
        }
        try Data(Self.things("B", "listThingsB").utf8).write(to: folder.appending(path: "b.openapi.json"))
        #expect(source.current.routeDescriptions == ["GET /v1/things  listThingsA"])
        #expect(lines.value.count == 1)
        #expect(lines.value.first?.hasPrefix("not reloaded (still serving the last reading): ") == true)
        #expect(lines.value.first?.contains("GET /v1/things is an operation of two documents") == true)
    }

    @Test func aLiteralSegmentAndAParameterOfTwoDescriptionsAreNoClash() throws {
        let mock = try MockOverDocuments([
            "a.openapi.json": Self.things("A", "listThingsA"),
            "b.openapi.json": Self.things("B", "getKind", path: "/{kind}"),
        ])
        #expect(try mock.request("GET", "/v1/things").json?["from"] as? String == "A")
        #expect(try mock.request("GET", "/v1/gadgets").json?["from"] as? String == "B")
    }

    @Test func theToolRefusesTheFolderWithTheMessage() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let folder = try MockOverDocuments.folder([
            "a.openapi.json": Self.things("A", "listThingsA"), "b.openapi.json": Self.things("B", "listThingsB"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await ChildProcess.run(binary, ["mock", "--schema", folder.path, "--port", "0"])
        #expect(run.status == 2)
        #expect(run.error.contains("GET /v1/things is an operation of two documents"), "\(run.error)")
        #expect(run.error.contains("b.openapi.json#/paths/~1things/get (listThingsB)"), "\(run.error)")
    }

    private static func names(_ answer: MockHTTPClient.Answer, _ member: String) -> [String] {
        let items = (try? JSONSerialization.jsonObject(with: answer.body)) as? [[String: Any]] ?? []
        return items.compactMap { $0[member] as? String }
    }
}
