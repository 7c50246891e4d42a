import Foundation

/// Bytes carried as base64url text without padding (RFC 4648 section 5).
///
/// Decoding also accepts padding and the standard alphabet, so text from older writers reads;
/// encoding always writes the canonical form.
public struct WireBase64URL: Codable, Hashable, Sendable {
    /// The bytes.
    public var value: Data

    /// Wraps bytes for encoding.
    public init(_ value: Data) {
        self.value = value
    }

    /// Decodes base64url (or base64) text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let data = Self.decode(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Text is not base64url")
        }
        value = data
    }

    /// Encodes base64url text without padding.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.encode(value))
    }

    /// Base64url text without padding for `data`.
    public static func encode(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.last == "=" { text.removeLast() }
        return text
    }

    /// The bytes of base64url or base64 text, padded or not, or `nil`.
    public static func decode(_ text: String) -> Data? {
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard normalized.count % 4 != 1 else { return nil }
        if !normalized.hasSuffix("=") {
            normalized += String(repeating: "=", count: (4 - normalized.count % 4) % 4)
        }
        return Data(base64Encoded: normalized)
    }
}
