import Foundation

/// A generated type whose JSON form is one string: a pattern-checked string or an open string enum.
///
/// The generated code reads and writes members of these types as plain strings of the keyed
/// container (`decodeText(_:forKey:)`, `encodeText(_:forKey:)`), so `JSONDecoder` and
/// `JSONEncoder` need no nested decoder or encoder per member; the values and errors are the same
/// as through the type's own `init(from:)` and `encode(to:)`.
public protocol SchemaTextValue: Codable, RawRepresentable where RawValue == String {
    /// Why `text` is not a value of this type (the text of the `DecodingError`).
    static func textFailure(_ text: String) -> String
}

extension SchemaTextValue {
    /// The generic reason; pattern-checked types say which pattern failed.
    public static func textFailure(_ text: String) -> String {
        "\"\(text)\" is not a valid \(Self.self)"
    }

    /// Decodes the text: an open enum's unknown value becomes its `unknown` case; text that is no
    /// value of the type (a string that does not match a pattern) is a `DecodingError` saying why.
    ///
    /// One implementation for every generated text type: a body per type was a fifth of a large
    /// description's debug build (BENCHMARKS.md, "The largest descriptions").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.textFailure(text))
        }
        self = value
    }

    /// Encodes the text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension KeyedDecodingContainer {
    /// A value of a string-valued generated type, read as a plain string.
    public func decodeText<T: SchemaTextValue>(_ type: T.Type, forKey key: Key) throws -> T {
        let text = try decode(String.self, forKey: key)
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: T.textFailure(text))
        }
        return value
    }

    /// ``decodeText(_:forKey:)`` for a member that may be absent or `null`.
    public func decodeTextIfPresent<T: SchemaTextValue>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: T.textFailure(text))
        }
        return value
    }
}

extension KeyedEncodingContainer {
    /// Writes a value of a string-valued generated type as a plain string.
    public mutating func encodeText<T: SchemaTextValue>(_ value: T, forKey key: Key) throws {
        try encode(value.rawValue, forKey: key)
    }

    /// Writes a value of a string-valued generated type, or nothing for `nil`.
    public mutating func encodeTextIfPresent<T: SchemaTextValue>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value.rawValue, forKey: key) }
    }
}
