import Foundation

/// Checks text against a schema `pattern`.
public enum SchemaPattern {
    /// Whether `text` matches `pattern` (an ECMA-style regular expression, anchored by the schema).
    public static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, range: range) != nil
    }
}

/// Text that does not match the pattern its type requires.
public struct SchemaPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The generated type.
    public var typeName: String
    /// The pattern.
    public var pattern: String
    /// The text that did not match.
    public var value: String

    /// Creates the error.
    public init(typeName: String, pattern: String, value: String) {
        self.typeName = typeName
        self.pattern = pattern
        self.value = value
    }

    /// Says what did not match what.
    public var description: String {
        let shown = value.count > 80 ? String(value.prefix(80)) + "…" : value
        return "\"\(shown)\" is not a valid \(typeName) (pattern \(pattern))"
    }
}
