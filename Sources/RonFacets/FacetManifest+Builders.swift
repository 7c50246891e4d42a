extension FacetManifest {
    /// A v1 static facet: every route a GET serving a file.
    ///
    /// ```swift
    /// let docs = FacetManifest.static(id: "docs", routes: [.get("/hello", file: "facets/docs/hello.txt")])
    /// ```
    /// No routes gives a manifest without a `route` key.
    public static func `static`(id: String, routes: [FacetRoute], meta: FacetMeta? = nil) -> FacetManifest {
        make(id: id, kind: .static, upstream: nil, routes: routes, meta: meta)
    }

    /// A v1 echo facet: the node answers each route with `{"echo":"ok"}` (GET and POST routes only).
    public static func echo(id: String, routes: [FacetRoute], meta: FacetMeta? = nil) -> FacetManifest {
        make(id: id, kind: .echo, upstream: nil, routes: routes, meta: meta)
    }

    /// A v1 proxy facet forwarding to `upstream` (written as a top-level `[upstream]` table, where the
    /// node reads it).
    public static func proxy(id: String, upstream: FacetUpstream, routes: [FacetRoute], meta: FacetMeta? = nil)
        -> FacetManifest
    {
        make(id: id, kind: .proxy, upstream: upstream, routes: routes, meta: meta)
    }

    private static func make(
        id: String, kind: FacetKind, upstream: FacetUpstream?, routes: [FacetRoute], meta: FacetMeta?
    ) -> FacetManifest {
        FacetManifest(
            facet: FacetHeader(id: id, kind: kind, meta: meta), upstream: upstream,
            route: routes.isEmpty ? nil : routes)
    }
}
