import Foundation
import Testing

@testable import RonMock

/// The fixtures of an answer are found by the type the generated call decodes, named as the generator
/// names it: a `$ref` to another document's root is that document's title, not a pointer's last word.
@Suite struct MockTypeNamingTests {
    @Test func aReferenceToADocumentsRootFindsTheFixturesOfItsTitle() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "mock-naming-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        let fixtures = root.appending(path: "Fixtures/Widget")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data(
            #"{"title": "Widget", "type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}"#
                .utf8
        ).write(to: schema.appending(path: "widget.schema.json"))
        try Data(
            #"""
            {"openapi": "3.1.0", "info": {"title": "W", "version": "1"}, "paths": {
              "/widgets": {"get": {"operationId": "listWidgets", "responses": {"200": {"description": "all",
                "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "widget.schema.json"}}}}}}}},
              "/widgets/{id}": {"get": {"operationId": "getWidget",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"200": {"description": "one",
                  "content": {"application/json": {"schema": {"$ref": "widget.schema.json"}}}}}}}
            }}
            """#.utf8
        ).write(to: schema.appending(path: "w.openapi.json"))
        try Data(#"{"id": "a"}"#.utf8).write(to: fixtures.appending(path: "a.json"))
        try Data(#"{"id": "b"}"#.utf8).write(to: fixtures.appending(path: "b.json"))
        let api = try MockAPI(schemaDirectory: schema, fixturesDirectory: root.appending(path: "Fixtures"))
        let one = api.respond(to: MockRequest(method: "GET", target: "/app/widgets/a"))
        #expect(one.status == 200)
        #expect(String(decoding: one.body, as: UTF8.self) == #"{"id": "a"}"#)
        let all = api.respond(to: MockRequest(method: "GET", target: "/app/widgets"))
        #expect(all.status == 200)
        #expect(String(decoding: all.body, as: UTF8.self) == #"[{"id":"a"},{"id":"b"}]"#)
    }
}
