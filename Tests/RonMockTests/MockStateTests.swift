import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

@testable import RonMock

/// The mock behaves like the API: what a create sends is listed, shown, searched, updated and
/// deleted by the next requests (over HTTP, and through `RonClient`), on a schema of its own, the
/// shop of the other tests, and a published vendor's description; reset, the state file,
/// `--stateless`, and concurrent creates.
@Suite struct MockStateTests {
    // MARK: A kennel of its own

    struct Pet: Codable, Equatable {
        var petId: Int
        var name: String
        var kind: String
        var ownerId: String?
        var tag: String?
    }

    struct Draft: Encodable {
        var name: String
        var kind: String
        var tag: String?
    }

    struct Wrapped<T: Decodable>: Decodable {
        var data: T
    }

    struct Page: Decodable {
        var data: [Pet]
        var total: Int
    }

    @Test func createListShowUpdateAndDeleteThroughRonClient() async throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let client = try makeClient(port: kennel.port)
        defer { client.close() }
        let api = RonPath.server("/api")
        // Seeded from the fixtures of the item type: the list is not empty.
        let seeded: AppResponse<Page> = await client.get(api + "/pets")
        #expect(seeded.data?.data.map(\.name) == ["Rex", "Tom"])
        #expect(seeded.data?.total == 2)
        let made: AppResponse<Wrapped<Pet>> = await client.post(
            api + "/pets", body: Draft(name: "Bella", kind: "dog", tag: "new"))
        #expect(made.status == 201)
        #expect(made.headers["location"] == "/api/pets/3")
        let bella = try #require(made.data?.data)
        #expect(bella == Pet(petId: 3, name: "Bella", kind: "dog", tag: "new"))
        let listed: AppResponse<Page> = await client.get(api + "/pets")
        #expect(listed.data?.data.map(\.petId) == [1, 2, 3])
        #expect(listed.data?.total == 3)
        let dogs: AppResponse<Page> = await client.get(api + "/pets", query: ["kind": "dog"])
        #expect(dogs.data?.data.map(\.name) == ["Rex", "Bella"])
        let page: AppResponse<Page> = await client.get(api + "/pets", query: ["limit": "1", "offset": "1"])
        #expect(page.data?.data.map(\.name) == ["Tom"])
        #expect(page.data?.total == 3)
        let shown: AppResponse<Pet> = await client.get(api + "/pets/3")
        #expect(shown.data == bella)
        let replaced: AppResponse<Pet> = await client.put(api + "/pets/3", body: Draft(name: "Bella", kind: "cat"))
        #expect(replaced.data == Pet(petId: 3, name: "Bella", kind: "cat"))
        let patched: AppResponse<Pet> = await client.patch(api + "/pets/3", body: ["tag": "fluffy"])
        #expect(patched.data == Pet(petId: 3, name: "Bella", kind: "cat", tag: "fluffy"))
        let found: AppResponse<[Pet]> = await client.get(api + "/pets/search", query: ["tag": "fluffy"])
        #expect(found.data?.map(\.petId) == [3])
        let deleted: AppResponse<Data> = await client.delete(api + "/pets/3")
        #expect(deleted.status == 204)
        #expect(deleted.raw?.isEmpty ?? true)
        let gone: AppResponse<Pet> = await client.get(api + "/pets/3")
        #expect(gone.status == 404)
        #expect(gone.problem?.code == "not_found")
        let after: AppResponse<Page> = await client.get(api + "/pets")
        #expect(after.data?.data.map(\.petId) == [1, 2])
        // An id is not given again after a delete.
        let next: AppResponse<Wrapped<Pet>> = await client.post(api + "/pets", body: Draft(name: "Max", kind: "dog"))
        #expect(next.data?.data.petId == 4)
    }

    @Test func aNestedCollectionKeepsItsItemsPerParent() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let made = try kennel.request("POST", "/api/owners/ann/pets", body: #"{"name": "Kit", "kind": "cat"}"#)
        #expect(made.status == 201)
        #expect(made.json?["petId"] as? Int == 3)
        #expect(made.json?["ownerId"] as? String == "ann", "a member named like the parent parameter")
        let ann = try kennel.request("GET", "/api/owners/ann/pets")
        #expect(Self.names(ann) == ["Rex", "Tom", "Kit"])
        let bob = try kennel.request("GET", "/api/owners/bob/pets")
        #expect(Self.names(bob) == ["Rex", "Tom"])
        #expect(try kennel.request("GET", "/api/owners/ann/pets/3").json?["name"] as? String == "Kit")
        #expect(try kennel.request("GET", "/api/owners/bob/pets/3").status == 404)
        #expect(try kennel.request("DELETE", "/api/owners/ann/pets/3").status == 204)
        #expect(try kennel.request("GET", "/api/owners/ann/pets/3").status == 404)
        // The top-level collection is another one.
        #expect(try kennel.request("GET", "/api/pets/3").status == 404)
    }

    @Test func aMissingItemIsTheDocumented404AndAPostNamingATakenIdIs409() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let missing = try kennel.request("GET", "/api/pets/9")
        #expect(missing.status == 404)
        #expect(missing.json?["message"] as? String == "no such pet", "the documented example")
        let unknown = try kennel.request("PUT", "/api/pets/9", body: #"{"name": "X", "kind": "dog"}"#)
        #expect(unknown.status == 404)
        #expect(unknown.json?["code"] as? String == "not_found")
        #expect(unknown.json?["message"] as? String == "replacePet: no item '9' in /api/pets")
        #expect(try kennel.request("PATCH", "/api/pets/9", body: #"{"tag": "x"}"#).status == 404)
        #expect(try kennel.request("DELETE", "/api/pets/9").status == 404)
        let taken = try kennel.request("POST", "/api/pets", body: #"{"petId": 1, "name": "Rex II", "kind": "dog"}"#)
        #expect(taken.status == 409)
        let chosen = try kennel.request("POST", "/api/pets", body: #"{"petId": 70, "name": "Ace", "kind": "dog"}"#)
        #expect(chosen.status == 201)
        #expect(try kennel.request("GET", "/api/pets/70").json?["name"] as? String == "Ace")
    }

    @Test func resetForgetsEveryChangeAndStateShowsThem() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        _ = try kennel.request("POST", "/api/pets", body: #"{"name": "Bella", "kind": "dog"}"#)
        _ = try kennel.request("DELETE", "/api/pets/1")
        let state = try kennel.request("GET", "/_mock/state")
        #expect(state.status == 200)
        #expect(state.headers["content-type"] == "application/json")
        let collections = try #require(state.json?["collections"] as? [String: [[String: Any]]])
        #expect(collections["/api/pets"]?.compactMap { $0["name"] as? String } == ["Tom", "Bella"])
        let reset = try kennel.request("POST", "/_mock/reset")
        #expect(reset.status == 204)
        #expect(Self.names(try kennel.request("GET", "/api/pets")) == ["Rex", "Tom"])
        #expect(try kennel.request("GET", "/api/pets/3").status == 404)
        #expect(try kennel.request("GET", "/api/pets/1").status == 200)
        let wrong = try kennel.request("GET", "/_mock/reset")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "POST")
        #expect(try kennel.request("GET", "/_mock/state").text.contains(#""collections": {}"#))
    }

    @Test func theStateFileIsWrittenAfterEachChangeAndReadAtStart() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let file = kennel.root.appending(path: "mock-state.json")
        let first = try Kennel.Serving(kennel, state: MockStateConfiguration(file: file))
        _ = try first.request("POST", "/api/pets", body: #"{"name": "Bella", "kind": "dog"}"#)
        _ = try first.request("PATCH", "/api/pets/3", body: #"{"tag": "saved"}"#)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains(#"{"petId":3,"name":"Bella","kind":"dog","tag":"saved"}"#))
        #expect(written == (try first.request("GET", "/_mock/state")).text)
        first.server.stop()
        // A new mock reads it: the item is there, and ids count on.
        let second = try Kennel.Serving(kennel, state: MockStateConfiguration(file: file))
        #expect(try second.request("GET", "/api/pets/3").json?["tag"] as? String == "saved")
        _ = try second.request("DELETE", "/api/pets/3")
        let next = try second.request("POST", "/api/pets", body: #"{"name": "Max", "kind": "dog"}"#)
        #expect((next.json?["data"] as? [String: Any])?["petId"] as? Int == 4)
        // A state file that does not read is refused at start, naming it.
        try Data("{ not json".utf8).write(to: file)
        let error = #expect(throws: MockAPI.LoadError.self) {
            try MockAPI(
                schemaDirectory: kennel.schema, fixturesDirectory: kennel.fixtures,
                state: MockStateConfiguration(file: file))
        }
        #expect(error?.description.hasPrefix(file.path) == true)
    }

    @Test func statelessAnswersAsBeforeAndForgets() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let mock = try Kennel.Serving(kennel, state: .stateless)
        let made = try mock.request("POST", "/api/pets", body: #"{"name": "Bella", "kind": "dog"}"#)
        #expect(made.status == 201)
        #expect(made.headers["x-ron-mock-source"]?.hasPrefix("made up") == true)
        #expect(try mock.request("GET", "/api/pets/9").status == 200)
        #expect(try mock.request("DELETE", "/api/pets/1").status == 204)
        #expect(try mock.request("GET", "/api/pets/1").status == 200)
        #expect(try mock.request("POST", "/_mock/reset").status == 404)
        #expect(try mock.request("GET", "/_mock/state").status == 404)
        // The shop of the other tests: its example and its fixture, whatever was sent.
        let shop = try ShopSchema()
        defer { shop.remove() }
        let api = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures, state: .stateless)
        let created = api.respond(
            to: MockRequest(
                method: "POST", target: "/v1/items", headers: [("Content-Type", "application/json")],
                body: Data(#"{"name": "Desk", "price": 99.5}"#.utf8)))
        #expect(String(decoding: created.body, as: UTF8.self) == #"{"id":"i-9","name":"New","price":1}"#)
        let shown = api.respond(to: MockRequest(method: "GET", target: "/v1/items/i-7"))
        #expect(shown.header("X-Ron-Mock-Source") == "Fixtures/Item/getItem.json")
        #expect(api.stateEndpointDescriptions.isEmpty)
    }

    @Test func twentyConcurrentCreatesAreAllStoredWithDistinctIds() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let ids = LockedIds()
        let group = DispatchGroup()
        let port = kennel.port
        for index in 0..<20 {
            DispatchQueue.global().async(group: group) {
                let answer = try? MockHTTPClient(port: port).request(
                    "POST", "/api/pets", headers: ["Content-Type": "application/json"],
                    body: #"{"name": "Pup \#(index)", "kind": "dog"}"#)
                ids.add((answer?.json?["data"] as? [String: Any])?["petId"] as? Int)
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(ids.values.count == 20)
        #expect(Set(ids.values.compactMap { $0 }) == Set(3...22))
        let listed = try kennel.request("GET", "/api/pets?limit=50")
        #expect(Self.names(listed).count == 22)
        #expect(Set(Self.names(listed)).isSuperset(of: (0..<20).map { "Pup \($0)" }))
    }

    @Test func theStateOutlivesAReloadOfTheFolders() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        let source = try MockSource(schemaDirectory: kennel.schema, fixturesDirectory: kennel.fixtures)
        let server = MockServer(source: source)
        defer { server.stop() }
        let port = try server.start().port ?? 0
        let made = try MockHTTPClient(port: port).request(
            "POST", "/api/owners/ann/pets", headers: ["Content-Type": "application/json"],
            body: #"{"name": "Kit", "kind": "cat"}"#)
        #expect(made.status == 201)
        // A fixture changed on disk: a collection no request changed follows it, a changed one keeps its items.
        try Data(#"{"petId": 2, "name": "Thomas", "kind": "cat"}"#.utf8)
            .write(to: kennel.fixtures.appending(path: "Pet/tom.json"))
        let ann = try MockHTTPClient(port: port).request("GET", "/api/owners/ann/pets")
        #expect(Self.names(ann) == ["Rex", "Tom", "Kit"])
        let bob = try MockHTTPClient(port: port).request("GET", "/api/owners/bob/pets")
        #expect(Self.names(bob) == ["Rex", "Thomas"])
    }

    @Test func uuidIdsComeFromACounterAndTheSeed() throws {
        let kennel = try Kennel()
        defer { kennel.remove() }
        func created(seed: UInt64) throws -> [String] {
            let api = try MockAPI(
                schemaDirectory: kennel.schema, fixturesDirectory: kennel.fixtures,
                state: MockStateConfiguration(seed: seed))
            return (0..<2).compactMap { _ in
                let answer = api.respond(
                    to: MockRequest(
                        method: "POST", target: "/api/toys", headers: [("Content-Type", "application/json")],
                        body: Data(#"{"label": "ball"}"#.utf8)))
                let value = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
                return value?["id"] as? String
            }
        }
        #expect(
            try created(seed: 0) == ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"])
        let seeded = try created(seed: 42)
        #expect(seeded == (try created(seed: 42)))
        #expect(seeded != (try created(seed: 0)))
        #expect(seeded.allSatisfy { MockStateValues.isUUID($0) && Array($0)[14] == "4" })
    }

    // MARK: The shop of the other tests

    @Test func theShopsFixturesAreItsItemsAndACreateCountsOnFromTheirIds() throws {
        let mock = try MockServing()
        let fixture = try mock.request("GET", "/v1/items/i-2")
        #expect(fixture.headers["x-ron-mock-source"] == "Fixtures/Item/other.json")
        #expect(fixture.text == ShopSchema.defaultFixtures["Item/other.json"])
        #expect(try mock.request("GET", "/v1/items/i-7").status == 404)
        let made = try mock.request(
            "POST", "/v1/items", headers: ["Content-Type": "application/json"],
            body: #"{"name": "Desk", "price": 99.5, "color": "red"}"#)
        #expect(made.status == 201)
        #expect(made.text == #"{"id":"i-4","name":"Desk","price":99.5,"color":"red"}"#)
        #expect(made.headers["location"] == "/v1/items/i-4")
        let red = try mock.request("GET", "/v1/items?limit=10&color=red")
        let items = try #require(try JSONSerialization.jsonObject(with: red.body) as? [[String: Any]])
        #expect(items.compactMap { $0["id"] as? String } == ["i-1", "i-4"])
        // Prefer asks for a documented answer, and leaves the state alone.
        let documented = try mock.request("GET", "/v1/items/i-4", headers: ["Prefer": "code=404"])
        #expect(documented.json?["message"] as? String == "no item i-1")
        #expect(try mock.request("DELETE", "/v1/items/i-4").status == 204)
        let gone = try mock.request("GET", "/v1/items/i-4")
        #expect(gone.status == 404)
        #expect(gone.json?["message"] as? String == "no item i-1", "the documented 404 example")
    }

    // MARK: A published vendor's description

    /// Gotify's description (Swagger 2.0, as published), from the folder `.ci/check-published.sh`
    /// reads (`RON_PUBLISHED_DIR`, else /var/tmp/ron-published), made by
    /// Benchmarks/Published/collect.sh; the test is skipped where it was not collected.
    static let gotify = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["RON_PUBLISHED_DIR"] ?? "/var/tmp/ron-published"
    ).appending(path: "gotify/spec.json")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: gotify.path), "no collected gotify description"))
    func aPublishedDescriptionsUsersAndApplicationsBehaveAsTheAPI() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-state-gotify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.gotify, to: folder.appending(path: "gotify.json"))
        let server = MockServer(api: try MockAPI(schemaDirectory: folder, fixturesDirectory: nil))
        defer { server.stop() }
        let port = try server.start().port ?? 0
        let basic = ["Authorization": "Basic " + Data("admin:admin".utf8).base64EncodedString()]
        func call(_ method: String, _ target: String, _ body: String? = nil) throws -> MockHTTPClient.Answer {
            var headers = basic
            if body != nil { headers["Content-Type"] = "application/json" }
            return try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
        }
        func list(_ target: String) throws -> [[String: Any]] {
            try JSONSerialization.jsonObject(with: try call("GET", target).body) as? [[String: Any]] ?? []
        }
        // Users: a create (documented 200), the list, a show, an update (POST to the item), a delete.
        let seeded = try list("/user").count
        let made = try call("POST", "/user", #"{"name": "unicorn", "admin": false, "pass": "nrocinu"}"#)
        #expect(made.status == 200)
        let id = try #require(made.json?["id"] as? Int)
        #expect(made.json?["name"] as? String == "unicorn")
        #expect(made.json?["pass"] == nil, "UserExternal has no pass")
        #expect(try list("/user").count == seeded + 1)
        #expect(try call("GET", "/user/\(id)").json?["name"] as? String == "unicorn")
        let updated = try call("POST", "/user/\(id)", #"{"name": "unicorn", "admin": true}"#)
        #expect(updated.json?["admin"] as? Bool == true)
        #expect(try call("GET", "/user/\(id)").json?["admin"] as? Bool == true)
        #expect(try call("DELETE", "/user/\(id)").status == 200)
        let gone = try call("GET", "/user/\(id)")
        #expect(gone.status == 404)
        #expect(gone.json?["errorCode"] != nil, "the documented Error shape")
        // Applications: the required members the body lacks are made up, a PUT keeps the id.
        let app = try call("POST", "/application", #"{"name": "Backup", "description": "nightly"}"#)
        let appId = try #require(app.json?["id"] as? Int)
        #expect(app.json?["token"] != nil || app.json?["image"] != nil)
        let renamed = try call("PUT", "/application/\(appId)", #"{"name": "Backup server"}"#)
        #expect(renamed.json?["id"] as? Int == appId)
        #expect(renamed.json?["name"] as? String == "Backup server")
        #expect(try list("/application").contains { $0["name"] as? String == "Backup server" })
        // Messages: listed in their envelope, a page as long as `limit`.
        _ = try call("POST", "/message", #"{"message": "backup done", "appid": \#(appId)}"#)
        let paged = try call("GET", "/message?limit=1").json
        #expect((paged?["messages"] as? [[String: Any]])?.count == 1)
        let all = try call("GET", "/message").json?["messages"] as? [[String: Any]]
        #expect(all?.contains { $0["message"] as? String == "backup done" } == true)
    }

    // MARK: The command lines

    @Test func theBuiltToolKeepsItsStateInTheFileAcrossRuns() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let kennel = try Kennel()
        defer { kennel.remove() }
        let file = kennel.root.appending(path: "state.json")
        let arguments = [
            "mock", "--schema", kennel.schema.path, "--fixtures", kennel.fixtures.path, "--port", "0", "--quiet",
            "--state", file.path,
        ]
        let first = try StateTool(binary, arguments)
        let made = try MockHTTPClient(port: first.port).request(
            "POST", "/api/pets", headers: ["Content-Type": "application/json"],
            body: #"{"name": "Bella", "kind": "dog"}"#)
        #expect(made.status == 201)
        first.stop()
        let second = try StateTool(binary, arguments)
        defer { second.stop() }
        #expect(try MockHTTPClient(port: second.port).request("GET", "/api/pets/3").json?["name"] as? String == "Bella")
        let both = try await ChildProcess.run(binary, ["mock", "--stateless", "--state", file.path])
        #expect(both.status == 2)
        #expect(both.error.contains("--state keeps the mock's state: it does not go with --stateless"))
    }

    private static func names(_ answer: MockHTTPClient.Answer) -> [String] {
        let value = try? JSONSerialization.jsonObject(with: answer.body)
        let items = (value as? [[String: Any]]) ?? ((value as? [String: Any])?["data"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["name"] as? String }
    }
}

/// A kennel's schema and fixtures in a temporary folder, served on a free loopback port: pets
/// (`/api/pets`, listed in a `{"data", "total"}` envelope, created in a `{"data"}` one, replaced,
/// merged, deleted, searched), the pets of an owner (`/api/owners/{ownerId}/pets`), and toys with
/// UUID ids.
private final class Kennel {
    let root = FileManager.default.temporaryDirectory.appending(path: "ron-state-\(UUID().uuidString)")
    var schema: URL { root.appending(path: "Schema") }
    var fixtures: URL { root.appending(path: "Fixtures") }
    private var serving: Serving?
    var port: Int { serving?.port ?? 0 }

    init() throws {
        try write("Schema/kennel.openapi.json", Self.document)
        try write("Fixtures/Pet/rex.json", #"{"petId": 1, "name": "Rex", "kind": "dog"}"#)
        try write("Fixtures/Pet/tom.json", #"{"petId": 2, "name": "Tom", "kind": "cat"}"#)
        serving = try Serving(self, state: MockStateConfiguration())
    }

    func remove() {
        serving?.server.stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// One request with a JSON body, if any, on a new connection.
    func request(_ method: String, _ target: String, body: String? = nil) throws -> MockHTTPClient.Answer {
        try serving?.request(method, target, body: body) ?? MockHTTPClient.Answer(status: 0, headers: [:], body: Data())
    }

    private func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A mock of the kennel with its own state.
    final class Serving {
        let server: MockServer
        let port: Int

        init(_ kennel: Kennel, state: MockStateConfiguration) throws {
            let api = try MockAPI(schemaDirectory: kennel.schema, fixturesDirectory: kennel.fixtures, state: state)
            server = MockServer(api: api)
            port = try server.start().port ?? 0
        }

        deinit { server.stop() }

        func request(_ method: String, _ target: String, body: String? = nil) throws -> MockHTTPClient.Answer {
            try MockHTTPClient(port: port).request(
                method, target, headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body)
        }
    }

    static let document = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Kennel", "version": "1.0.0"},
          "servers": [{"url": "https://kennel.example.com/api"}],
          "paths": {
            "/pets": {
              "get": {
                "operationId": "listPets",
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 0, "default": 20}},
                  {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                  {"name": "kind", "in": "query", "schema": {"$ref": "#/components/schemas/Kind"}}
                ],
                "responses": {"200": {"description": "A page.", "content": {"application/json": {"schema": {
                  "type": "object", "required": ["data", "total"],
                  "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}, "total": {"type": "integer"}}}}}}}
              },
              "post": {
                "operationId": "createPet",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Draft"}}}},
                "responses": {
                  "201": {"description": "Made.", "content": {"application/json": {"schema": {
                    "type": "object", "required": ["data"], "properties": {"data": {"$ref": "#/components/schemas/Pet"}}}}}},
                  "409": {"description": "Taken.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
              }
            },
            "/pets/search": {
              "get": {
                "operationId": "searchPets",
                "parameters": [{"name": "tag", "in": "query", "schema": {"type": "string"}}],
                "responses": {"200": {"description": "Found.", "content": {"application/json": {"schema": {
                  "type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}
              }
            },
            "/pets/{petId}": {
              "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "get": {
                "operationId": "getPet",
                "responses": {
                  "200": {"description": "The pet.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                  "404": {"description": "None.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"},
                    "example": {"code": "not_found", "message": "no such pet"}}}}
                }
              },
              "put": {
                "operationId": "replacePet",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Draft"}}}},
                "responses": {
                  "200": {"description": "Replaced.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                  "404": {"description": "None.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
              },
              "patch": {
                "operationId": "updatePet",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"200": {"description": "Updated.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                  "404": {"description": "None."}}
              },
              "delete": {"operationId": "deletePet", "responses": {"204": {"description": "Gone."}, "404": {"description": "None."}}}
            },
            "/owners/{ownerId}/pets": {
              "parameters": [{"name": "ownerId", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "listOwnerPets", "responses": {"200": {"description": "Theirs.", "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
              "post": {
                "operationId": "adoptPet",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Draft"}}}},
                "responses": {"201": {"description": "Adopted.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}
              }
            },
            "/owners/{ownerId}/pets/{petId}": {
              "parameters": [
                {"name": "ownerId", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "petId", "in": "path", "required": true, "schema": {"type": "integer"}}
              ],
              "get": {"operationId": "getOwnerPet", "responses": {"200": {"description": "The pet.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
                "404": {"description": "None."}}},
              "delete": {"operationId": "releasePet", "responses": {"204": {"description": "Released."}, "404": {"description": "None."}}}
            },
            "/toys": {
              "post": {
                "operationId": "createToy",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["label"], "properties": {"label": {"type": "string"}}}}}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Toy"}}}}}
              }
            },
            "/toys/{toyId}": {
              "get": {
                "operationId": "getToy",
                "parameters": [{"name": "toyId", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
                "responses": {"200": {"description": "The toy.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Toy"}}}}}
              }
            }
          },
          "components": {"schemas": {
            "Kind": {"type": "string", "enum": ["dog", "cat"]},
            "Pet": {"type": "object", "required": ["petId", "name", "kind"], "properties": {
              "petId": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
              "kind": {"$ref": "#/components/schemas/Kind"}, "ownerId": {"type": "string"}, "tag": {"type": "string"}}},
            "Draft": {"type": "object", "required": ["name", "kind"], "properties": {
              "name": {"type": "string"}, "kind": {"$ref": "#/components/schemas/Kind"}, "tag": {"type": "string"}}},
            "Toy": {"type": "object", "required": ["id", "label"], "properties": {
              "id": {"type": "string", "format": "uuid"}, "label": {"type": "string"}}},
            "Problem": {"type": "object", "required": ["code", "message"], "properties": {
              "code": {"type": "string"}, "message": {"type": "string"}}}
          }}
        }
        """#
}

/// Ids collected from any thread.
private final class LockedIds: @unchecked Sendable {
    // `@unchecked Sendable`: `stored` is read and written only with `lock` held.
    private let lock = NSLock()
    private var stored: [Int?] = []
    var values: [Int?] { lock.withLock { stored } }
    func add(_ id: Int?) { lock.withLock { stored.append(id) } }
}

/// The built tool started in the background, once it printed its first line
/// (`listening on http://HOST:PORT`).
private final class StateTool {
    let process = Process()
    let port: Int

    init(_ binary: URL, _ arguments: [String]) throws {
        process.executableURL = binary
        process.arguments = arguments + ["--ignore-stdin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let first = String(decoding: line, as: UTF8.self).split(separator: "\n").first ?? ""
        port = Int(first.split(separator: ":").last ?? "") ?? 0
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
