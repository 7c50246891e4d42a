import Foundation

// The wire scalars that JSON carries as text (64-bit integers as strings, base64url bytes,
// RFC 3339 timestamps), read and written straight from the keyed container. The generated code
// uses these for plain members; they give the same values and errors as the `Wire…` wrappers
// without a nested decoder or encoder per member.

extension KeyedDecodingContainer {
    /// An `Int64` sent as a decimal string.
    public func decodeInt64String(forKey key: Key) throws -> Int64 {
        let text = try decode(String.self, forKey: key)
        guard let value = Int64(text) else { throw corrupted(key, WireIntegerText.failure(text, type: "Int64")) }
        return value
    }

    /// ``decodeInt64String(forKey:)`` for a member that may be absent or `null`.
    public func decodeInt64StringIfPresent(forKey key: Key) throws -> Int64? {
        try presence(key) ? decodeInt64String(forKey: key) : nil
    }

    /// A `UInt64` sent as a decimal string.
    public func decodeUInt64String(forKey key: Key) throws -> UInt64 {
        let text = try decode(String.self, forKey: key)
        guard let value = UInt64(text) else { throw corrupted(key, WireIntegerText.failure(text, type: "UInt64")) }
        return value
    }

    /// ``decodeUInt64String(forKey:)`` for a member that may be absent or `null`.
    public func decodeUInt64StringIfPresent(forKey key: Key) throws -> UInt64? {
        try presence(key) ? decodeUInt64String(forKey: key) : nil
    }

    /// A `Date` sent as RFC 3339 text.
    public func decodeTimestamp(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = RFC3339.parse(text) else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw corrupted(key, "\"\(shown)\" is not an RFC 3339 timestamp")
        }
        return date
    }

    /// ``decodeTimestamp(forKey:)`` for a member that may be absent or `null`.
    public func decodeTimestampIfPresent(forKey key: Key) throws -> Date? {
        try presence(key) ? decodeTimestamp(forKey: key) : nil
    }

    /// A `Date` sent as RFC 3339 text (or a date-time without an offset, read as UTC), whose text
    /// `presence` keeps for member `index` when it is not the form ``RFC3339/format(_:)`` writes,
    /// so that encoding writes the same text back.
    public func decodeTimestamp(forKey key: Key, keepingTextIn presence: inout SchemaPresence, _ index: Int) throws
        -> Date
    {
        let text = try decode(String.self, forKey: key)
        guard let date = RFC3339.parse(text) ?? RFC3339.parseWithoutOffset(text) else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw corrupted(key, "\"\(shown)\" is not an RFC 3339 timestamp")
        }
        if !RFC3339.isCanonical(text) { presence.keepText(index, text) }
        return date
    }

    /// ``decodeTimestamp(forKey:keepingTextIn:_:)`` for a member that may be absent or `null`.
    public func decodeTimestampIfPresent(
        forKey key: Key, keepingTextIn presence: inout SchemaPresence, _ index: Int
    ) throws -> Date? {
        try self.presence(key) ? decodeTimestamp(forKey: key, keepingTextIn: &presence, index) : nil
    }

    /// Bytes sent as base64url (or base64) text.
    public func decodeBase64URL(forKey key: Key) throws -> Data {
        let text = try decode(String.self, forKey: key)
        guard let data = WireBase64URL.decode(text) else { throw corrupted(key, "Text is not base64url") }
        return data
    }

    /// ``decodeBase64URL(forKey:)`` for a member that may be absent or `null`.
    public func decodeBase64URLIfPresent(forKey key: Key) throws -> Data? {
        try presence(key) ? decodeBase64URL(forKey: key) : nil
    }

    private func presence(_ key: Key) throws -> Bool {
        guard contains(key) else { return false }
        return try !decodeNil(forKey: key)
    }

    private func corrupted(_ key: Key, _ description: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: description)
    }
}

extension KeyedEncodingContainer {
    /// Writes an `Int64` as a decimal string.
    public mutating func encodeInt64String(_ value: Int64, forKey key: Key) throws {
        try encode(String(value), forKey: key)
    }

    /// Writes an `Int64` as a decimal string, or nothing for `nil`.
    public mutating func encodeInt64StringIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(String(value), forKey: key) }
    }

    /// Writes a `UInt64` as a decimal string.
    public mutating func encodeUInt64String(_ value: UInt64, forKey key: Key) throws {
        try encode(String(value), forKey: key)
    }

    /// Writes a `UInt64` as a decimal string, or nothing for `nil`.
    public mutating func encodeUInt64StringIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(String(value), forKey: key) }
    }

    /// Writes a `Date` as RFC 3339 text in UTC.
    public mutating func encodeTimestamp(_ value: Date, forKey key: Key) throws {
        try encode(RFC3339.format(value), forKey: key)
    }

    /// Writes a `Date` as RFC 3339 text, or nothing for `nil`.
    public mutating func encodeTimestampIfPresent(_ value: Date?, forKey key: Key) throws {
        if let value { try encode(RFC3339.format(value), forKey: key) }
    }

    /// Writes a `Date` as the text it was decoded from (`text`, when it still names `value`), else
    /// as RFC 3339 text in UTC.
    public mutating func encodeTimestamp(_ value: Date, forKey key: Key, text: String?) throws {
        if let text, RFC3339.parse(text) ?? RFC3339.parseWithoutOffset(text) == value {
            try encode(text, forKey: key)
        } else {
            try encode(RFC3339.format(value), forKey: key)
        }
    }

    /// ``encodeTimestamp(_:forKey:text:)``, or nothing for `nil`.
    public mutating func encodeTimestampIfPresent(_ value: Date?, forKey key: Key, text: String?) throws {
        if let value { try encodeTimestamp(value, forKey: key, text: text) }
    }

    /// Writes bytes as base64url text without padding.
    public mutating func encodeBase64URL(_ value: Data, forKey key: Key) throws {
        try encode(WireBase64URL.encode(value), forKey: key)
    }

    /// Writes bytes as base64url text, or nothing for `nil`.
    public mutating func encodeBase64URLIfPresent(_ value: Data?, forKey key: Key) throws {
        if let value { try encode(WireBase64URL.encode(value), forKey: key) }
    }
}
