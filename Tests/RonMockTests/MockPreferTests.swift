import Foundation
import RonMock
import RonTestSupport
import Testing

/// A mock over documents written into a temporary folder (a vendor's description, or the shop's),
/// on a free loopback port, that keeps one log line per request it answered.
final class DocumentMock {
    let folder: URL
    let server: MockServer
    let port: Int
    /// `METHOD TARGET -> logDescription`, one per request, in the order answered.
    let log = Locked([String]())

    /// Serves `documents` (file name → text) and `fixtures` (`Type/name.json` → text).
    init(
        documents: [String: String], fixtures: [String: String] = [:],
        configuration: MockServer.Configuration = .init()
    ) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "ron-mock-doc-\(UUID().uuidString)")
        for (name, text) in documents { try Self.write(text, to: folder.appending(path: "Schema/" + name)) }
        for (name, text) in fixtures { try Self.write(text, to: folder.appending(path: "Fixtures/" + name)) }
        if fixtures.isEmpty {
            try FileManager.default.createDirectory(
                at: folder.appending(path: "Fixtures"), withIntermediateDirectories: true)
        }
        let api = try MockAPI(
            schemaDirectory: folder.appending(path: "Schema"), fixturesDirectory: folder.appending(path: "Fixtures"))
        let log = log
        server = MockServer(api: api, configuration: configuration) { request, response in
            log.update { $0.append("\(request.method) \(request.target) -> \(response.logDescription)") }
        }
        port = try server.start().port ?? 0
    }

    /// The shop of ``ShopSchema``, its documents and fixtures.
    convenience init(shopWith configuration: MockServer.Configuration = .init()) throws {
        try self.init(
            documents: ["shop.schema.json": ShopSchema.types, "shop.openapi.json": ShopSchema.operations],
            fixtures: ShopSchema.defaultFixtures, configuration: configuration)
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// One request on a new connection.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> MockHTTPClient.Answer {
        try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A vendor's description: its errors are `{"error": {"status", "title"}}` (which the mock's
/// problem envelope does not fit), documented per status, by `4XX` and by `default`.
enum Vendor {
    static let document = #"""
        {"openapi": "3.1.0", "info": {"title": "Vendor", "version": "1"}, "servers": [{"url": "https://vendor.example.com"}],
         "paths": {
           "/things/{id}": {
             "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^t-[0-9]+$"}}],
             "get": {"operationId": "getThing", "security": [{"key": []}],
               "responses": {
                 "200": {"description": "A thing.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"},
                   "examples": {"first": {"value": {"id": "t-1", "name": "One"}}, "second": {"value": {"id": "t-2", "name": "Two"}}}}}},
                 "400": {"description": "Bad.", "content": {"application/vnd.vendor.error+json": {"schema": {"$ref": "#/components/schemas/VendorError"}}}},
                 "401": {"description": "Who?", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VendorError"}}}},
                 "404": {"description": "None.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VendorError"}}}}}},
             "delete": {"operationId": "deleteThing",
               "responses": {"204": {"description": "Gone."},
                 "default": {"description": "Refused.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VendorError"}}}}}}},
           "/things": {
             "post": {"operationId": "createThing",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
               "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                 "4XX": {"description": "Refused.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VendorError"}}}}}}},
           "/notes": {
             "post": {"operationId": "createNote",
               "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}}}},
               "responses": {"204": {"description": "Kept."},
                 "400": {"description": "Refused.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}}
         },
         "components": {
           "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}},
           "schemas": {
             "Thing": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string"}, "name": {"type": "string"}}},
             "VendorError": {"type": "object", "required": ["error"], "additionalProperties": false,
               "properties": {"error": {"type": "object", "required": ["status", "title"],
                 "properties": {"status": {"type": "integer"}, "title": {"type": "string"}}}}},
             "Problem": {"type": "object", "required": ["code", "message"], "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}
           }}}
        """#

    static let key = ["X-Key": "k"]

    static func mock(fixtures: [String: String] = [:], configuration: MockServer.Configuration = .init()) throws
        -> DocumentMock
    {
        try DocumentMock(documents: ["vendor.openapi.json": document], fixtures: fixtures, configuration: configuration)
    }
}

/// Answers the request chooses with `Prefer` (`code=`, `example=`, `dynamic=true`, combined), and
/// the mock's own error answers in the shape the description documents for their status.
@Suite struct MockPreferTests {
    @Test func preferCodeIsTheDocumentedAnswerItsExampleTheEnvelopeOrAMadeUpBody() throws {
        let shop = try DocumentMock(shopWith: .init())
        // The documented example.
        let missing = try shop.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=404"])
        #expect(missing.status == 404)
        #expect(missing.json?["message"] as? String == "no item i-1")
        // No example, and a schema the problem envelope fits: the envelope.
        let refused = try shop.request(
            "POST", "/v1/items", headers: ["Prefer": "code=422"], body: #"{"name": "Desk", "price": 1}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["code"] as? String == "unprocessable")
        // No example, and a schema the envelope does not fit: a body made up from it.
        let vendor = try Vendor.mock()
        let none = try vendor.request("GET", "/things/t-1", headers: Vendor.key.merging(["Prefer": "code=404"]) { $1 })
        #expect(none.status == 404)
        #expect(none.headers["content-type"] == "application/json")
        #expect(none.headers["x-ron-mock-source"] == "made up from vendor.openapi.json#/components/schemas/VendorError")
        let error = try #require(none.json?["error"] as? [String: Any])
        #expect(error["status"] is Int && error["title"] is String)
        #expect(none.json?.keys.sorted() == ["error"])
        // An undocumented status names the documented ones.
        let teapot = try vendor.request(
            "GET", "/things/t-1", headers: Vendor.key.merging(["Prefer": "code=418"]) { $1 })
        #expect(teapot.status == 400)
        #expect(teapot.json?["code"] as? String == "undocumented_status")
        #expect(
            teapot.json?["message"] as? String
                == "getThing documents no 418 answer (it documents 200, 400, 401, 404); see Prefer: code=")
    }

    @Test func preferExampleIsTheDocumentsExampleElseAFixtureAndAnUnknownNameListsTheKnownOnes() throws {
        let vendor = try Vendor.mock(fixtures: [
            "Thing/first.json": #"{"id": "t-9", "name": "Fixture first"}"#,
            "Thing/spare.json": #"{"id": "t-8", "name": "Spare"}"#,
        ])
        func get(_ prefer: String) throws -> MockHTTPClient.Answer {
            try vendor.request("GET", "/things/t-1", headers: Vendor.key.merging(["Prefer": prefer]) { $1 })
        }
        let second = try get("example=second")
        #expect(second.json?["id"] as? String == "t-2")
        #expect(
            second.headers["x-ron-mock-source"]
                == "vendor.openapi.json#/paths/~1things~1{id}/get/responses/200/content/application~1json/examples/second/value"
        )
        // A document example and a fixture of the same name: the document's.
        #expect(try get("example=first").json?["id"] as? String == "t-1")
        // No document example of that name: the fixture.
        let spare = try get("example=spare")
        #expect(spare.json?["id"] as? String == "t-8")
        #expect(spare.headers["x-ron-mock-source"] == "Fixtures/Thing/spare.json")
        let unknown = try get("example=third")
        #expect(unknown.status == 400)
        #expect(unknown.json?["code"] as? String == "unknown_example")
        #expect((unknown.json?["message"] as? String)?.hasSuffix("(known: first, second, spare)") == true)
    }

    @Test func preferDynamicMakesUpABodyWhereExamplesAndFixturesExist() throws {
        let shop = try DocumentMock(shopWith: .init())
        // listColors documents the example ["red", "blue"].
        let made = try shop.request("GET", "/v1/colors", headers: ["Prefer": "dynamic=true"])
        #expect(made.status == 200)
        #expect(
            made.headers["x-ron-mock-source"]
                == "made up from shop.openapi.json#/paths/~1colors/get/responses/200/content/application~1json/schema")
        #expect(made.text == #"["red"]"#)
        // dynamic=false is the default: the example.
        let example = try shop.request("GET", "/v1/colors", headers: ["Prefer": "dynamic=false"])
        #expect(example.text.filter { !$0.isWhitespace } == #"["red","blue"]"#)
        // With a documented status: made up instead of its fixture (Fixtures/Item/getItem.json).
        let item = try shop.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=200, dynamic=true"])
        #expect(item.headers["x-ron-mock-source"] == "made up from shop.schema.json#/$defs/Item")
        #expect(item.json?.keys.sorted() == ["id", "name", "price"])
    }

    @Test func severalPreferencesCombineAndOnesThatDoNotReadAre400() throws {
        let shop = try DocumentMock(shopWith: .init())
        // A documented status, made up instead of its example.
        let made = try shop.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=404, dynamic=true"])
        #expect(made.status == 404)
        #expect(made.headers["x-ron-mock-source"] == "made up from shop.schema.json#/$defs/Problem")
        #expect(made.json?["message"] as? String != "no item i-1")
        // A named example of a documented status, late.
        let clock = ContinuousClock()
        let start = clock.now
        let late = try shop.request(
            "GET", "/v1/items/i-1", headers: ["Prefer": "code=404; example=missing; latency=150"])
        #expect(clock.now - start >= .milliseconds(150))
        #expect(late.status == 404)
        #expect(late.headers["x-ron-mock-latency"] == "150")
        #expect(late.json?["message"] as? String == "no item i-1")
        // A 503 (here documented by `default`) carries Retry-After: 1 s, or as long as asked.
        let vendor = try Vendor.mock()
        let unavailable = try vendor.request("DELETE", "/things/t-1", headers: ["Prefer": "code=503"])
        #expect(unavailable.status == 503)
        #expect(unavailable.headers["retry-after"] == "1")
        let longer = try vendor.request("DELETE", "/things/t-1", headers: ["Prefer": "code=503, retry-after=5"])
        #expect(longer.headers["retry-after"] == "5")
        let unreadable = try shop.request("GET", "/v1/items/i-1", headers: ["Prefer": "latency=soon, fault=explode"])
        #expect(unreadable.status == 400)
        #expect(unreadable.json?["code"] as? String == "invalid_preference")
        let message = try #require(unreadable.json?["message"] as? String)
        #expect(message.hasPrefix("Prefer: latency=soon: a latency is milliseconds"))
        #expect(message.contains("fault=explode: expected reset or stall"))
        // Preferences the mock does not know are left alone.
        #expect(try shop.request("GET", "/v1/items/i-1", headers: ["Prefer": "return=minimal"]).status == 200)
    }

    @Test func theMocksOwnErrorsTakeTheBodyTheOperationDocumentsForTheirStatus() throws {
        let vendor = try Vendor.mock(configuration: .init(maxBodyBytes: 64))
        func expectVendorError(_ answer: MockHTTPClient.Answer, _ status: Int, media: String = "application/json") {
            #expect(answer.status == status)
            #expect(answer.headers["content-type"] == media, "\(status)")
            #expect(answer.json?.keys.sorted() == ["error"], "\(status): \(answer.text)")
            #expect(
                answer.headers["x-ron-mock-source"]?.hasSuffix(
                    "made up from vendor.openapi.json#/components/schemas/VendorError") == true, "\(status)")
        }
        // 400 for a parameter the schema refuses: the documented 400, of its own media type.
        let invalid = try vendor.request("GET", "/things/x-1", headers: Vendor.key)
        expectVendorError(invalid, 400, media: "application/vnd.vendor.error+json")
        #expect(
            invalid.headers["x-ron-mock-problem"]
                == "getThing: path parameter 'id': 'x-1' does not match the pattern ^t-[0-9]+$")
        // 401: the documented body, the challenge kept.
        let unknown = try vendor.request("GET", "/things/t-1")
        expectVendorError(unknown, 401)
        #expect(unknown.headers["www-authenticate"] == #"ApiKey realm="Vendor", name="X-Key", in="header""#)
        #expect(unknown.headers["x-ron-mock-problem"] == "getThing needs credentials: key (header 'X-Key')")
        #expect(unknown.headers["x-ron-mock-source"]?.hasPrefix("credentials check, body made up from") == true)
        // 400, 415 and 413 through `4XX`.
        expectVendorError(
            try vendor.request("POST", "/things", headers: ["Content-Type": "application/json"], body: "{}"), 400)
        let text = try vendor.request("POST", "/things", headers: ["Content-Type": "text/plain"], body: "thing")
        expectVendorError(text, 415)
        #expect(text.headers["x-ron-mock-problem"] == "the body is text/plain; the operation takes application/json")
        let large = try vendor.request(
            "POST", "/things", headers: ["Content-Type": "application/json"],
            body: #"{"id": "t-1", "name": "\#(String(repeating: "x", count: 100))"}"#)
        expectVendorError(large, 413)
        #expect(large.headers["x-ron-mock-problem"]?.hasPrefix("the request body is larger than 64 bytes") == true)
        // 405 through the `default` of an operation at that path (it documents a success too).
        let patch = try vendor.request("PATCH", "/things/t-1")
        expectVendorError(patch, 405)
        #expect(patch.headers["allow"] == "DELETE, GET, HEAD")
        // A documented schema the envelope fits: the envelope, with the documented media type.
        let note = try vendor.request("POST", "/notes", headers: ["Content-Type": "application/json"], body: "{}")
        #expect(note.status == 400)
        #expect(note.headers["content-type"] == "application/problem+json")
        #expect(note.json?["code"] as? String == "invalid_request")
        // No operation, or none that documents the status: the envelope as before.
        let nowhere = try vendor.request("GET", "/nowhere")
        #expect(nowhere.status == 404)
        #expect(nowhere.json?["code"] as? String == "not_found")
        #expect(nowhere.headers["x-ron-mock-problem"] == "no operation of the schema matches GET /nowhere")
    }

    @Test func theProblemHeaderKeepsEveryCharacterReadable() throws {
        let shop = try DocumentMock(shopWith: .init())
        let answer = try shop.request("GET", "/v1/items/%C3%A9t%C3%A9")
        #expect(answer.status == 400)
        let header = try #require(answer.headers["x-ron-mock-problem"])
        #expect(header.contains("%C3%A9t%C3%A9"))
        #expect(header.removingPercentEncoding?.contains("'été' does not match the pattern") == true)
    }
}
