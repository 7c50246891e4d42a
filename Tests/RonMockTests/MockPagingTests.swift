import Foundation
import RonMock
import Testing

/// A list's paging parameters take any number a client sends: a page past the end is an empty
/// page, never a crash (schemathesis sent `page=9223372036854775807`, whose offset overflowed).
@Suite("The mock's paging of a list")
struct MockPagingTests {
    private static let notes = """
        {"openapi": "3.1.0", "info": {"title": "Notes", "version": "1"},
         "paths": {
           "/notes": {
             "get": {"operationId": "listNotes", "parameters": [
                 {"name": "page", "in": "query", "schema": {"type": "integer"}},
                 {"name": "per_page", "in": "query", "schema": {"type": "integer"}}],
               "responses": {"200": {"description": "A page.", "content": {"application/json": {"schema": {
                 "type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}}}},
             "post": {"operationId": "makeNote",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
               "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}}}}
           },
           "/notes/{id}": {"get": {"operationId": "getNote",
             "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
             "responses": {"200": {"description": "One.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
                           "404": {"description": "None."}}}}
         },
         "components": {"schemas": {"Note": {"type": "object", "required": ["text"],
           "properties": {"id": {"type": "integer"}, "text": {"type": "string"}}}}}}
        """

    @Test func anyPageNumberIsAnsweredAndNoneCrashes() throws {
        let mock = try MockOverDocuments(["notes.openapi.json": Self.notes])
        func get(_ target: String) throws -> MockHTTPClient.Answer { try mock.request("GET", target) }
        for text in ["one", "two", "three"] {
            let made = try mock.request("POST", "/app/notes", body: #"{"text": "\#(text)"}"#)
            #expect(made.status == 201)
        }
        let second = try get("/app/notes?page=2&per_page=2")
        let page = try JSONSerialization.jsonObject(with: second.body) as? [[String: Any]]
        // A made-up seed, then the three.
        #expect(page?.compactMap { $0["text"] as? String } == ["two", "three"], "\(second.text)")
        let max = Int.max
        for target in [
            "/app/notes?page=\(max)&per_page=\(max)", "/app/notes?page=\(max)&per_page=2",
            "/app/notes?page=\(Int.min)&per_page=\(max)", "/app/notes?page=2&per_page=\(Int.min)",
        ] {
            let answer = try get(target)
            #expect(answer.status == 200, "\(target)")
        }
        #expect(try get("/app/notes?page=\(max)&per_page=2").text == "[]")
        // The mock still answers after them.
        #expect(try get("/app/notes?page=1&per_page=1").status == 200)
    }
}
