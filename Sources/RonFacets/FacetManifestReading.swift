import RonTOML

/// The result of decoding one shape of a manifest table, before normalization.
struct FacetManifestReading {
    var manifest: FacetManifest
    var warnings: [FacetWarning]

    /// The node's `V1Doc`: `facet` (id, kind) required; `upstream` and `route` decoded strictly when
    /// present; hint tables and legacy keys decoded leniently (the node ignores them).
    static func v1(_ table: TOMLTable) throws(FacetManifestError) -> FacetManifestReading {
        var warnings: [FacetWarning] = []
        guard let facetValue = table["facet"] else { throw .parse("missing field `facet`") }
        guard var facetTable = facetValue.tableValue else {
            throw .parse("invalid type: \(facetValue.typeName), expected a table", at: "facet")
        }
        var security: FacetSecurityHints?
        var meta: FacetMeta?
        var limits: FacetLimits?
        if let value = facetTable["security"] {
            security = lenient(FacetSecurityHints.self, value, at: "facet.security", &warnings)
            facetTable["security"] = nil
        }
        if let value = facetTable["meta"] {
            meta = lenient(FacetMeta.self, value, at: "facet.meta", &warnings)
            facetTable["meta"] = nil
        }
        if let value = facetTable["limits"] {
            limits = lenient(FacetLimits.self, value, at: "facet.limits", &warnings)
            facetTable["limits"] = nil
        }
        if facetTable.contains("upstream") {
            warnings.append(FacetWarning("[facet.upstream] is ignored: the node reads only a top-level [upstream]"))
        }
        var header = try FacetValueDecoder(keyPath: "facet").decode(FacetHeader.self, from: .table(facetTable))
        try FacetDefinition.requireKnown(header.kind, at: "facet.kind")
        header.security = security
        header.meta = meta
        header.limits = limits
        let hints = [("facet.security", security != nil), ("facet.meta", meta != nil), ("facet.limits", limits != nil)]
        for (name, present) in hints where present {
            warnings.append(FacetWarning("[\(name)] is a hint only; today's node does not read it"))
        }

        var manifest = FacetManifest(facet: header)
        if let value = table["upstream"] {
            try requireInteger(value, key: "port", at: "upstream")
            manifest.upstream = try FacetValueDecoder(keyPath: "upstream").decode(FacetUpstream.self, from: value)
        }
        if let value = table["route"] {
            manifest.route = try routes(value, &warnings)
        }
        // Legacy keys beside [facet]: the node ignores them; keep what decodes so the file round-trips.
        if let value = table["id"] {
            manifest.id = lenient(String.self, value, at: "id", &warnings)
        }
        if let value = table["kind"] {
            manifest.kind = lenient(FacetKind.self, value, at: "kind", &warnings)
        }
        if let value = table["routes"] {
            manifest.routes = lenient([LegacyFacetRoute].self, value, at: "routes", &warnings)
            warnings.append(
                FacetWarning(
                    "legacy `routes` is ignored: the file has a [facet] table, so the node reads [[route]] only"))
        }
        if manifest.id != nil || manifest.kind != nil {
            warnings.append(
                FacetWarning(
                    "top-level `id`/`kind` are ignored: the file has a [facet] table, so the node reads facet.id and facet.kind"
                ))
        }
        return FacetManifestReading(manifest: manifest, warnings: warnings)
    }

    /// The node's `LegacyDoc`: top-level `id` and `kind` required, `routes` decoded strictly when present.
    static func legacy(_ table: TOMLTable) throws(FacetManifestError) -> FacetManifestReading {
        var warnings: [FacetWarning] = []
        guard let idValue = table["id"] else { throw .parse("missing field `id`") }
        guard let kindValue = table["kind"] else { throw .parse("missing field `kind`") }
        let id = try FacetValueDecoder(keyPath: "id").decode(String.self, from: idValue)
        let kind = try FacetValueDecoder(keyPath: "kind").decode(FacetKind.self, from: kindValue)
        try FacetDefinition.requireKnown(kind, at: "kind")
        var manifest = FacetManifest(id: id, kind: kind)
        if let value = table["routes"] {
            manifest.routes = try FacetValueDecoder(keyPath: "routes").decode([LegacyFacetRoute].self, from: value)
        }
        if let value = table["upstream"] {
            warnings.append(FacetWarning("[upstream] is ignored: the node never reads it in a legacy manifest"))
            manifest.upstream = lenient(FacetUpstream.self, value, at: "upstream", &warnings)
        }
        if let value = table["route"] {
            warnings.append(FacetWarning("[[route]] is ignored: the node reads a legacy manifest's `routes` only"))
            manifest.route = lenient([FacetRoute].self, value, at: "route", &warnings)
        }
        return FacetManifestReading(manifest: manifest, warnings: warnings)
    }

    // MARK: Parts

    /// `[[route]]`: each route strict, its `[route.integrity]` hint lenient.
    private static func routes(_ value: TOMLValue, _ warnings: inout [FacetWarning]) throws(FacetManifestError)
        -> [FacetRoute]
    {
        guard let elements = value.arrayValue else {
            throw .parse("invalid type: \(value.typeName), expected an array of tables", at: "route")
        }
        var out: [FacetRoute] = []
        for (index, element) in elements.enumerated() {
            let path = "route[\(index)]"
            guard var routeTable = element.tableValue else {
                throw .parse("invalid type: \(element.typeName), expected a table", at: path)
            }
            var integrity: FacetRouteIntegrity?
            if let hint = routeTable["integrity"] {
                integrity = lenient(FacetRouteIntegrity.self, hint, at: path + ".integrity", &warnings)
                routeTable["integrity"] = nil
                if integrity != nil {
                    warnings.append(FacetWarning("[\(path).integrity] is a hint only; today's node does not read it"))
                }
            }
            var route = try FacetValueDecoder(keyPath: path).decode(FacetRoute.self, from: .table(routeTable))
            route.integrity = integrity
            out.append(route)
        }
        return out
    }

    /// A value the node ignores: decoded when possible, otherwise dropped with a warning.
    private static func lenient<T: Decodable>(
        _ type: T.Type, _ value: TOMLValue, at keyPath: String, _ warnings: inout [FacetWarning]
    ) -> T? {
        do {
            return try FacetValueDecoder(keyPath: keyPath).decode(type, from: value)
        } catch {
            warnings.append(
                FacetWarning(
                    "`\(keyPath)` is left out (\(error.keyPath ?? keyPath): \(error.message)); the node ignores it"))
            return nil
        }
    }

    /// The node's TOML deserializer never turns a float into an integer; `JSONDecoder` would.
    private static func requireInteger(_ table: TOMLValue, key: String, at keyPath: String) throws(FacetManifestError) {
        if let value = table.tableValue?[key], case .float(let number) = value {
            throw .parse(
                "invalid type: float \(number), expected an integer in 0...65535 (u16)", at: "\(keyPath).\(key)")
        }
    }
}
