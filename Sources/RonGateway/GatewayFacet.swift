import Foundation

/// A facet the gateway serves under `/app/facets/{id}{path}`: the small in-memory model of a facet
/// manifest (the TOML manifest loader turns its manifests into these).
///
/// The rules follow the real node's facet mount: static facets answer `GET` with a file's bytes,
/// echo facets answer `{"echo":"ok"}`, proxy facets forward to their upstream. A route path ending
/// in `/*tail` matches every deeper path below its prefix.
public struct GatewayFacet: Sendable, Hashable {
    /// What a facet does with a request.
    public enum Kind: String, Sendable, Hashable {
        /// Serves files.
        case `static`
        /// Answers `{"echo":"ok"}`.
        case echo
        /// Forwards to an upstream.
        case proxy
    }

    /// Where a proxy facet forwards to.
    public struct Upstream: Sendable, Hashable {
        /// `http` or `https`.
        public var scheme: String
        /// The upstream host.
        public var host: String
        /// The upstream port.
        public var port: Int
        /// A path prefix on the upstream, empty for none.
        public var basePath: String

        /// Creates an upstream.
        public init(scheme: String = "http", host: String, port: Int, basePath: String = "") {
            self.scheme = scheme
            self.host = host
            self.port = port
            self.basePath = basePath
        }
    }

    /// One route of a facet.
    public struct Route: Sendable, Hashable {
        /// The HTTP method, compared case-insensitively.
        public var method: String
        /// The path below the facet, starting with `/`; a trailing `/*tail` matches any deeper path.
        public var path: String
        /// For static facets: the file whose bytes are served.
        public var file: URL?
        /// For proxy facets: the upstream path to use instead of ``path``.
        public var upstreamPath: String?

        /// Creates a route.
        public init(method: String = "GET", path: String, file: URL? = nil, upstreamPath: String? = nil) {
            self.method = method
            self.path = path
            self.file = file
            self.upstreamPath = upstreamPath
        }
    }

    /// The facet id, the first path segment after `/app/facets/`.
    public var id: String
    /// What the facet does.
    public var kind: Kind
    /// The upstream of a proxy facet.
    public var upstream: Upstream?
    /// The routes of the facet.
    public var routes: [Route]

    /// Creates a facet.
    public init(id: String, kind: Kind, upstream: Upstream? = nil, routes: [Route]) {
        self.id = id
        self.kind = kind
        self.upstream = upstream
        self.routes = routes
    }
}
