/// Where one facet route can be reached: on the node itself and through the App Plane gateway.
///
/// Route paths are axum patterns (`/*tail` matches every deeper path), so the paths and URL here are
/// patterns too when the route path is one.
public struct FacetEndpoint: Hashable, Sendable {
    /// The route's method, upper-cased.
    public var method: String
    /// The route path below the facet, as written.
    public var routePath: String
    /// The path on the node: `/facets/{id}{path}`.
    public var nodePath: String
    /// The path below the gateway base: `/app/facets/{id}{path}` (what `client.facet(id)` calls).
    public var gatewayPath: String
    /// `{base}/app/facets/{id}{path}` when a base URL was given.
    public var url: String?

    /// Creates an endpoint.
    public init(method: String, routePath: String, nodePath: String, gatewayPath: String, url: String? = nil) {
        self.method = method
        self.routePath = routePath
        self.nodePath = nodePath
        self.gatewayPath = gatewayPath
        self.url = url
    }
}
