import Foundation
import RonFacets
import RonGateway
import Testing

/// Starts a gateway, runs `body` with its base URL, stops the gateway (also when `body` throws).
func withGateway(
    _ configuration: GatewayConfiguration = GatewayConfiguration(),
    _ body: (URL) async throws -> Void
) async throws {
    try await EmbeddedGateway.withRunning(configuration, body)
}

/// A loopback port nothing listens on any more: one a gateway bound and released.
func deadPort() async throws -> Int {
    let gateway = EmbeddedGateway()
    let base = try await gateway.start()
    try await gateway.stop()
    return try #require(base.port)
}

/// `base` + `path` (which may carry a query).
func url(_ base: URL, _ path: String) -> URL {
    URL(string: base.absoluteString + path)!
}

/// A gateway configuration whose fixtures folder is the package's real `Fixtures/`.
func packageConfiguration(requireAuth: Bool = false, facets: [FacetDefinition] = []) -> GatewayConfiguration {
    GatewayConfiguration(requireAuth: requireAuth, facets: facets, fixturesDirectory: packageFixtures)
}

/// The package's `Fixtures/` folder.
let packageFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

/// The set of keys of a JSON object body.
func keys(_ exchange: HTTPExchange) -> Set<String> {
    Set(exchange.jsonObject?.keys.map { $0 } ?? [])
}

/// What `/app/_test/large?bytes=count` sends: byte `i` is `i % 251`.
func generatedPattern(count: Int) -> Data {
    let period = Data((0..<251).map { UInt8($0) })
    var data = Data(capacity: count + period.count)
    while data.count < count { data.append(period) }
    return data.prefix(count)
}
