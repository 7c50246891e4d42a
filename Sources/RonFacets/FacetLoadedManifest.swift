import Foundation

/// A manifest file the directory loader loaded.
public struct FacetLoadedManifest: Hashable, Sendable {
    /// The file.
    public var file: URL
    /// What was read from it.
    public var document: FacetManifestDocument

    /// Creates a loaded-file record.
    public init(file: URL, document: FacetManifestDocument) {
        self.file = file
        self.document = document
    }
}
