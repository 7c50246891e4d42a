import Foundation

extension DocumentValue {
    /// The value as compact JSON text (numbers as written).
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return Self.quote(text)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }

    private static func quote(_ text: String) -> String {
        QuotedText.quote(text) { scalar in
            scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : nil
        }
    }
}
