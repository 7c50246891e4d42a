import Foundation
import Testing

@testable import RonMock

/// Every operation of the user's document answers from its fixture or example, with the
/// documented status and content type.
@Suite struct MockAnswerTests {
    @Test func aGetAnswersTheFixtureNamedAfterItsOperation() throws {
        // Stateless: the fixture or example whatever the id, filter or body (MockStateTests for the state).
        let mock = try MockServing(state: .stateless)
        let answer = try mock.request("GET", "/v1/items/i-7?verbose=true")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.headers["x-ron-mock-source"] == "Fixtures/Item/getItem.json")
        #expect(answer.text == ShopSchema.defaultFixtures["Item/getItem.json"])
    }

    @Test func aListAnswersEveryFixtureOfItsItemType() throws {
        // Stateless: the fixture or example whatever the id, filter or body (MockStateTests for the state).
        let mock = try MockServing(state: .stateless)
        let answer = try mock.request("GET", "/v1/items?limit=10&color=blue")
        #expect(answer.status == 200)
        let items = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["i-1", "i-2", "i-3"])
    }

    @Test func aListsDocumentExampleIsSentAsItIs() throws {
        let mock = try MockServing()
        let answer = try mock.request("GET", "/v1/colors")
        #expect(answer.status == 200)
        #expect(answer.text == #"["red","blue"]"#)
    }

    @Test func aNamedFixtureOfAListsItemTypeIsSentAsAListOfOne() throws {
        let mock = try MockServing()
        let answer = try mock.request("GET", "/v1/items?limit=1", headers: ["Prefer": "example=other"])
        let items = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["i-2"])
    }

    @Test func anEventStreamSendsEveryFixtureAsAnEventAndALiteralSegmentWins() throws {
        let mock = try MockServing()
        let answer = try mock.request("GET", "/v1/items/changes")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/event-stream")
        let events = answer.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        #expect(events.count == 3)
        #expect(events.last == #"data: {"id":"i-3","name":"Stool","price":7}"#)
    }

    @Test func aPostAnswersItsDocumentedStatusWithTheMediaExample() throws {
        // Stateless: the fixture or example whatever the id, filter or body (MockStateTests for the state).
        let mock = try MockServing(state: .stateless)
        let answer = try mock.request(
            "POST", "/v1/items", headers: ["Content-Type": "application/json"],
            body: #"{"name": "Desk", "price": 99.5, "color": "red"}"#)
        #expect(answer.status == 201)
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.json?["id"] as? String == "i-9")
        #expect(answer.headers["x-ron-mock-source"]?.hasSuffix("/content/application~1json/example") == true)
    }

    @Test func aDeleteAndATextAnswerAsDocumented() throws {
        let mock = try MockServing()
        let deleted = try mock.request("DELETE", "/v1/items/i-1")
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)
        let health = try mock.request("GET", "/v1/health")
        #expect(health.status == 200)
        #expect(health.headers["content-type"] == "text/plain")
        #expect(health.text == "ok")
        let head = try MockHTTPClient(port: mock.port).request("HEAD", "/v1/health")
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "2")
    }

    @Test func preferPicksADocumentedErrorAnswerOrAnExample() throws {
        let mock = try MockServing()
        let missing = try mock.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=404"])
        #expect(missing.status == 404)
        #expect(missing.json?["message"] as? String == "no item i-1")
        // A documented error without an example: the App Plane's envelope, generated.
        let refused = try mock.request(
            "POST", "/v1/items", headers: ["Prefer": "code=422"], body: #"{"name": "Desk", "price": 1}"#)
        #expect(refused.status == 422)
        #expect(refused.json?["code"] as? String == "unprocessable")
        #expect(refused.json?["retryable"] as? Bool == false)
        let other = try mock.request("GET", "/v1/items/i-1", headers: ["Prefer": "example=other"])
        #expect(other.json?["id"] as? String == "i-2")
        #expect(other.headers["x-ron-mock-source"] == "Fixtures/Item/other.json")
    }

    @Test func anUndocumentedStatusOrUnknownExampleIsRefusedByName() throws {
        let mock = try MockServing()
        let teapot = try mock.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=418"])
        #expect(teapot.status == 400)
        #expect(
            teapot.json?["message"] as? String
                == "getItem documents no 418 answer (it documents 200, 404); see Prefer: code=")
        let unknown = try mock.request("GET", "/v1/items/i-1", headers: ["Prefer": "example=nope"])
        #expect(unknown.status == 400)
        #expect((unknown.json?["message"] as? String)?.contains("known: getItem, other, stool") == true)
    }

    @Test func anUnknownRouteIs404AndAnotherMethodIs405WithAllow() throws {
        let mock = try MockServing()
        let unknown = try mock.request("GET", "/v1/nothing")
        #expect(unknown.status == 404)
        #expect(unknown.json?["code"] as? String == "not_found")
        #expect(unknown.json?["retryable"] as? Bool == false)
        let wrong = try mock.request("PATCH", "/v1/items/i-1")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "DELETE, GET, HEAD")
        #expect(wrong.json?["code"] as? String == "method_not_allowed")
    }

    @Test func answersAreTheSameWithoutSockets() throws {
        let shop = try ShopSchema()
        defer { shop.remove() }
        let api = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures)
        #expect(api.fixtureProblems.isEmpty)
        #expect(api.routeDescriptions.first == "GET /v1/items  listItems")
        let answer = api.respond(to: MockRequest(method: "GET", target: "/v1/items/i-1"))
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "application/json")
    }

    @Test func aSchemaWithoutOperationsIsRefusedWithItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-mock-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(ShopSchema.types.utf8).write(to: folder.appending(path: "shop.schema.json"))
        let error = #expect(throws: MockAPI.LoadError.self) {
            try MockAPI(schemaDirectory: folder, fixturesDirectory: nil)
        }
        #expect(error?.description == "\(folder.path): no operations (no OpenAPI document with 'paths') to serve")
    }
}
