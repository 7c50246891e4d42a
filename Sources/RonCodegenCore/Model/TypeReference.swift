/// The type of a value in a generated declaration.
public indirect enum TypeReference: Sendable, Hashable {
    case bool
    case string
    case double
    /// `Float` (`format: float`).
    case float
    case int
    case int8
    case int16
    case int32
    /// `UInt` (`format: uint`, Rust's `usize`).
    case uint
    case uint8
    case uint16
    case uint32
    /// A 64-bit integer; `asString` is the IDB's string wire form, otherwise a JSON number.
    case int64(asString: Bool)
    case uint64(asString: Bool)
    /// `JSONInteger`: an `integer` the schema does not bound to 64 bits, any whole number of up to
    /// 38 digits, written back with the digits it came with.
    case bigInteger
    /// `Decimal` (`format: decimal`): a number whose digits are kept.
    case decimal
    /// `Data`, base64url on the wire.
    case bytes
    /// `Date`, RFC 3339 on the wire.
    case timestamp
    /// Any JSON (`JSONValue`).
    case json
    case array(TypeReference)
    case map(TypeReference)
    /// A named type, with generic arguments when it has type parameters.
    case named(String, arguments: [TypeReference])
    /// A type parameter of the enclosing generic struct.
    case typeParameter(String)
}

extension TypeReference {
    /// The name under which a whole answer that may be `null` is `Optional<T>`: the Swift type
    /// itself (`.named("Optional", arguments: [T])`), so a call answers `T?`.
    public static let optionalName = "Optional"

    /// `type`, or `Optional<type>` when `nullable`.
    public static func answer(_ type: TypeReference, nullable: Bool) -> TypeReference {
        guard nullable, type != .json else { return type }
        return .named(optionalName, arguments: [type])
    }
}
