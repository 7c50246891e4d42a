import Foundation

/// Any JSON value, kept without loss.
///
/// Used where a schema says "arbitrary JSON" (for example ``RonProblem/details``) and for
/// union variants the SDK does not know yet. Integers keep their exact value: a number that
/// fits `Int64` is ``integer(_:)``, a larger non-negative one is ``unsigned(_:)``, a whole number
/// beyond 64 bits of at most 38 digits is ``bigInteger(_:)``, anything else is ``double(_:)``.
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits `Int64`.
    case integer(Int64)
    /// A non-negative integer above `Int64.max`.
    case unsigned(UInt64)
    /// A whole number beyond 64 bits, of at most ``JSONInteger/maximumDigits`` digits, kept exactly.
    case bigInteger(JSONInteger)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. Key order is not kept; ``CanonicalJSON`` sorts keys when it writes.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The members of an object, or `nil` for any other value.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil` for any other value.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, or `nil` for any other value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a boolean, or `nil` for any other value.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The value of a number as `Int64` when it is an integer in range, else `nil`.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded() == value, let exact = Int64(exactly: value) else { return nil }
            return exact
        default: return nil
        }
    }

    /// The value of a number as `Double`, or `nil` for any other value.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .bigInteger(let value): return value.doubleValue
        case .double(let value): return value
        default: return nil
        }
    }

    /// The member named `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A number.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
