import Foundation

/// The `servers` of OpenAPI documents: where a document's operations are called, as a path below
/// the client's base URL.
extension SchemaTranslator {
    /// The path prefix of the App Plane document, and of every document without `servers`: the
    /// client's own `/app`.
    static let appPlaneServerPath = "/app"

    /// The path of the first server of `servers` (an operation's, a path item's or a document's), or
    /// `nil` when there is none. `{variables}` take their `default`; the scheme and authority of an
    /// absolute URL are dropped (the client's base URL says where the server is), a relative URL is
    /// taken as a path below it, and a trailing `/` is dropped (`https://h/v2/` → `/v2`, `/` → ``).
    ///
    /// What a vendor's description gets wrong here is a warning, never a refusal: a variable of the
    /// path with no `default` takes its first `enum` value, else nothing (`RonConfig.serverPaths` sets
    /// the real prefix); one of the scheme or authority needs no value, since that part is dropped;
    /// servers that are not a list of objects with a `url` are read as absent.
    func serverPath(_ servers: DocumentValue?, at: Location) -> String? {
        guard let servers else { return nil }
        guard case .array(let list) = servers else {
            warnings.note(at, "servers must be a list of server objects: ignored")
            return nil
        }
        guard let first = list.first else { return nil }
        let here = at.appending("0")
        guard first.members != nil, let template = first["url"]?.string else {
            warnings.note(here, "a server must be an object with a string 'url': ignored")
            return nil
        }
        // Where the path begins: after the authority of an absolute URL, at the start of a relative one.
        var pathStart = template.startIndex
        if let scheme = template.range(of: "://") {
            pathStart = template[scheme.upperBound...].firstIndex(of: "/") ?? template.endIndex
        } else if template.hasPrefix("//") {
            pathStart = template.dropFirst(2).firstIndex(of: "/") ?? template.endIndex
        }
        var url = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            url += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                warnings.note(
                    here.appending("url"), "the server URL '\(template)' has a '{' without a '}': read up to it")
                rest = ""
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            let variable = first["variables"]?[name]
            if let value = variable?["default"]?.string {
                url += value
                continue
            }
            // A variable before the path (`https://{region}.example.io`) names a host, which the
            // client's base URL gives: any value does.
            if open < pathStart {
                url += name
                continue
            }
            if let value = variable?["enum"]?.arrayValue?.first?.string {
                warnings.note(
                    here.appending("variables"),
                    "the server URL '\(template)' uses the variable '\(name)', which has no string 'default': its first enum value '\(value)' is taken"
                )
                url += value
            } else {
                warnings.note(
                    here.appending("variables"),
                    "the server URL '\(template)' uses the variable '\(name)', which has no string 'default': it is left empty; set the prefix with RonConfig.serverPaths"
                )
            }
        }
        url += rest
        return Self.path(ofServerURL: url)
    }

    /// The path of a server URL with its variables filled in: what follows the authority of an
    /// absolute URL, the URL itself when it is relative; without a query, a fragment, a leading `./`
    /// or trailing `/`s, and with a leading `/` when it is not empty.
    static func path(ofServerURL url: String) -> String {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        if let scheme = path.range(of: "://") {
            path = path[scheme.upperBound...]
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        } else if path.hasPrefix("//") {
            path = path.dropFirst(2)
            path = path.firstIndex(of: "/").map { path[$0...] } ?? ""
        }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        if path == "." { path = "" }
        while path.hasSuffix("/") { path = path.dropLast() }
        if !path.isEmpty && !path.hasPrefix("/") { return "/" + path }
        return String(path)
    }
}
