import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// An app's calls through `RonClient` against the mock, as an app test runs them before the real
/// server exists: answers decode, and a refusal arrives as the App Plane's `RonProblem`.
@Suite struct MockClientTests {
    struct Item: Codable, Equatable {
        var id: String
        var name: String
        var price: Double
    }

    struct Draft: Encodable {
        var name: String
        var price: Double
    }

    @Test func callsDecodeTheFixturesAndRefusalsAreProblems() async throws {
        let mock = try MockServing()
        let client = try makeClient(port: mock.port)
        defer { client.close() }
        let v1 = RonPath.server("/v1")
        let item: AppResponse<Item> = await client.get(v1 + "/items/i-1")
        #expect(item.data == Item(id: "i-1", name: "Lamp", price: 12.5))
        let list: AppResponse<[Item]> = await client.get(v1 + "/items", query: ["limit": "5"])
        #expect(list.data?.map(\.id) == ["i-1", "i-2", "i-3"])
        let made: AppResponse<Item> = await client.post(v1 + "/items", body: Draft(name: "Desk", price: 3))
        #expect(made.status == 201)
        // Stored, with the next id of the fixtures' (the example `i-9` is what --stateless answers).
        #expect(made.data == Item(id: "i-4", name: "Desk", price: 3))
        let refused: AppResponse<[Item]> = await client.get(v1 + "/items", query: ["limit": "500"])
        let problem = try #require(refused.problem)
        #expect(problem.status == 400)
        #expect(problem.code == "invalid_request")
        #expect(problem.retryable == false)
        #expect(problem.message == "listItems: query parameter 'limit': 500 is above the maximum 50")
        let missing: AppResponse<Item> = await client.get(v1 + "/items/i-1", headers: ["Prefer": "code=404"])
        #expect(missing.problem?.code == "not_found")
        #expect(missing.problem?.message == "no item i-1")
    }
}
