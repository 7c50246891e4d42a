import Foundation

/// A manifest file the directory loader did not load, and why.
public struct FacetSkippedFile: Hashable, Sendable {
    /// The file.
    public var file: URL
    /// The reason, in the node's terms: `read failed: …`, `parse failed: parse toml: …`,
    /// `validate failed: …`, `duplicate facet id: …` or `static file not found: …`.
    public var reason: String

    /// Creates a skipped-file record.
    public init(file: URL, reason: String) {
        self.file = file
        self.reason = reason
    }
}
