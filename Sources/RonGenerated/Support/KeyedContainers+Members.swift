import Foundation

// Keyed-container calls with one name per value type, for generated structs.
//
// `container.decode(String.self, forKey: .id)` names one of seventeen `decode` overloads, and the
// type checker weighs them all for every member of every generated type. Generated code calls these
// instead, one candidate each; they are `@inlinable`, so an optimized build makes the same call to
// the container as the overload would. The scalar ones keep Foundation's concrete overloads (a
// generic call would go through the value's own `init(from:)`); integers are decoded with
// `decodeInteger`, which explains an out-of-range number.

extension KeyedDecodingContainer {
    /// The `String` at `key`.
    @inlinable
    public func decodeString(forKey key: Key) throws -> String {
        try decode(String.self, forKey: key)
    }

    /// The `String` at `key`, or `nil` when the member is absent or `null`.
    @inlinable
    public func decodeStringIfPresent(forKey key: Key) throws -> String? {
        try decodeIfPresent(String.self, forKey: key)
    }

    /// The `Bool` at `key`.
    @inlinable
    public func decodeBool(forKey key: Key) throws -> Bool {
        try decode(Bool.self, forKey: key)
    }

    /// The `Bool` at `key`, or `nil` when the member is absent or `null`.
    @inlinable
    public func decodeBoolIfPresent(forKey key: Key) throws -> Bool? {
        try decodeIfPresent(Bool.self, forKey: key)
    }

    /// The `Double` at `key`.
    @inlinable
    public func decodeDouble(forKey key: Key) throws -> Double {
        try decode(Double.self, forKey: key)
    }

    /// The `Double` at `key`, or `nil` when the member is absent or `null`.
    @inlinable
    public func decodeDoubleIfPresent(forKey key: Key) throws -> Double? {
        try decodeIfPresent(Double.self, forKey: key)
    }

    /// The `Float` at `key`.
    @inlinable
    public func decodeFloat(forKey key: Key) throws -> Float {
        try decode(Float.self, forKey: key)
    }

    /// The `Float` at `key`, or `nil` when the member is absent or `null`.
    @inlinable
    public func decodeFloatIfPresent(forKey key: Key) throws -> Float? {
        try decodeIfPresent(Float.self, forKey: key)
    }

    /// The value of type `T` at `key` (an array, a map, a generated type, `JSONValue`).
    @inlinable
    public func decodeMember<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decode(type, forKey: key)
    }

    /// The value of type `T` at `key`, or `nil` when the member is absent or `null`.
    @inlinable
    public func decodeMemberIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeString(_ value: String, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeStringIfPresent(_ value: String?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeBool(_ value: Bool, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeBoolIfPresent(_ value: Bool?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeDouble(_ value: Double, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeDoubleIfPresent(_ value: Double?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeFloat(_ value: Float, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeFloatIfPresent(_ value: Float?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeInt(_ value: Int, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeIntIfPresent(_ value: Int?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeInt8(_ value: Int8, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeInt8IfPresent(_ value: Int8?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeInt16(_ value: Int16, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeInt16IfPresent(_ value: Int16?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeInt32(_ value: Int32, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeInt32IfPresent(_ value: Int32?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeInt64(_ value: Int64, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeInt64IfPresent(_ value: Int64?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeUInt(_ value: UInt, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeUIntIfPresent(_ value: UInt?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeUInt8(_ value: UInt8, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeUInt8IfPresent(_ value: UInt8?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeUInt16(_ value: UInt16, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeUInt16IfPresent(_ value: UInt16?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeUInt32(_ value: UInt32, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeUInt32IfPresent(_ value: UInt32?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` at `key`.
    @inlinable
    public mutating func encodeUInt64(_ value: UInt64, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeUInt64IfPresent(_ value: UInt64?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    /// Writes `value` (an array, a map, a generated type, `JSONValue`, or an optional written as
    /// `null` when `nil`) at `key`.
    @inlinable
    public mutating func encodeMember<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encode(value, forKey: key)
    }

    /// Writes `value` at `key`; nothing when it is `nil`.
    @inlinable
    public mutating func encodeMemberIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}
