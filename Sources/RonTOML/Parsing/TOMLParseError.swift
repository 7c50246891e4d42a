/// Why a TOML document (or a date-time text) could not be parsed, and where.
public struct TOMLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public let column: Int
    /// A short description, e.g. `duplicate key 'id'`.
    public let message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
