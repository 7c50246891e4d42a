import Foundation

/// A facet directory that yields nothing to serve: missing, not a directory, unreadable, or without a
/// single valid manifest (the node's loader fails in the same cases).
public struct FacetDirectoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory.
    public var directory: URL
    /// What went wrong, in the node's wording (`facet dir … does not exist`,
    /// `no valid facet manifests loaded from … (skipped=N)`).
    public var message: String
    /// The files skipped on the way, with their reasons.
    public var skipped: [FacetSkippedFile]

    /// Creates an error.
    public init(directory: URL, message: String, skipped: [FacetSkippedFile] = []) {
        self.directory = directory
        self.message = message
        self.skipped = skipped
    }

    /// The message.
    public var description: String { message }
}
