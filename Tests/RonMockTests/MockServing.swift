import Foundation
import RonMock

/// A mock over a ``ShopSchema`` on a free loopback port, for one test.
final class MockServing {
    let shop: ShopSchema
    let server: MockServer
    let port: Int

    /// `state`: stateful by default, as the mock is (`.stateless` for what the fixtures and
    /// examples answer whatever was sent before).
    init(fixtures: [String: String] = [:], state: MockStateConfiguration = MockStateConfiguration()) throws {
        shop = try ShopSchema(fixtures: fixtures)
        let api = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures, state: state)
        server = MockServer(api: api)
        port = try server.start().port ?? 0
    }

    var url: String { server.url?.absoluteString ?? "" }

    /// One request on a new connection.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> MockHTTPClient.Answer {
        try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }

    deinit {
        server.stop()
        shop.remove()
    }
}
