extension FacetDefinition {
    /// The HTTP methods the node's validator accepts on any route.
    public static let allowedMethods: [String] = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    /// Checks the node's validation rules, in the node's order, and throws the first one broken with
    /// the node's own message.
    ///
    /// The rules (Micronode `FacetManifest::validate`):
    /// 1. `facet.id` not empty or blank — `facet.id must not be empty`.
    /// 2. Proxy facets: an upstream — `proxy facet requires [upstream]`; its scheme `http`/`https` after
    ///    trimming, any case — `upstream.scheme must be http or https: {scheme}`; a non-blank host —
    ///    `upstream.host must not be empty`; a non-zero port — `upstream.port must be > 0`; a base path
    ///    empty or starting with `/` — `upstream.base_path must start with '/': {base_path}`.
    /// 3. Each route in order: the path starts with `/` — `route.path must start with '/': {path}`; the
    ///    method is one of ``allowedMethods`` ignoring ASCII case —
    ///    `route.method must be one of GET/POST/PUT/PATCH/DELETE: {method}`; static routes are GET —
    ///    `static routes must be GET` — with a non-empty file — `static route requires non-empty 'file'`;
    ///    a proxy route's `upstream_path`, when present, starts with `/` —
    ///    `route.upstream_path must start with '/': {upstream_path}`.
    ///
    /// A kind outside `static`, `echo` and `proxy` (possible only in a hand-made value) fails first, as a
    /// parse error, because the node cannot even parse such a file.
    ///
    /// Whether a static route's file exists is a loader check, not a validation rule; see
    /// ``FacetDirectoryLoader``.
    ///
    /// - Throws: ``FacetManifestError`` with stage ``FacetManifestError/Stage/validate``.
    public func validate() throws(FacetManifestError) {
        try Self.requireKnown(kind, at: shape == .v1 ? "facet.kind" : "kind")
        if id.trimmingWhitespace().isEmpty {
            throw .validation("facet.id must not be empty")
        }
        if kind == .proxy {
            guard let upstream else {
                throw .validation("proxy facet requires [upstream]")
            }
            let scheme = upstream.scheme.trimmingWhitespace().asciiLowercased()
            if scheme != "http" && scheme != "https" {
                throw .validation("upstream.scheme must be http or https: \(upstream.scheme)")
            }
            if upstream.host.trimmingWhitespace().isEmpty {
                throw .validation("upstream.host must not be empty")
            }
            if upstream.port == 0 {
                throw .validation("upstream.port must be > 0")
            }
            if let basePath = upstream.basePath, !basePath.isEmpty, !basePath.hasPrefix("/") {
                throw .validation("upstream.base_path must start with '/': \(basePath)")
            }
        }
        for route in routes {
            if !route.path.hasPrefix("/") {
                throw .validation("route.path must start with '/': \(route.path)")
            }
            let method = route.normalizedMethod
            if !Self.allowedMethods.contains(method) {
                throw .validation("route.method must be one of GET/POST/PUT/PATCH/DELETE: \(route.method)")
            }
            switch kind {
            case .static:
                if method != "GET" {
                    throw .validation("static routes must be GET")
                }
                if route.file?.isEmpty ?? true {
                    throw .validation("static route requires non-empty 'file'")
                }
            case .proxy:
                if let upstreamPath = route.upstreamPath, !upstreamPath.hasPrefix("/") {
                    throw .validation("route.upstream_path must start with '/': \(upstreamPath)")
                }
            case .echo, .unknown:
                break
            }
        }
    }

    /// Whether ``validate()`` passes.
    public var isValid: Bool {
        do {
            try validate()
            return true
        } catch {
            return false
        }
    }
}

extension String {
    /// The string without leading and trailing white space (Unicode `White_Space`, like Rust's `trim`).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// The string with ASCII letters lower-cased and everything else kept (Rust's `to_ascii_lowercase`).
    func asciiLowercased() -> String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
