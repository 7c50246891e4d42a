import Foundation

/// Builds `{base}/app{path}?{query}` URLs.
///
/// - The base URL's own path is kept as a prefix (`https://h/prefix` → `https://h/prefix/app/...`);
///   trailing slashes on it are dropped.
/// - `path` must start with `/`. It is split on `/` and every segment is percent-encoded on its own,
///   so pass it *unencoded* (`"/files/my report"`). Empty segments (`//`, a trailing `/`) are kept.
/// - A `.` or `..` segment, a `?` or `#` (use `query:`), or a control character (CR, LF, NUL, ...)
///   is refused with ``LocalNetworkError/invalidPath(_:reason:)``.
/// - Query names and values are percent-encoded strictly, in the order given.
struct URLBuilder: Sendable {
    /// The scheme, authority and encoded path prefix of the base, for example `https://h:8443/prefix`.
    let origin: String

    init(baseUrl: URL) throws(SdkConfigError) {
        guard let components = URLComponents(url: baseUrl, resolvingAgainstBaseURL: false) else {
            throw .invalidBaseUrl(reason: "cannot be parsed")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw .invalidBaseUrl(reason: "the scheme must be https (or http with allowInsecureHttp)")
        }
        guard let host = components.percentEncodedHost, !host.isEmpty else {
            throw .invalidBaseUrl(reason: "the URL has no host")
        }
        guard components.user == nil, components.password == nil else {
            throw .invalidBaseUrl(reason: "credentials in the URL are not allowed; use authToken")
        }
        guard components.percentEncodedQuery == nil, components.percentEncodedFragment == nil else {
            throw .invalidBaseUrl(reason: "the base URL must not have a query or fragment")
        }
        var prefix = components.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let portPart = components.port.map { ":\($0)" } ?? ""
        origin = "\(scheme)://\(hostPart)\(portPart)\(prefix)"
    }

    /// The full URL for an App Plane path.
    func url(path: String, query: [URLQueryItem]) throws(LocalNetworkError) -> URL {
        let encodedPath = try Self.encodePath(path)
        var text = origin + "/app" + encodedPath
        if !query.isEmpty {
            text += "?" + Self.encodeQuery(query)
        }
        guard let url = URL(string: text) else {
            throw .invalidPath(path, reason: "the resulting URL is not valid")
        }
        return url
    }

    static func encodePath(_ path: String) throws(LocalNetworkError) -> String {
        guard path.hasPrefix("/") else {
            throw .invalidPath(path, reason: "the path must start with \"/\"")
        }
        if let bad = path.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .invalidPath(path, reason: "control character U+\(String(bad.value, radix: 16, uppercase: true))")
        }
        if path.contains("?") || path.contains("#") {
            throw .invalidPath(path, reason: "\"?\" and \"#\" are not allowed in a path; pass parameters in query:")
        }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var out = ""
        for segment in segments {
            if segment == "." || segment == ".." {
                throw .invalidPath(path, reason: "\"\(segment)\" segments are not allowed")
            }
            out += "/" + PercentEncoding.encode(String(segment))
        }
        return out
    }

    static func encodeQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = PercentEncoding.encode(item.name)
            guard let value = item.value else { return name }
            return name + "=" + PercentEncoding.encode(value)
        }.joined(separator: "&")
    }
}
