/// Where something in the model comes from: a schema document and a JSON pointer into it.
public struct Origin: Sendable, Equatable, CustomStringConvertible {
    /// The document's path relative to the schema directory, for example `app-plane.schema.json`.
    public var file: String
    /// An RFC 6901 JSON pointer into the document, for example `/$defs/Hello`.
    public var pointer: String

    /// An origin.
    public init(file: String, pointer: String) {
        self.file = file
        self.pointer = pointer
    }

    /// `file#pointer`, as generated documentation and error messages show it.
    public var description: String { file + "#" + pointer }
}
