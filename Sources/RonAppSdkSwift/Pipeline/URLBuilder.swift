import Foundation

/// Builds `{base}/app{path}?{query}` URLs, and `{base}{server path}{path}?{query}` for a path that
/// starts with ``RonPath/server(_:)`` (the calls of a document with its own `servers`).
///
/// - The base URL's own path is kept as a prefix (`https://h/prefix` → `https://h/prefix/app/...`);
///   trailing slashes on it are dropped.
/// - `path` is below `/app`: a missing leading `/` is added, the empty path is `{base}/app`, and a
///   path that already starts with `/app/` is not prefixed again (`/apple` is). It is split on `/`
///   and every segment is percent-encoded on its own, so pass it *unencoded*
///   (`"/files/my report"`). Empty segments (`//`, a trailing `/`) are kept.
/// - A query written in the path (`"/search?q=a%20b&page=2"`) is split off: its parameters are
///   percent-decoded and sent first, then those of `query:`, all encoded alike.
/// - A `.` or `..` segment, a `#` (a fragment is never sent), or a control character (CR, LF, NUL,
///   ...) is refused with ``LocalNetworkError/invalidPath(_:reason:)``.
/// - A segment made by ``RonPath/segment(_:)`` (already encoded, between two U+001F markers) is sent
///   as it is; nothing else can hold that control character.
/// - Query names and values are percent-encoded strictly, in the order given.
struct URLBuilder: Sendable {
    /// The scheme, authority and encoded path prefix of the base, for example `https://h:8443/prefix`.
    let origin: String
    /// `origin` and `/app` as bytes: every URL starts with them.
    private let appPrefix: [UInt8]

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
        appPrefix = Array((origin + "/app").utf8)
    }

    /// The full URL for an App Plane path.
    ///
    /// The text is written into one buffer (prefix, encoded path, query) and made a `String` once.
    func url(path: String, query: [URLQueryItem]) throws(LocalNetworkError) -> URL {
        if let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) {
            let written = path[path.utf8.index(after: mark)...]
            if written.utf8.contains(UInt8(ascii: "#")) {
                throw .invalidPath(path, reason: "\"#\" starts a fragment, which is never sent to the server")
            }
            return try url(path: String(path[..<mark]), query: Self.queryItems(written) + query)
        }
        var bytes: [UInt8]
        if path.utf8.first == RonPath.serverMarker {
            bytes = try serverPrefixed(path)
        } else {
            bytes = appPrefix
            bytes.reserveCapacity(appPrefix.count + path.utf8.count + 16)
            try Self.encodePath(path, into: &bytes)
        }
        if !query.isEmpty {
            bytes.append(UInt8(ascii: "?"))
            Self.encodeQuery(query, into: &bytes)
        }
        guard let url = URL(string: String(decoding: bytes, as: UTF8.self)) else {
            throw .invalidPath(path, reason: "the resulting URL is not valid")
        }
        return url
    }

    /// The parameters of a query written in a path, in order: `name=value` pairs split on `&`, each
    /// side percent-decoded (`+` stays a plus; text that is not valid percent-encoding is kept as
    /// written); a name without `=` has no value.
    static func queryItems(_ text: Substring) -> [URLQueryItem] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            func decoded(_ part: Substring) -> String { part.removingPercentEncoding ?? String(part) }
            guard let equals = pair.firstIndex(of: "=") else { return URLQueryItem(name: decoded(pair), value: nil) }
            return URLQueryItem(name: decoded(pair[..<equals]), value: decoded(pair[pair.index(after: equals)...]))
        }
    }

    /// `origin`, the server path that `path` starts with (``RonPath/server(_:)``) and the rest of
    /// `path` below it, each segment percent-encoded; `app` is an ordinary segment there.
    private func serverPrefixed(_ path: String) throws(LocalNetworkError) -> [UInt8] {
        let utf8 = Array(path.utf8.dropFirst())
        guard let end = utf8.firstIndex(of: RonPath.serverMarker) else {
            throw .invalidPath(RonPath.display(path), reason: "a server path is not closed")
        }
        var bytes = Array(origin.utf8)
        bytes.reserveCapacity(bytes.count + utf8.count + 16)
        let prefix = String(decoding: utf8[..<end], as: UTF8.self)
        let rest = String(decoding: utf8[(end + 1)...], as: UTF8.self)
        if !prefix.isEmpty { try Self.encodePath(prefix, belowApp: false, into: &bytes) }
        try Self.encodePath(rest, belowApp: false, into: &bytes)
        return bytes
    }

    /// Appends the encoded path to `out` (nothing for the empty path).
    ///
    /// The path is taken below `/app` as the family's SDKs agree on it: a leading `/` added when
    /// missing, `/app` and `/app/...` taken as already below it. The work is done on the string's
    /// UTF-8 bytes in place (`withUTF8`), one pass for the checks and one to encode.
    /// With `belowApp` false (a path below another server path), a leading `app` segment is kept.
    static func encodePath(_ original: String, belowApp: Bool = true, into out: inout [UInt8])
        throws(LocalNetworkError)
    {
        var text = original
        let failure: LocalNetworkError? = text.withUTF8 { bytes in
            do throws(LocalNetworkError) {
                try encodePath(bytes[...], original: original, belowApp: belowApp, into: &out)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private static func encodePath(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, original: String, belowApp: Bool, into out: inout [UInt8]
    ) throws(LocalNetworkError) {
        if bytes.isEmpty { return }
        // What follows the leading `/` of the path below `/app`.
        var path = bytes.first == UInt8(ascii: "/") ? bytes.dropFirst() : bytes
        if belowApp, path.starts(with: "app".utf8) {
            let rest = path.dropFirst(3)
            if rest.isEmpty { return }
            if rest.first == UInt8(ascii: "/") { path = rest.dropFirst() }
        }
        // One pass over the bytes for the common case; only a path with a control character or
        // non-ASCII text needs its scalars looked at (C0, DEL and C1 are the control characters; the
        // `/app` prefix dropped above has none).
        var needsScalars = false
        var queryOrFragment = false
        for byte in path {
            if byte < 0x20 || byte >= 0x7F { needsScalars = true }
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { queryOrFragment = true }
        }
        if needsScalars,
            let bad = original.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0.value != UInt32(RonPath.marker)) || (0x7F...0x9F).contains($0.value)
            })
        {
            throw .invalidPath(original, reason: "control character U+\(String(bad.value, radix: 16, uppercase: true))")
        }
        if queryOrFragment {
            throw .invalidPath(original, reason: "\"#\" starts a fragment, which is never sent to the server")
        }
        out.append(UInt8(ascii: "/"))
        // Each segment percent-encoded on its own, straight into the buffer; `.` and `..` refused.
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
        for byte in path {
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
                try endSegment()
                out.append(byte)
                continue
            }
            length += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
            PercentEncoding.append(byte, to: &out)
        }
        if encoded { throw .invalidPath(original, reason: "an encoded segment is not closed") }
        try endSegment()
    }

    /// Appends `name=value` pairs joined with `&` (an item without a value is its name alone).
    static func encodeQuery(_ items: [URLQueryItem], into out: inout [UInt8]) {
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            for byte in item.name.utf8 { PercentEncoding.append(byte, to: &out) }
            guard let value = item.value else { continue }
            out.append(UInt8(ascii: "="))
            for byte in value.utf8 { PercentEncoding.append(byte, to: &out) }
        }
    }
}
