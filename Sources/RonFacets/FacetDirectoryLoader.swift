import Foundation

/// Loads a directory of facet manifests the way Micronode's `load_facets` does; the seam the embedded
/// gateway uses to serve manifest-driven facets.
///
/// For each `*.toml` file directly in the directory (other files and subdirectories are ignored), in
/// file-name order (the node uses the platform's directory order):
/// 1. read it — unreadable: skipped, `read failed: …`;
/// 2. parse it (v1 or legacy) — skipped, `parse failed: parse toml: …`;
/// 3. validate it — skipped, `validate failed: {the node's message}`;
/// 4. an id already taken by an earlier file — skipped, `duplicate facet id: {id}`; the id counts as
///    taken from this point even if step 5 then skips the file, as in the node;
/// 5. static facets: every route's `file` must exist, relative paths resolved against `root` (the
///    node resolves them against its working directory) — skipped, `static file not found: {path}`.
///
/// One bad file never stops the others. A directory without any loaded manifest is an error.
public enum FacetDirectoryLoader {
    /// Loads every valid manifest in `directory`.
    ///
    /// - Parameters:
    ///   - directory: the facet directory.
    ///   - root: the folder relative static `file` paths are resolved against; `nil` means the current
    ///     working directory, like the node.
    /// - Returns: the loaded facets and the skipped files with their reasons.
    /// - Throws: ``FacetDirectoryError`` when the directory is missing, is not a directory, cannot be
    ///   listed, or yields no valid manifest (the error carries the skipped files).
    public static func load(directory: URL, root: URL? = nil) throws(FacetDirectoryError) -> FacetDirectoryLoad {
        let files = try manifestFiles(in: directory)
        let root = root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var loaded: [FacetLoadedManifest] = []
        var skipped: [FacetSkippedFile] = []
        var ids: Set<String> = []
        for file in files {
            let document: FacetManifestDocument
            do {
                document = try FacetManifestReader.read(contentsOf: file)
            } catch {
                let reason: String
                switch error.stage {
                case .read, .write: reason = error.description
                case .parse: reason = "parse failed: \(error)"
                case .validate: reason = "validate failed: \(error)"
                }
                skipped.append(FacetSkippedFile(file: file, reason: reason))
                continue
            }
            let definition = document.definition
            guard ids.insert(definition.id).inserted else {
                skipped.append(FacetSkippedFile(file: file, reason: "duplicate facet id: \(definition.id)"))
                continue
            }
            if let missing = missingStaticFile(of: definition, root: root) {
                skipped.append(FacetSkippedFile(file: file, reason: "static file not found: \(missing.path)"))
                continue
            }
            loaded.append(FacetLoadedManifest(file: file, document: document))
        }
        if loaded.isEmpty {
            throw FacetDirectoryError(
                directory: directory,
                message: "no valid facet manifests loaded from \(directory.path) (skipped=\(skipped.count))",
                skipped: skipped)
        }
        return FacetDirectoryLoad(loaded: loaded, skipped: skipped)
    }

    /// Where a static route's `file` is looked for: itself when absolute, else below `root`.
    public static func fileURL(_ file: String, root: URL) -> URL {
        file.hasPrefix("/") ? URL(fileURLWithPath: file) : root.appendingPathComponent(file)
    }

    /// The first static route file of `definition` that does not exist below `root`, or `nil`.
    public static func missingStaticFile(of definition: FacetDefinition, root: URL) -> URL? {
        guard definition.kind == .static else { return nil }
        for route in definition.routes {
            guard let file = route.file else { continue }
            let url = fileURL(file, root: root)
            if !FileManager.default.fileExists(atPath: url.path) { return url }
        }
        return nil
    }

    /// The `*.toml` entries directly in `directory`, sorted by name.
    public static func manifestFiles(in directory: URL) throws(FacetDirectoryError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw FacetDirectoryError(directory: directory, message: "facet dir \(directory.path) does not exist")
        }
        guard isDirectory.boolValue else {
            throw FacetDirectoryError(directory: directory, message: "facet dir \(directory.path) is not a directory")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw FacetDirectoryError(directory: directory, message: "read_dir \(directory.path): \(error)")
        }
        return names.filter { ($0 as NSString).pathExtension == "toml" }.sorted()
            .map { directory.appendingPathComponent($0) }
    }
}
