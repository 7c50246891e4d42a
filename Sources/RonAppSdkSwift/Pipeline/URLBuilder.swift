import Foundation

/// Builds `{base}/app{path}?{query}` URLs.
///
/// - The base URL's own path is kept as a prefix (`https://h/prefix` → `https://h/prefix/app/...`);
///   trailing slashes on it are dropped.
/// - `path` is below `/app`: a missing leading `/` is added, the empty path is `{base}/app`, and a
///   path that already starts with `/app/` is not prefixed again (`/apple` is). It is split on `/`
///   and every segment is percent-encoded on its own, so pass it *unencoded*
///   (`"/files/my report"`). Empty segments (`//`, a trailing `/`) are kept.
/// - A `.` or `..` segment, a `?` or `#` (use `query:`), or a control character (CR, LF, NUL, ...)
///   is refused with ``LocalNetworkError/invalidPath(_:reason:)``.
/// - A segment made by ``RonPath/segment(_:)`` (already encoded, between two U+001F markers) is sent
///   as it is; nothing else can hold that control character.
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

    /// The path below `/app` as the family's SDKs agree on it: a leading `/` added when missing,
    /// `/app` and `/app/...` taken as already below it.
    static func appRelative(_ path: String) -> String {
        if path.isEmpty { return "" }
        let rooted = path.hasPrefix("/") ? path : "/" + path
        if rooted == "/app" { return "" }
        if rooted.hasPrefix("/app/") { return String(rooted.dropFirst(4)) }
        return rooted
    }

    static func encodePath(_ original: String) throws(LocalNetworkError) -> String {
        let path = appRelative(original)
        if path.isEmpty { return "" }
        // One pass over the bytes for the common case; only a path with a control character or
        // non-ASCII text needs its scalars looked at (C0, DEL and C1 are the control characters).
        if path.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }),
            let bad = path.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0.value != UInt32(RonPath.marker)) || (0x7F...0x9F).contains($0.value)
            })
        {
            throw .invalidPath(original, reason: "control character U+\(String(bad.value, radix: 16, uppercase: true))")
        }
        if path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            throw .invalidPath(original, reason: "\"?\" and \"#\" are not allowed in a path; pass parameters in query:")
        }
        // Each segment percent-encoded on its own, straight into one buffer; `.` and `..` refused.
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count + 16)
        var length = 0
        var dots = 0
        func endSegment() throws(LocalNetworkError) {
            if length == dots, length == 1 || length == 2 {
                throw .invalidPath(original, reason: "\"\(length == 1 ? "." : "..")\" segments are not allowed")
            }
            length = 0
            dots = 0
        }
        var encoded = false
        for byte in path.utf8 {
            if byte == RonPath.marker {
                encoded.toggle()
                continue
            }
            if encoded {
                // Made by RonPath.segment: unreserved bytes and `%XX` only.
                guard PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: "%") else {
                    throw .invalidPath(original, reason: "an encoded segment holds an unencoded byte")
                }
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
                out.append(byte)
                continue
            }
            if byte == UInt8(ascii: "/") {
                if !out.isEmpty { try endSegment() }
                out.append(byte)
                continue
            }
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
            PercentEncoding.append(byte, to: &out)
        }
        if encoded { throw .invalidPath(original, reason: "an encoded segment is not closed") }
        try endSegment()
        return String(decoding: out, as: UTF8.self)
    }

    static func encodeQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = PercentEncoding.encode(item.name)
            guard let value = item.value else { return name }
            return name + "=" + PercentEncoding.encode(value)
        }.joined(separator: "&")
    }
}
