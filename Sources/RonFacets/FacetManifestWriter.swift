import Foundation
import RonTOML

/// Writes facet manifests as TOML that Micronode's loader accepts as written.
///
/// The layout is the node's v1 shape: `[facet]`, then a top-level `[upstream]`, then one `[[route]]`
/// table per route; a legacy manifest keeps its top-level `id`, `kind` and `routes`. Keys come in a
/// fixed order (the order of the node's manifest docs), so the same manifest always renders to the same
/// text, and reading the text back gives the same manifest. Hint tables (`[facet.security]`,
/// `[facet.meta]`, `[facet.limits]`, `[route.integrity]`) are written when set; today's node ignores
/// them. The writer never adds a value of its own: no `public = true`, no limits.
public enum FacetManifestWriter {
    /// The preferred key order of each table, by the key the table sits under (`""` for the document).
    static let keyOrder: [String: [String]] = [
        "": ["id", "kind", "routes", "facet", "upstream", "route"],
        "facet": ["id", "kind", "security", "meta", "limits"],
        "security": ["public", "requires_auth"],
        "meta": ["description", "owner", "version"],
        "limits": ["max_rps", "max_concurrency"],
        "upstream": ["scheme", "host", "port", "base_path"],
        "route": ["method", "path", "file", "upstream_path", "integrity"],
        "integrity": ["algo", "value"],
        "routes": ["path", "file"],
    ]

    /// The TOML text of `manifest`.
    ///
    /// - Parameters:
    ///   - manifest: the manifest to write.
    ///   - validate: whether to refuse a manifest the node would reject (default `true`).
    /// - Throws: ``FacetManifestError``: the node's parse or validation error when `validate` is `true`
    ///   and the manifest is not acceptable, or a ``FacetManifestError/Stage/write`` error if encoding fails.
    public static func render(_ manifest: FacetManifest, validate: Bool = true) throws(FacetManifestError) -> String {
        if validate {
            try FacetDefinition(manifest: manifest).validate()
        }
        return TOMLWriter.render(try table(for: manifest))
    }

    /// The manifest as an ordered TOML table, through the generated `Codable` conformance.
    public static func table(for manifest: FacetManifest) throws(FacetManifestError) -> TOMLTable {
        let table: TOMLTable
        do {
            table = try TOMLTable(jsonObjectData: JSONEncoder().encode(manifest))
        } catch {
            throw FacetManifestError(stage: .write, message: "\(error)")
        }
        return ordered(table, under: "")
    }

    private static func ordered(_ table: TOMLTable, under parent: String) -> TOMLTable {
        let preferred = keyOrder[parent] ?? []
        let keys = preferred.filter(table.contains) + table.keys.filter { !preferred.contains($0) }
        return TOMLTable(
            keys.compactMap { key in
                table[key].map { (key, ordered($0, under: key)) }
            })
    }

    private static func ordered(_ value: TOMLValue, under key: String) -> TOMLValue {
        switch value {
        case .table(let inner):
            return .table(ordered(inner, under: key))
        case .array(let elements):
            return .array(elements.map { ordered($0, under: key) })
        default:
            return value
        }
    }
}
