/// A manifest read from TOML: the decoded generated type, its normalized view and what to warn about.
public struct FacetManifestDocument: Hashable, Sendable {
    /// The manifest as decoded into the generated type, with the keys the node ignores left out when they
    /// could not be decoded (each such drop is in ``warnings``).
    public var manifest: FacetManifest
    /// The normalized view the node works with.
    public var definition: FacetDefinition
    /// Reading warnings (ignored tables and keys) followed by ``FacetDefinition/warnings``.
    public var warnings: [FacetWarning]

    /// Creates a document.
    public init(manifest: FacetManifest, definition: FacetDefinition, warnings: [FacetWarning]) {
        self.manifest = manifest
        self.definition = definition
        self.warnings = warnings
    }
}
