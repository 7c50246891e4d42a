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

/// A schema `pattern` compiled once, for the generated pattern-checked string types.
///
/// Compiling an `NSRegularExpression` costs far more than matching with one, so each generated
/// type keeps one of these in a `static let` instead of compiling on every value.
public struct CompiledSchemaPattern: Sendable {
    /// `NSRegularExpression` is immutable and documented as safe to use from any thread.
    private final class Expression: @unchecked Sendable {
        let regex: NSRegularExpression?
        init(_ pattern: String) { regex = try? NSRegularExpression(pattern: pattern) }
    }

    private let expression: Expression
    /// For a fully anchored pattern of literals and bracket classes with exact counts (the common
    /// shape of id patterns, such as `^b3:[0-9a-f]{64}$`): the allowed ASCII bytes of every
    /// position, 128 flags per position in one flat table (no nested array to retain per byte).
    private let table: [Bool]?
    /// The length every match has, when ``table`` is set.
    private let length: Int

    /// Compiles `pattern`; a pattern that does not compile matches nothing.
    public init(_ pattern: String) {
        expression = Expression(pattern)
        let positions = Self.simplePositions(pattern)
        table = positions.map { $0.flatMap { $0 } }
        length = positions?.count ?? 0
    }

    /// Whether `text` matches (an unanchored search, as JSON Schema specifies).
    public func matches(_ text: String) -> Bool {
        if let table {
            let length = self.length
            guard text.utf8.count == length else { return false }
            return table.withUnsafeBufferPointer { allowed in
                var index = 0
                for byte in text.utf8 {
                    guard byte < 128, allowed[index &* 128 &+ Int(byte)] else { return false }
                    index += 1
                }
                return true
            }
        }
        guard let regex = expression.regex else { return false }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }

    /// Parses `^(literal | [class] | [class]{n})*$` over ASCII; `nil` for anything else.
    private static func simplePositions(_ pattern: String) -> [[Bool]]? {
        let bytes = Array(pattern.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "^"), bytes.last == UInt8(ascii: "$") else { return nil }
        var index = 1
        let end = bytes.count - 1
        var positions: [[Bool]] = []
        while index < end {
            var allowed = [Bool](repeating: false, count: 128)
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") {
                index += 1
                guard index < end, bytes[index] != UInt8(ascii: "^") else { return nil }
                while index < end, bytes[index] != UInt8(ascii: "]") {
                    let low = bytes[index]
                    guard low < 128, low != UInt8(ascii: "\\") else { return nil }
                    if index + 2 < end, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] != UInt8(ascii: "]") {
                        let high = bytes[index + 2]
                        guard high < 128, low <= high else { return nil }
                        for value in low...high { allowed[Int(value)] = true }
                        index += 3
                    } else {
                        allowed[Int(low)] = true
                        index += 1
                    }
                }
                guard index < end else { return nil }
                index += 1
            } else {
                // Only plain literals: anything with a meaning in a regular expression falls back.
                guard byte < 128, !"\\.^$|?*+()[]{}".utf8.contains(byte) else { return nil }
                allowed[Int(byte)] = true
                index += 1
            }
            var count = 1
            if index < end, bytes[index] == UInt8(ascii: "{") {
                var digits = 0
                var value = 0
                index += 1
                while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                guard digits > 0, digits < 5, index < end, bytes[index] == UInt8(ascii: "}") else { return nil }
                index += 1
                count = value
            } else if index < end, "?*+".utf8.contains(bytes[index]) {
                return nil
            }
            positions.append(contentsOf: repeatElement(allowed, count: count))
        }
        return positions
    }
}
