import Foundation

// Keyed-container calls that decode or encode one member and keep its `SchemaPresence` in the same
// call, for generated structs.
//
// Each replaces two calls and an operator a generated coder would otherwise write per member
// (`presence.noted(n, try container.decodeStringIfPresent(forKey: k), in: container, forKey: k)`,
// `try ... ?? presence.defaulted(n, v)`, `if !presence.wasAbsent(n) || value != v { ... }`): one
// call with one candidate by its labels, so a struct of hundreds of members type-checks and
// compiles in less time (BENCHMARKS.md, "Presence in the member's own call"). What is decoded and
// written is the same.

extension KeyedDecodingContainer {
    /// `decodeStringIfPresent(forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeStringIfPresent(
        forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> String? {
        let value = try decodeStringIfPresent(forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeStringIfPresent(forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeStringIfPresent(
        forKey key: Key, orDefault value: String, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> String {
        if let decoded = try decodeStringIfPresent(forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }

    /// `decodeBoolIfPresent(forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeBoolIfPresent(
        forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Bool? {
        let value = try decodeBoolIfPresent(forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeBoolIfPresent(forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeBoolIfPresent(
        forKey key: Key, orDefault value: Bool, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Bool {
        if let decoded = try decodeBoolIfPresent(forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }

    /// `decodeDoubleIfPresent(forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeDoubleIfPresent(
        forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Double? {
        let value = try decodeDoubleIfPresent(forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeDoubleIfPresent(forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeDoubleIfPresent(
        forKey key: Key, orDefault value: Double, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Double {
        if let decoded = try decodeDoubleIfPresent(forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }

    /// `decodeFloatIfPresent(forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeFloatIfPresent(
        forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Float? {
        let value = try decodeFloatIfPresent(forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeFloatIfPresent(forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeFloatIfPresent(
        forKey key: Key, orDefault value: Float, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> Float {
        if let decoded = try decodeFloatIfPresent(forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }

    /// `decodeIntegerIfPresent(_:forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> T? {
        let value = try decodeIntegerIfPresent(type, forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeIntegerIfPresent(_:forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, forKey key: Key, orDefault value: T, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> T {
        if let decoded = try decodeIntegerIfPresent(type, forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }

    /// `decodeMemberIfPresent(_:forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeMemberIfPresent<T: Decodable>(
        _ type: T.Type, forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> T? {
        let value = try decodeMemberIfPresent(type, forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeMemberIfPresent(_:forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeMemberIfPresent<T: Decodable>(
        _ type: T.Type, forKey key: Key, orDefault value: @autoclosure () -> T, notedAt index: Int,
        in presence: inout SchemaPresence
    ) throws -> T {
        if let decoded = try decodeMemberIfPresent(type, forKey: key) { return decoded }
        return presence.defaulted(index, value())
    }

    /// `decodeTextIfPresent(_:forKey:)`, noting member `index` as `null` in `presence` when the
    /// member is present and `null`.
    @inlinable
    public func decodeTextIfPresent<T: SchemaTextValue>(
        _ type: T.Type, forKey key: Key, nullNotedAt index: Int, in presence: inout SchemaPresence
    ) throws -> T? {
        let value = try decodeTextIfPresent(type, forKey: key)
        if value == nil, contains(key) { presence.noteNull(index) }
        return value
    }

    /// `decodeTextIfPresent(_:forKey:)`, or `value` when the member is absent or `null`, noted
    /// in `presence` as member `index` taking its default.
    @inlinable
    public func decodeTextIfPresent<T: SchemaTextValue>(
        _ type: T.Type, forKey key: Key, orDefault value: T, notedAt index: Int, in presence: inout SchemaPresence
    ) throws -> T {
        if let decoded = try decodeTextIfPresent(type, forKey: key) { return decoded }
        return presence.defaulted(index, value)
    }
}

extension KeyedEncodingContainer {
    /// `encodeStringIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeStringIfPresent(
        _ value: String?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeString(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeString(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeString(
        _ member: String, forKey key: Key, skippingDefault value: String, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value { try encodeString(member, forKey: key) }
    }

    /// `encodeBoolIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeBoolIfPresent(
        _ value: Bool?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeBool(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeBool(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeBool(
        _ member: Bool, forKey key: Key, skippingDefault value: Bool, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value { try encodeBool(member, forKey: key) }
    }

    /// `encodeDoubleIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeDoubleIfPresent(
        _ value: Double?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeDouble(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeDouble(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeDouble(
        _ member: Double, forKey key: Key, skippingDefault value: Double, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value { try encodeDouble(member, forKey: key) }
    }

    /// `encodeFloatIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeFloatIfPresent(
        _ value: Float?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeFloat(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeFloat(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeFloat(
        _ member: Float, forKey key: Key, skippingDefault value: Float, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value { try encodeFloat(member, forKey: key) }
    }

    /// `encodeMemberIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeMemberIfPresent<T: Encodable>(
        _ value: T?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeMember(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeMember(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeMember<T: Encodable & Equatable>(
        _ member: T, forKey key: Key, skippingDefault value: @autoclosure () -> T, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value() { try encodeMember(member, forKey: key) }
    }

    /// `encodeTextIfPresent(_:forKey:)`, writing `null` for `nil` when `presence` noted member
    /// `index` as `null` when the value was decoded.
    @inlinable
    public mutating func encodeTextIfPresent<T: SchemaTextValue>(
        _ value: T?, forKey key: Key, nullNotedAt index: Int, in presence: SchemaPresence
    ) throws {
        if let value {
            try encodeText(value, forKey: key)
        } else if presence.wasNull(index) {
            try encodeNil(forKey: key)
        }
    }

    /// `encodeText(_:forKey:)`, unless `presence` noted member `index` as absent when the value
    /// was decoded and `member` still equals that default, `value`.
    @inlinable
    public mutating func encodeText<T: SchemaTextValue & Equatable>(
        _ member: T, forKey key: Key, skippingDefault value: T, absentAt index: Int,
        in presence: SchemaPresence
    ) throws {
        if !presence.wasAbsent(index) || member != value { try encodeText(member, forKey: key) }
    }
}
