/// A problem with the schema documents, located by file and JSON pointer.
public struct CodegenError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The document's path relative to the schema directory.
    public var file: String
    /// An RFC 6901 JSON pointer into the document (`""` for the whole document), or `line:column` for
    /// a syntax error.
    public var pointer: String
    /// What is wrong.
    public var message: String

    /// An error at `pointer` in `file`.
    public init(file: String, pointer: String, message: String) {
        self.file = file
        self.pointer = pointer
        self.message = message
    }

    /// `file#pointer: message`.
    public var description: String {
        pointer.isEmpty ? "\(file): \(message)" : "\(file)#\(pointer): \(message)"
    }
}
