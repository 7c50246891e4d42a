import Foundation

/// Where the tests find manifests: the repository's own copies, and the shared reference folder beside
/// the repository when it is there.
enum SampleFiles {
    /// The repository root, four levels above this file (symbolic links resolved, so a scratch package that
    /// links this folder still finds the repository).
    static let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Valid manifests copied from the node and the upstream samples.
    static let validFixtures = repository.appendingPathComponent("Fixtures/FacetManifest")

    /// Invalid manifests copied from the upstream samples.
    static let invalidSamples = repository.appendingPathComponent("Tests/RonFacetsTests/Samples/invalid")

    /// `../shared/reference` relative to the repository root; absent outside the team's workspace.
    static let reference = repository.deletingLastPathComponent().appendingPathComponent("shared/reference")

    /// Whether the shared reference folder exists.
    static var hasReference: Bool {
        FileManager.default.fileExists(atPath: reference.appendingPathComponent("upstream-samples").path)
    }

    /// The `*.toml` files of a folder, sorted by name.
    static func tomlFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".toml") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The expected verdict of every invalid upstream sample (its README): the node's validation message, or
    /// `nil` for a file the node's parser already refuses.
    static let invalidVerdicts: [String: String?] = [
        "test_loader_bad_path_no_slash.toml": "route.path must start with '/': nope",
        "schema_idb_5_2_proxy_facet_dot_upstream.toml": "proxy facet requires [upstream]",
        "schema_idb_5_5_fragment_without_facet.toml": nil,
        "not_a_manifest_node_config.toml": nil,
        "svc_admin_playground_static_root_no_file.toml": "static route requires non-empty 'file'",
        "svc_admin_playground_proxy_section.toml": "proxy facet requires [upstream]",
        "svc_admin_playground_hello_kind_http.toml": nil,
        "svc_admin_playground_echo_json_kind_http.toml": nil,
    ]
}

/// A fresh folder under the temporary directory, removed by ``remove()``.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ron-facets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
