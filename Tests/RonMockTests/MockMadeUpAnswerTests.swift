import Foundation
import RonCodegenCore
import Testing

@testable import RonMock

/// An operation with no fixture and no example still answers: a value made up from its schema, the
/// same every time, which the generated decoders accept (the drift check's validator says so) and
/// which keeps the schema's formats, enums, patterns, ranges and lengths.
@Suite struct MockMadeUpAnswerTests {
    static let document = ##"""
        {"openapi": "3.1.0", "info": {"title": "Vendor", "version": "1"}, "servers": [{"url": "https://vendor.example.com"}],
         "paths": {
           "/orders/{id}": {"get": {"operationId": "getOrder", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
             "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}}}}},
           "/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "array", "minItems": 2, "items": {"$ref": "#/components/schemas/Pet"}}}}}}}},
           "/tree": {"get": {"operationId": "tree", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}},
           "/photo": {"get": {"operationId": "photo", "responses": {"200": {"description": "", "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}}}},
           "/motd": {"get": {"operationId": "motd", "responses": {"200": {"description": "", "content": {"text/plain": {"schema": {"type": "string", "minLength": 3}}}}}}},
           "/ticks": {"get": {"operationId": "ticks", "responses": {"200": {"description": "", "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/Tick"}}}}}}}
         },
         "components": {"schemas": {
           "Order": {"type": "object", "required": ["id", "code", "placed", "owner", "quantity", "status", "email", "pet", "note"],
             "properties": {
               "id": {"type": "string", "format": "uuid"},
               "code": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"},
               "placed": {"type": "string", "format": "date-time"},
               "owner": {"allOf": [{"$ref": "#/components/schemas/Named"}, {"type": "object", "required": ["age"], "properties": {"age": {"type": "integer", "minimum": 18}}}]},
               "quantity": {"type": "integer", "minimum": 5, "multipleOf": 5},
               "status": {"type": "string", "enum": ["placed", "shipped"]},
               "email": {"type": "string", "format": "email"},
               "pet": {"$ref": "#/components/schemas/Pet"},
               "note": {"type": ["string", "null"], "minLength": 12},
               "optional": {"type": "string"}
             }},
           "Named": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "maxLength": 3}}},
           "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
                   "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}},
           "Cat": {"type": "object", "required": ["kind", "lives"], "properties": {"kind": {"type": "string"}, "lives": {"type": "integer", "maximum": 9}}},
           "Dog": {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {"type": "string"}, "bark": {"type": "boolean"}}},
           "Node": {"type": "object", "required": ["value", "children"], "properties": {"value": {"type": "number"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}},
           "Tick": {"type": "object", "required": ["seq"], "properties": {"seq": {"type": "integer"}}}
         }}}
        """##

    private func api() throws -> (MockAPI, SchemaModel, URL) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-madeup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.document.utf8).write(to: folder.appending(path: "vendor.openapi.json"))
        return (
            try MockAPI(schemaDirectory: folder, fixturesDirectory: nil),
            try CodeGenerator().model(schemaDirectory: folder), folder
        )
    }

    private func get(_ api: MockAPI, _ target: String) -> MockResponse {
        api.respond(to: MockRequest(method: "GET", target: target))
    }

    @Test func everyJSONAnswerIsMadeUpAndTheDecodersAcceptIt() throws {
        let (api, model, folder) = try api()
        defer { try? FileManager.default.removeItem(at: folder) }
        let validator = FixtureValidator(model: model, strict: true)
        for (target, operationId) in [("/orders/o-1", "getOrder"), ("/pets", "listPets"), ("/tree", "tree")] {
            let answer = get(api, target)
            #expect(answer.status == 200, "\(target)")
            #expect(answer.header("X-Ron-Mock-Source")?.hasPrefix("made up from vendor.openapi.json#/") == true)
            let value = try SchemaDocumentReader.parse(answer.body, path: "answer.json")
            let operation = try #require(model.operations.first { $0.operationId == operationId })
            guard case .single(.json(let type)) = operation.result else {
                Issue.record("\(operationId): not a JSON answer")
                continue
            }
            #expect(
                validator.problems(of: value, asType: type).isEmpty,
                "\(target): \(validator.problems(of: value, asType: type))")
            // The same value every time.
            #expect(get(api, target).body == answer.body)
        }
    }

    @Test func theMadeUpValueKeepsTheSchemasWords() throws {
        let (api, _, folder) = try api()
        defer { try? FileManager.default.removeItem(at: folder) }
        let order = try #require(try JSONSerialization.jsonObject(with: get(api, "/orders/o-1").body) as? [String: Any])
        #expect(Set(order.keys) == ["id", "code", "placed", "owner", "quantity", "status", "email", "pet", "note"])
        #expect(UUID(uuidString: order["id"] as? String ?? "") != nil)
        #expect((order["code"] as? String)?.wholeMatch(of: /[A-Z]{3}-\d{4}/) != nil, "\(order["code"] ?? "")")
        #expect(ISO8601DateFormatter().date(from: order["placed"] as? String ?? "") != nil)
        #expect(order["quantity"] as? Int == 5)
        #expect(order["status"] as? String == "placed")
        #expect((order["note"] as? String)?.count == 12)
        let owner = try #require(order["owner"] as? [String: Any])
        #expect(owner["age"] as? Int == 18)
        #expect((owner["name"] as? String).map { $0.count <= 3 } == true)
        let pet = try #require(order["pet"] as? [String: Any])
        #expect(pet["kind"] as? String == "cat")
        let pets = try #require(try JSONSerialization.jsonObject(with: get(api, "/pets").body) as? [[String: Any]])
        #expect(pets.count == 2)
    }

    @Test func bytesTextAndEventStreamsAreMadeUpToo() throws {
        let (api, _, folder) = try api()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = get(api, "/photo")
        #expect(photo.status == 200)
        #expect(photo.header("Content-Type") == "image/png")
        #expect(photo.body == Data((0..<64).map { UInt8($0) }))
        let motd = get(api, "/motd")
        #expect(String(decoding: motd.body, as: UTF8.self).count >= 3)
        let ticks = get(api, "/ticks")
        #expect(ticks.header("Content-Type") == "text/event-stream")
        #expect(String(decoding: ticks.body, as: UTF8.self) == "data: {\"seq\":0}\n\n")
    }

    @Test func boundsNoValueCanMeetAreCappedNeverATrap() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-madeup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = ##"""
            {"openapi": "3.1.0", "servers": [{"url": "https://v.example.com"}], "paths": {"/x": {"get": {"operationId": "x", "responses": {"200": {"description": "", "content": {"application/json": {"schema":
              {"type": "object", "required": ["big", "huge", "long", "many", "far"], "properties": {
                "big": {"type": "integer", "minimum": 1e30}, "huge": {"type": "number", "minimum": 1e300},
                "long": {"type": "string", "minLength": 1e12}, "many": {"type": "array", "minItems": 1e12, "items": {"type": "boolean"}},
                "far": {"type": "string", "pattern": "^a{1000000000}$"}}}}}}}}}}}
            """##
        try Data(document.utf8).write(to: folder.appending(path: "v.openapi.json"))
        let api = try MockAPI(schemaDirectory: folder, fixturesDirectory: nil)
        let answer = api.respond(to: MockRequest(method: "GET", target: "/x"))
        #expect(answer.status == 200)
        let value = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect((value["long"] as? String)?.count == DescriptionValueMaker.countLimit)
        #expect((value["many"] as? [Bool])?.count == DescriptionValueMaker.countLimit)
        #expect((value["big"] as? Double).map { $0 >= 1e30 } == true)
    }

    @Test func patternSamplesFitTheirPatterns() {
        for pattern in [
            "^[a-z0-9-]{3,63}$", #"^\d{3}-\d{2}$"#, "^(foo|bar)+$", #"^v[0-9]+\.[0-9]+$"#, "^[A-Z][a-z]*$",
            #"^sk_(live|test)_[A-Za-z0-9]{24}$"#, "^#?[0-9a-fA-F]{6}$", #"^(?:[a-z]+\.)*[a-z]+$"#,
        ] {
            let text = PatternSample.text(for: pattern)
            #expect(text.map { PatternSample.matches(pattern, $0) } == true, "\(pattern): \(text ?? "nil")")
        }
    }
}
