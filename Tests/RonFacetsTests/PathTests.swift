import Foundation
import RonFacets
import Testing

@Suite("Facet route paths and URLs")
struct PathTests {
    @Test("node path, gateway path and full URL")
    func endpoints() throws {
        let facet = try FacetManifest.proxy(
            id: "hello", upstream: FacetUpstream(scheme: "http", host: "h", port: 1),
            routes: [.get("/"), .post("/api/counter"), .get("/*tail")]
        ).definition()
        let endpoints = facet.endpoints(base: URL(string: "https://node.example:8443/prefix/"))
        #expect(endpoints.map(\.nodePath) == ["/facets/hello/", "/facets/hello/api/counter", "/facets/hello/*tail"])
        #expect(
            endpoints.map(\.gatewayPath) == [
                "/app/facets/hello/", "/app/facets/hello/api/counter", "/app/facets/hello/*tail",
            ])
        #expect(endpoints[1].url == "https://node.example:8443/prefix/app/facets/hello/api/counter")
        #expect(endpoints.map(\.method) == ["GET", "POST", "GET"])
        #expect(facet.endpoints().allSatisfy { $0.url == nil })
        #expect(FacetDefinition.nodePath(facetID: "docs", routePath: "/hello") == "/facets/docs/hello")
        #expect(FacetDefinition.gatewayPath(facetID: "docs", routePath: "/hello") == "/app/facets/docs/hello")
    }
}
