/// Swift source literals.
enum SwiftLiteral {
    /// A double-quoted Swift string literal for `text`.
    static func string(_ text: String) -> String {
        QuotedText.quote(text) { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
    }

    /// What goes between the quotes of ``string(_:)``'s literal for `text`: its escaped text, for a
    /// literal built of several pieces (a path with interpolated arguments).
    static func body(_ text: String) -> String {
        String(string(text).dropFirst().dropLast())
    }

    /// The Swift expression for a schema default.
    static func value(_ value: DefaultValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let text): return text
        case .number(let text): return text.contains(where: { ".eE".contains($0) }) ? text : text + ".0"
        case .string(let text): return string(text)
        case .emptyArray: return "[]"
        case .emptyMap: return "[:]"
        case .enumCase(let name): return "." + Naming.escaped(name)
        }
    }
}
