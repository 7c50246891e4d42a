import Foundation
import RonFacets
import RonGateway

/// The embedded gateway every network figure is taken against, with one extra static facet.
///
/// `GET /app/facets/bench/hello` serves a body that decodes both as a bare `Hello` (what the real
/// node's clients expect) and as an `{ok, value}` envelope (what the RustyOnions Swift SDK
/// decodes), so every peer gets the same bytes from the same route.
struct BenchServer: Sendable {
    static let helloBody = #"{"ok":true,"value":{"message":"hello from RON-CORE"},"message":"hello from RON-CORE"}"#
    /// The GET route of the per-call figures, below `{base}/app`.
    static let helloPath = "/facets/bench/hello"
    /// The POST route of the per-call figures, below `{base}/app`: `204` for any body.
    static let uploadPath = "/_test/upload"
    /// The route of the sustained-load figures, below `{base}/app`: the canned `Hello`.
    static let loadPath = "/hello"

    let gateway: EmbeddedGateway
    let base: URL
    let folder: URL

    static func start() async throws -> BenchServer {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ron-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hello = folder.appendingPathComponent("hello.json")
        try Data(helloBody.utf8).write(to: hello)
        let facet = FacetDefinition(
            id: "bench", kind: .static, routes: [FacetRouteDefinition(method: "GET", path: "/hello", file: hello.path)])
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(facets: [facet]))
        let base = try await gateway.start()
        return BenchServer(gateway: gateway, base: base, folder: folder)
    }

    func url(_ path: String) -> URL {
        base.appendingPathComponent("app").appendingPathComponent(String(path.dropFirst()))
    }

    func stop() async {
        try? await gateway.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
