/// How a ``TypeReference`` is spelled in Swift and carried on the wire.
///
/// Most types are their own wire form. The few whose JSON differs from what `Codable` does by
/// default (64-bit integers as strings, base64url bytes, RFC 3339 dates) go through a wire
/// wrapper from the runtime (`WireInt64String`, `WireBase64URL`, …), and the renderer converts
/// between the two with `.value` and the wrapper's initializer.
enum TypeSpelling {
    /// The Swift type of a property.
    static func swift(_ type: TypeReference) -> String {
        switch type {
        case .bool: return "Bool"
        case .string: return "String"
        case .double: return "Double"
        case .float: return "Float"
        case .int: return "Int"
        case .int8: return "Int8"
        case .int16: return "Int16"
        case .int32: return "Int32"
        case .uint: return "UInt"
        case .uint8: return "UInt8"
        case .uint16: return "UInt16"
        case .uint32: return "UInt32"
        case .int64: return "Int64"
        case .uint64: return "UInt64"
        case .bigInteger: return "JSONInteger"
        case .decimal: return "Decimal"
        case .bytes: return "Data"
        case .timestamp: return "Date"
        case .json: return "JSONValue"
        case .array(let element): return "[\(swift(element))]"
        case .map(let value): return "[String: \(swift(value))]"
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(swift).joined(separator: ", "))>"
        case .typeParameter(let name): return name
        }
    }

    /// The wire type when it differs from the Swift type, else `nil`.
    static func wire(_ type: TypeReference) -> String? {
        switch type {
        case .int64(asString: true): return "WireInt64String"
        case .uint64(asString: true): return "WireUInt64String"
        case .bytes: return "WireBase64URL"
        case .timestamp: return "WireTimestamp"
        case .array(let element): return wire(element).map { "[\($0)]" }
        case .map(let value): return wire(value).map { "[String: \($0)]" }
        default: return nil
        }
    }

    /// Whether the type is a date-time, or an array or map of them (nested to any depth): the wire
    /// forms that keep their text (through `WireTimestamp` in `RonGenerated`).
    static func holdsTimestamp(_ type: TypeReference) -> Bool {
        switch type {
        case .timestamp: return true
        case .array(let element): return holdsTimestamp(element)
        case .map(let value): return holdsTimestamp(value)
        default: return false
        }
    }

    /// The Swift type of an enum case's payload: a date-time, alone or in arrays and maps, is a
    /// `WireTimestamp` (which keeps the text it came as: an enum has nowhere else to keep it);
    /// anything else is spelled as ``swift(_:)`` spells it.
    static func payload(_ type: TypeReference) -> String {
        holdsTimestamp(type) ? wire(type) ?? swift(type) : swift(type)
    }

    /// The name of the keyed-container helpers (`decode<Name>(forKey:)`, `encode<Name>(_:forKey:)`)
    /// that read and write this scalar as text without a wrapper, or `nil`.
    static func textScalar(_ type: TypeReference) -> String? {
        switch type {
        case .int64(asString: true): return "Int64String"
        case .uint64(asString: true): return "UInt64String"
        case .timestamp: return "Timestamp"
        case .bytes: return "Base64URL"
        default: return nil
        }
    }

    /// Whether a member of this type decodes through `decodeInteger`, which reports a fraction or an
    /// out-of-range number with its path.
    static func isInteger(_ type: TypeReference) -> Bool {
        switch type {
        case .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32, .int64(asString: false),
            .uint64(asString: false):
            return true
        default: return false
        }
    }

    /// An expression converting `expression` (of the wire type) to the Swift type.
    static func fromWire(_ type: TypeReference, _ expression: String) -> String {
        switch type {
        case .int64(asString: true), .uint64(asString: true), .bytes, .timestamp: return "\(expression).value"
        case .array(let element) where wire(element) != nil: return "\(expression).map { \(fromWire(element, "$0")) }"
        case .map(let value) where wire(value) != nil: return "\(expression).mapValues { \(fromWire(value, "$0")) }"
        default: return expression
        }
    }

    /// An expression converting `expression` (of the Swift type) to the wire type.
    static func toWire(_ type: TypeReference, _ expression: String) -> String {
        switch type {
        case .int64(asString: true), .uint64(asString: true), .bytes, .timestamp:
            return "\(wire(type) ?? "")(\(expression))"
        case .array(let element) where wire(element) != nil: return "\(expression).map { \(toWire(element, "$0")) }"
        case .map(let value) where wire(value) != nil: return "\(expression).mapValues { \(toWire(value, "$0")) }"
        default: return expression
        }
    }
}
