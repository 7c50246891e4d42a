import Foundation
import RonTOML

/// Reads facet manifests from TOML the way Micronode's loader does.
///
/// The node tries the v1 shape first (`[facet]` with `id` and `kind`, optional top-level `[upstream]`,
/// `[[route]]` tables) and falls back to the legacy shape (top-level `id`, `kind`, `routes = [...]`,
/// every route a GET). Keys it does not know are ignored, as the node ignores them. The hint tables of
/// SDK_SCHEMA_IDB section 5 (`[facet.security]`, `[facet.meta]`, `[facet.limits]`,
/// `[route.integrity]`) are decoded into the generated types, but today's node does not read them.
///
/// Values are decoded through the JSON bridge into the generated `Codable` types, so a value of the
/// wrong type (`port = "x"`, `port = 70000`) fails with its key path, like the node's parse error.
public enum FacetManifestReader {
    static let noShapeMessage =
        "no [facet] table (v1 manifest) and no top-level `id` and `kind` (legacy manifest)"

    /// Reads a manifest from TOML text.
    ///
    /// - Parameters:
    ///   - text: the TOML document.
    ///   - validate: whether to also apply ``FacetDefinition/validate()`` (the node always does).
    /// - Returns: the decoded manifest, its normalized view and warnings.
    /// - Throws: ``FacetManifestError``: a TOML syntax error with its line and column, a manifest the
    ///   node cannot parse, or (when `validate` is `true`) the first validation rule broken.
    public static func read(_ text: String, validate: Bool = true) throws(FacetManifestError) -> FacetManifestDocument {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(text)
        } catch {
            throw FacetManifestError(stage: .parse, message: error.message, line: error.line, column: error.column)
        }
        return try read(table, validate: validate)
    }

    /// Reads a manifest file.
    ///
    /// - Throws: ``FacetManifestError`` with stage ``FacetManifestError/Stage/read`` when the file cannot
    ///   be read as UTF-8 text, or any error of ``read(_:validate:)``.
    public static func read(contentsOf url: URL, validate: Bool = true) throws(FacetManifestError)
        -> FacetManifestDocument
    {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw FacetManifestError(stage: .read, message: Self.reason(error, url: url))
        }
        return try read(text, validate: validate)
    }

    /// Reads a manifest from an already parsed TOML table.
    public static func read(_ table: TOMLTable, validate: Bool = true) throws(FacetManifestError)
        -> FacetManifestDocument
    {
        let parsed = try parse(table)
        let definition = try FacetDefinition(manifest: parsed.manifest)
        if validate {
            try definition.validate()
        }
        return FacetManifestDocument(
            manifest: parsed.manifest, definition: definition, warnings: parsed.warnings + definition.warnings)
    }

    // MARK: Shapes

    /// V1 first, then legacy, like the node's untagged `AnyDoc`; when both fail, the error of the
    /// shape the file seems to be written in.
    private static func parse(_ table: TOMLTable) throws(FacetManifestError) -> FacetManifestReading {
        var v1Error: FacetManifestError?
        if table.contains("facet") {
            do {
                return try FacetManifestReading.v1(table)
            } catch {
                v1Error = error
            }
        }
        do {
            var legacy = try FacetManifestReading.legacy(table)
            if let v1Error {
                legacy.warnings.insert(
                    FacetWarning(
                        "[facet] could not be read (\(v1Error)); the node reads this file as a legacy manifest"),
                    at: 0)
            }
            return legacy
        } catch {
            if let v1Error { throw v1Error }
            if table.contains("id") || table.contains("kind") || table.contains("routes") { throw error }
            throw .parse(noShapeMessage)
        }
    }

    static func reason(_ error: any Error, url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            return "no such file: \(url.path)"
        }
        if isDirectory.boolValue {
            return "is a directory: \(url.path)"
        }
        if let error = error as? CocoaError, error.code == .fileReadInapplicableStringEncoding {
            return "not UTF-8 text: \(url.path)"
        }
        return "cannot read \(url.path): \(error.localizedDescription)"
    }
}
