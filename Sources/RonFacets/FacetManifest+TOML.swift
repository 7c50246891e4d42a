extension FacetManifest {
    /// Reads and validates a manifest from TOML text, exactly as the node's loader would
    /// (see ``FacetManifestReader/read(_:validate:)``).
    ///
    /// - Throws: ``FacetManifestError`` with the node's reason.
    public init(toml text: String) throws(FacetManifestError) {
        self = try FacetManifestReader.read(text).manifest
    }

    /// The manifest as TOML the node accepts as written (see ``FacetManifestWriter/render(_:validate:)``).
    ///
    /// - Throws: ``FacetManifestError`` when the node would reject the manifest.
    public func toml() throws(FacetManifestError) -> String {
        try FacetManifestWriter.render(self)
    }

    /// The normalized view of the manifest (see ``FacetDefinition/init(manifest:)``).
    public func definition() throws(FacetManifestError) -> FacetDefinition {
        try FacetDefinition(manifest: self)
    }
}
