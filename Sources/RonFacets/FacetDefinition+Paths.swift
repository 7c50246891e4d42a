import Foundation

extension FacetDefinition {
    /// The path Micronode serves a facet route at: `/facets/{facetID}{routePath}`.
    public static func nodePath(facetID: String, routePath: String) -> String {
        "/facets/\(facetID)\(routePath)"
    }

    /// The path of a facet route below the gateway base: `/app/facets/{facetID}{routePath}`, the path
    /// `client.facet(facetID)` requests.
    public static func gatewayPath(facetID: String, routePath: String) -> String {
        "/app" + nodePath(facetID: facetID, routePath: routePath)
    }

    /// Every route with its node path, gateway path and, given a base URL, its full URL
    /// `{base}/app/facets/{id}{path}` (trailing slashes of the base are dropped; nothing is percent-encoded,
    /// so patterns like `/*tail` stay readable).
    public func endpoints(base: URL? = nil) -> [FacetEndpoint] {
        var origin = base?.absoluteString
        while origin?.hasSuffix("/") == true { origin?.removeLast() }
        return routes.map { route in
            let gatewayPath = Self.gatewayPath(facetID: id, routePath: route.path)
            return FacetEndpoint(
                method: route.normalizedMethod, routePath: route.path,
                nodePath: Self.nodePath(facetID: id, routePath: route.path), gatewayPath: gatewayPath,
                url: origin.map { $0 + gatewayPath })
        }
    }
}
