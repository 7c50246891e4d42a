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
    static func serverPath(_ servers: DocumentValue?, at: Location) throws(CodegenError) -> String? {
        guard let servers else { return nil }
        guard case .array(let list) = servers else { throw at.error("servers must be a list of server objects") }
        guard let first = list.first else { return nil }
        let here = at.appending("0")
        guard first.members != nil, let template = first["url"]?.string else {
            throw here.error("a server must be an object with a string 'url'")
        }
        var url = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            url += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw here.appending("url").error("the server URL '\(template)' has a '{' without a '}'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = first["variables"]?[name]?["default"]?.string else {
                throw here.appending("variables").error(
                    "the server URL '\(template)' uses the variable '\(name)', which has no string 'default'")
            }
            url += value
            rest = rest[rest.index(after: close)...]
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
