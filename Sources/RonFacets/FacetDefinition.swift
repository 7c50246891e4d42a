/// The normalized view of a facet manifest: what Micronode's loader keeps after parsing, whatever the
/// file's shape.
///
/// A legacy manifest (top-level `id`, `kind`, `routes`) becomes the same value as its v1 twin, with
/// every route a `GET` and no upstream. Build one from a decoded ``FacetManifest`` with
/// ``init(manifest:)``, or read one from TOML with ``FacetManifestReader``; check it against the node's
/// rules with ``validate()`` and see what the node will not serve with ``warnings``.
public struct FacetDefinition: Hashable, Sendable {
    /// The facet id; the node mounts the routes under `/facets/{id}`.
    public var id: String
    /// What the node does with a request. Never ``FacetKind/unknown(_:)`` when made by this module.
    public var kind: FacetKind
    /// The upstream of a proxy facet (always `nil` for a legacy manifest, whose upstream the node never reads).
    public var upstream: FacetUpstream?
    /// The routes in file order.
    public var routes: [FacetRouteDefinition]
    /// The layout the manifest was read from.
    public var shape: FacetManifestShape

    /// Creates a definition.
    public init(
        id: String, kind: FacetKind, upstream: FacetUpstream? = nil, routes: [FacetRouteDefinition],
        shape: FacetManifestShape = .v1
    ) {
        self.id = id
        self.kind = kind
        self.upstream = upstream
        self.routes = routes
        self.shape = shape
    }

    /// Normalizes a decoded manifest the way the node does.
    ///
    /// A manifest with a `facet` header is read as v1 (its legacy `id`, `kind` and `routes` are ignored);
    /// one without is read as legacy and needs both `id` and `kind`.
    ///
    /// - Throws: ``FacetManifestError`` (stage ``FacetManifestError/Stage/parse``) when neither shape is
    ///   complete or the kind is not `static`, `echo` or `proxy` — cases the node's parser rejects.
    public init(manifest: FacetManifest) throws(FacetManifestError) {
        if let header = manifest.facet {
            try Self.requireKnown(header.kind, at: "facet.kind")
            self.init(
                id: header.id, kind: header.kind, upstream: manifest.upstream,
                routes: (manifest.route ?? []).map {
                    FacetRouteDefinition(method: $0.method, path: $0.path, file: $0.file, upstreamPath: $0.upstreamPath)
                },
                shape: .v1)
            return
        }
        guard let id = manifest.id else {
            throw .parse(FacetManifestReader.noShapeMessage)
        }
        guard let kind = manifest.kind else {
            throw .parse("missing field `kind`")
        }
        try Self.requireKnown(kind, at: "kind")
        self.init(
            id: id, kind: kind, upstream: nil,
            routes: (manifest.routes ?? []).map { FacetRouteDefinition(method: "GET", path: $0.path, file: $0.file) },
            shape: .legacy)
    }

    static func requireKnown(_ kind: FacetKind, at keyPath: String) throws(FacetManifestError) {
        if case .unknown(let value) = kind {
            throw .parse("unknown variant `\(value)`, expected one of `static`, `echo`, `proxy`", at: keyPath)
        }
    }
}
