import Foundation

/// An `Int64` carried as a JSON string (`"-42"`), the IDB's wire form for `i64`.
///
/// Decoding accepts only a plain decimal integer in range; anything else is a
/// `DecodingError` that names the coding path and the text, never a truncated value.
public struct WireInt64String: Codable, Hashable, Sendable {
    /// The integer.
    public var value: Int64

    /// Wraps an integer for encoding.
    public init(_ value: Int64) {
        self.value = value
    }

    /// Decodes the string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Int64(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: WireIntegerText.failure(text, type: "Int64"))
        }
        self.value = value
    }

    /// Encodes the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

/// A `UInt64` carried as a JSON string (`"18446744073709551615"`), the IDB's wire form for `u64`.
public struct WireUInt64String: Codable, Hashable, Sendable {
    /// The integer.
    public var value: UInt64

    /// Wraps an integer for encoding.
    public init(_ value: UInt64) {
        self.value = value
    }

    /// Decodes the string form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = UInt64(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: WireIntegerText.failure(text, type: "UInt64"))
        }
        self.value = value
    }

    /// Encodes the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

/// Messages for integer text that does not decode.
enum WireIntegerText {
    static func failure(_ text: String, type: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        let digits =
            !text.isEmpty && text.drop(while: { $0 == "-" || $0 == "+" }).allSatisfy(\.isASCII)
            && text.drop(while: { $0 == "-" }).allSatisfy(\.isNumber)
        if digits {
            return "\"\(shown)\" is out of range for \(type)"
        }
        return "\"\(shown)\" is not an integer (\(type) expected as a decimal string)"
    }
}
