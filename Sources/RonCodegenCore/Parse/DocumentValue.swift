/// A parsed schema document: JSON's data model with object members kept in document order.
///
/// JSON and TOML documents both become this tree, so everything after parsing sees one syntax.
public indirect enum DocumentValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, kept as the text it was written with.
    case number(String)
    case string(String)
    case array([DocumentValue])
    /// Members in document order.
    case object([(key: String, value: DocumentValue)])

    /// Equal values with members in the same order.
    public static func == (lhs: DocumentValue, rhs: DocumentValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value, member order included.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(v)
        case .number(let v): hasher.combine(v)
        case .string(let v): hasher.combine(v)
        case .array(let v): hasher.combine(v)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}

extension DocumentValue {
    /// The members of an object, or `nil`.
    var members: [(key: String, value: DocumentValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The member named `key` of an object, or `nil`.
    subscript(key: String) -> DocumentValue? {
        // An indexed loop: `members?.first(where:)` copied the members and each pair through
        // generic code, a tenth of a debug-built generator's time on a large description.
        guard case .object(let members) = self else { return nil }
        var position = 0
        while position < members.count {
            if members[position].key == key { return members[position].value }
            position += 1
        }
        return nil
    }

    /// The text of a string, or `nil`.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A short name of the value's JSON type, for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
