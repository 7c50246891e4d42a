/// Why a table could not be converted to or from JSON, and at which value.
public struct TOMLJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the offending value, e.g. `route[2].port` (empty for the whole document).
    public let path: String
    /// What is wrong, e.g. `nan has no JSON representation`.
    public let message: String

    /// Creates an error for the value at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or `document: message` for the whole document.
    public var description: String { "\(path.isEmpty ? "document" : path): \(message)" }
}
