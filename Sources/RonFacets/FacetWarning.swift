/// Something a manifest says that the node accepts but will not act on: a route it never mounts, a
/// table it ignores, a facet with nothing to serve.
///
/// Warnings never make a manifest invalid; they explain why the node may behave differently from
/// what the file seems to ask for.
public struct FacetWarning: Hashable, Sendable, CustomStringConvertible {
    /// The explanation, one line.
    public let message: String

    /// Creates a warning.
    public init(_ message: String) {
        self.message = message
    }

    /// The explanation.
    public var description: String { message }
}
