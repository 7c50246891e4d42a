import Foundation

/// Parses TOML 1.0 documents into ordered ``TOMLTable`` values.
///
/// The parser is strict: anything TOML 1.0 rejects is an error (TOML 1.1 additions such as `\e`, `\xHH`, newlines
/// in inline tables and times without seconds are rejected). Arrays and inline tables may nest at most
/// ``maximumDepth`` levels, so no input can exhaust the stack.
public enum TOMLParser {
    /// The deepest nesting of tables and arrays accepted.
    public static let maximumDepth = 128

    /// Parses a document held in a `String`.
    ///
    /// - Throws: ``TOMLParseError`` with the 1-based line and column of the first problem.
    public static func parse(_ text: String) throws(TOMLParseError) -> TOMLTable {
        var core = ParserCore(bytes: Array(text.utf8))
        return try core.parseDocument()
    }

    /// Parses a document from raw bytes, which must be valid UTF-8 (an optional byte-order mark is skipped).
    ///
    /// - Throws: ``TOMLParseError`` for invalid UTF-8 or any TOML error, with the 1-based line and column.
    public static func parse(_ data: Data) throws(TOMLParseError) -> TOMLTable {
        let bytes = [UInt8](data)
        if let badOffset = UTF8Check.firstInvalidOffset(in: bytes) {
            let location = SourceLocation(bytes: bytes, offset: badOffset)
            throw TOMLParseError(line: location.line, column: location.column, message: "invalid UTF-8 byte sequence")
        }
        var core = ParserCore(bytes: bytes)
        return try core.parseDocument()
    }
}
