import Foundation

/// Security: a document's `components/securitySchemes` become ``SecurityScheme``s, and the
/// document's default `security` or an operation's own become each ``Operation``'s requirements.
///
/// Tolerant like the rest of `paths`: a scheme that cannot be read, or a requirement that names a
/// scheme the document does not declare, is left out with a warning; the operations still generate.
extension SchemaTranslator {
    /// The security schemes of every OpenAPI document, in document order.
    func securitySchemes(_ documents: [Document]) -> [SecurityScheme] {
        var result: [SecurityScheme] = []
        var takenTypes = Set(definitions.keys).union(Naming.reservedTypeNames)
        for document in documents where document.root["openapi"] != nil {
            guard let node = document.root["components"]?["securitySchemes"] else { continue }
            let at = Location(file: document.path, pointer: "/components/securitySchemes")
            guard let entries = node.members else {
                warnings.note(at, "securitySchemes must be an object: no scheme is read")
                continue
            }
            var taken: Set<String> = ["credentials"]
            let first = result.count
            for (name, value) in entries where !name.hasPrefix("x-") {
                let here = at.appending(name)
                var value = value
                // A scheme may be a `$ref` to another of this document's schemes.
                if let ref = value["$ref"]?.string, ref.hasPrefix("#/") {
                    let target = ref.dropFirst(2).split(separator: "/").map { Pointer.unescape(String($0)) }
                    var node: DocumentValue? = document.root
                    for token in target { node = node?[token] }
                    guard let resolved = node else {
                        warnings.note(here, "'\(ref)' names nothing in this document: the scheme is left out")
                        continue
                    }
                    value = resolved
                } else if let ref = value["$ref"]?.string {
                    warnings.note(here, "'\(ref)' could not be read: the scheme is left out")
                    continue
                }
                guard let kind = schemeKind(value, at: here) else { continue }
                result.append(
                    SecurityScheme(
                        name: name,
                        swiftName: Naming.member(name, taken: &taken, reserved: Naming.keywords, suffix: "Scheme"),
                        kind: kind,
                        description: value["description"]?.string,
                        origin: Origin(file: here.file, pointer: here.pointer)
                    ))
            }
            guard result.count > first else { continue }
            // `petstore.openapi.yaml` → `PetstoreSecurity` and `PetstoreCredentials`.
            let stem = document.path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) }
            var base = Naming.typeName(stem ?? "API")
            if base.isEmpty { base = "API" }
            let security = Self.unique(base + "Security", taken: &takenTypes)
            let credentials = Self.unique(base + "Credentials", taken: &takenTypes)
            for index in first..<result.count {
                result[index].securityTypeName = security
                result[index].credentialsTypeName = credentials
            }
        }
        return result
    }

    /// The kind of one scheme, or `nil` (with a warning) when it cannot be read.
    func schemeKind(_ node: DocumentValue, at: Location) -> SecurityScheme.Kind? {
        guard let type = node["type"]?.string else {
            warnings.note(at, "a security scheme needs a type: the scheme is left out")
            return nil
        }
        switch type {
        case "apiKey":
            guard let name = node["name"]?.string, !name.isEmpty else {
                warnings.note(at.appending("name"), "an apiKey scheme needs a name: the scheme is left out")
                return nil
            }
            let location = node["in"]?.string ?? ""
            guard ["header", "query", "cookie"].contains(location) else {
                warnings.note(
                    at.appending("in"),
                    "an apiKey goes in a header, the query or a cookie, not '\(location)': the scheme is left out")
                return nil
            }
            return .apiKey(name: name, location: location)
        case "http":
            guard let scheme = node["scheme"]?.string?.trimmingCharacters(in: .whitespaces), !scheme.isEmpty else {
                warnings.note(at.appending("scheme"), "an http scheme needs a scheme name: read as 'bearer'")
                return .http(scheme: "bearer", bearerFormat: nil)
            }
            return .http(scheme: scheme.lowercased(), bearerFormat: node["bearerFormat"]?.string)
        case "oauth2":
            var flows: [SecurityScheme.OAuthFlow] = []
            for (kind, flow) in node["flows"]?.members ?? [] where !kind.hasPrefix("x-") {
                flows.append(
                    SecurityScheme.OAuthFlow(
                        kind: kind, authorizationURL: flow["authorizationUrl"]?.string,
                        tokenURL: flow["tokenUrl"]?.string, refreshURL: flow["refreshUrl"]?.string,
                        scopes: (flow["scopes"]?.members ?? []).map(\.key)))
            }
            if flows.isEmpty {
                warnings.note(at.appending("flows"), "an oauth2 scheme lists no flow: tokens are given by hand")
            }
            return .oauth2(flows)
        case "openIdConnect":
            guard let url = node["openIdConnectUrl"]?.string else {
                warnings.note(at, "an openIdConnect scheme needs openIdConnectUrl: tokens are given by hand")
                return .openIdConnect(url: "")
            }
            return .openIdConnect(url: url)
        case "mutualTLS":
            return .mutualTLS
        default:
            warnings.note(at.appending("type"), "'\(type)' is not a security scheme type: the scheme is left out")
            return nil
        }
    }

    /// The requirements of `node` (an operation's `security`, else the document's), or `nil` when
    /// neither says. A requirement naming a scheme the document does not declare is left out.
    func requirements(
        _ node: DocumentValue?, schemes: [SecurityScheme], file: String, at: Location
    ) -> [[SecurityUse]]? {
        guard let node else { return nil }
        guard case .array(let items) = node else {
            warnings.note(at, "security must be a list of requirements: ignored")
            return nil
        }
        var result: [[SecurityUse]] = []
        var dropped = false
        for (index, item) in items.enumerated() {
            guard let members = item.members else {
                warnings.note(at.appending(String(index)), "a security requirement must be an object: left out")
                dropped = true
                continue
            }
            var uses: [SecurityUse] = []
            var known = true
            for (name, scopes) in members {
                guard let scheme = schemes.first(where: { $0.name == name && $0.origin.file == file }) else {
                    warnings.note(
                        at.appending(String(index)).appending(name),
                        "'\(name)' is not a security scheme of this document: this requirement is left out")
                    known = false
                    break
                }
                var use = SecurityUse(scheme: name, scopes: scopes.arrayValue?.compactMap(\.string) ?? [])
                use.reference = scheme.securityTypeName + "." + scheme.swiftName
                uses.append(use)
            }
            if known { result.append(uses) } else { dropped = true }
        }
        // Every requirement named unknown schemes: nothing can be attached, as if none were said.
        if dropped && result.isEmpty { return nil }
        return result
    }
}
