extension FacetRoute {
    /// A GET route; `file` for a static facet, `upstreamPath` for a proxy facet.
    public static func get(_ path: String, file: String? = nil, upstreamPath: String? = nil) -> FacetRoute {
        FacetRoute(method: "GET", path: path, file: file, upstreamPath: upstreamPath)
    }

    /// A POST route (echo and proxy facets); `upstreamPath` for a proxy facet.
    public static func post(_ path: String, upstreamPath: String? = nil) -> FacetRoute {
        FacetRoute(method: "POST", path: path, upstreamPath: upstreamPath)
    }
}
