extension FacetDefinition {
    /// The methods the node's router actually mounts for echo and proxy routes; the validator accepts
    /// PUT, PATCH and DELETE too, but such routes answer 405.
    static let mountedMethods: Set<String> = ["GET", "POST"]

    /// Whether the node's router mounts `route` of this facet: every route of a valid static facet
    /// (they are all `GET`), and only the `GET` and `POST` routes of echo and proxy facets.
    ///
    /// The embedded gateway serves exactly the routes for which this is `true`.
    public func mounts(_ route: FacetRouteDefinition) -> Bool {
        let method = route.normalizedMethod
        switch kind {
        case .static: return method == "GET"
        default: return Self.mountedMethods.contains(method)
        }
    }

    /// What the node accepts in this definition but will not serve as written.
    ///
    /// - A facet without routes (the node mounts nothing under `/facets/{id}`).
    /// - Echo and proxy routes whose method is PUT, PATCH or DELETE: the node's router mounts only GET
    ///   and POST for those kinds.
    /// - The same mounted method and path twice: the node's router refuses overlapping routes.
    /// - An `[upstream]` on a static or echo facet, a `file` on an echo or proxy route, an
    ///   `upstream_path` on a static or echo route: read, then never used.
    ///
    /// Only meaningful for a definition that passes ``validate()``.
    public var warnings: [FacetWarning] {
        var out: [FacetWarning] = []
        if routes.isEmpty {
            out.append(FacetWarning("facet '\(id)' has no routes; the node mounts nothing for it"))
        }
        if upstream != nil && kind != .proxy {
            out.append(FacetWarning("[upstream] is ignored: only proxy facets use it (kind is \(kind.rawValue))"))
        }
        var seen: Set<String> = []
        for route in routes {
            let method = route.normalizedMethod
            let label = "route \(method) \(route.path)"
            let mounted = mounts(route)
            if !mounted && Self.allowedMethods.contains(method) {
                out.append(
                    FacetWarning(
                        "\(label): the node mounts only GET and POST routes of \(kind.rawValue) facets; "
                            + "this route is never served"))
            }
            if mounted && !seen.insert(method + " " + route.path).inserted {
                out.append(
                    FacetWarning("\(label) is declared twice; the node's router refuses overlapping routes"))
            }
            if route.file != nil && kind != .static {
                out.append(FacetWarning("\(label): `file` is ignored for \(kind.rawValue) facets"))
            }
            if route.upstreamPath != nil && kind != .proxy {
                out.append(FacetWarning("\(label): `upstream_path` is ignored for \(kind.rawValue) facets"))
            }
        }
        return out
    }
}
