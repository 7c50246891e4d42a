/// One route of a ``FacetDefinition``, the same for both manifest shapes.
public struct FacetRouteDefinition: Hashable, Sendable {
    /// The HTTP method as written in the manifest (`GET` for every legacy route). The node compares it
    /// case-insensitively (ASCII only); see ``normalizedMethod``.
    public var method: String
    /// The path below the facet's mount point, as written (an axum pattern: `/*tail` matches deeper paths).
    public var path: String
    /// The file a static route serves, as written in the manifest.
    public var file: String?
    /// The path a proxy route requests on the upstream instead of ``path``.
    public var upstreamPath: String?

    /// Creates a route (a `GET` unless `method` says otherwise).
    public init(method: String = "GET", path: String, file: String? = nil, upstreamPath: String? = nil) {
        self.method = method
        self.path = path
        self.file = file
        self.upstreamPath = upstreamPath
    }

    /// ``method`` with ASCII letters upper-cased, the form the node matches on (`get` → `GET`;
    /// non-ASCII letters are left alone, exactly like Rust's `to_ascii_uppercase`).
    public var normalizedMethod: String {
        String(decoding: method.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
