import Foundation

extension FacetUpstream {
    /// Splits an upstream URL such as `http://127.0.0.1:5401/api` into scheme, host, port and base path.
    ///
    /// The port defaults to 80 for `http` and 443 for `https`; a path of `/` or nothing gives no base path.
    /// The scheme is not checked here (``FacetDefinition/validate()`` does that with the node's message).
    ///
    /// - Throws: ``FacetManifestError`` (stage ``FacetManifestError/Stage/parse``) when the text is not a
    ///   URL with a scheme and a host, or has a query, fragment or credentials, which a manifest cannot hold.
    public init(url text: String) throws(FacetManifestError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
            let host = components.host, !host.isEmpty
        else {
            throw .parse("not a URL with a scheme and a host: \(text)", at: "upstream")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil,
            components.password == nil
        else {
            throw .parse("an upstream URL cannot carry a query, fragment or credentials: \(text)", at: "upstream")
        }
        let port: Int
        if let given = components.port {
            port = given
        } else {
            port = scheme.asciiLowercased() == "https" ? 443 : 80
        }
        guard let port16 = UInt16(exactly: port) else {
            throw .parse("port \(port) is outside 0...65535", at: "upstream.port")
        }
        let path = components.percentEncodedPath
        self.init(scheme: scheme, host: host, port: port16, basePath: path.isEmpty || path == "/" ? nil : path)
    }

    /// The upstream as a URL string, `{scheme}://{host}:{port}{base_path}`, the base the node forwards to.
    public var urlString: String {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme.trimmingWhitespace().asciiLowercased())://\(hostPart):\(port)\(basePath ?? "")"
    }
}
