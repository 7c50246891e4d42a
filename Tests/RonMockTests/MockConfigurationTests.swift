import Foundation
import RonMock
import Testing

/// The mock reads the schema folder's `ron-codegen.json` as the generator does: it serves the
/// operations the build generates, and no other.
@Suite struct MockConfigurationTests {
    @Test func theMockServesTheSubsetTheConfigurationKeeps() throws {
        let shop = try ShopSchema()
        defer { shop.remove() }
        let everything = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures)
        #expect(everything.routeDescriptions.contains { $0.hasSuffix("  listItems") })
        try Data(#"{"operations": ["getItem", "health"]}"#.utf8).write(
            to: shop.schema.appending(path: "ron-codegen.json"))
        let subset = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures)
        #expect(
            subset.routeDescriptions.map { $0.split(separator: " ").last.map(String.init) ?? "" } == [
                "getItem", "health",
            ])
        // A route the configuration leaves out is one the mock does not have.
        let listed = subset.respond(
            to: MockRequest(method: "GET", target: "/v1/items", headers: [], body: Data(), version: "HTTP/1.1"))
        #expect(listed.status == 404)
    }
}
