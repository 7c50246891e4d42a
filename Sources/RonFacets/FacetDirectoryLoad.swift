/// What ``FacetDirectoryLoader/load(directory:root:)`` found: the facets to serve and the files skipped.
public struct FacetDirectoryLoad: Hashable, Sendable {
    /// The loaded manifests, in file-name order.
    public var loaded: [FacetLoadedManifest]
    /// The skipped files with their reasons, in file-name order.
    public var skipped: [FacetSkippedFile]

    /// Creates a result.
    public init(loaded: [FacetLoadedManifest], skipped: [FacetSkippedFile]) {
        self.loaded = loaded
        self.skipped = skipped
    }

    /// The normalized facets, in file-name order.
    public var facets: [FacetDefinition] { loaded.map(\.document.definition) }
}
