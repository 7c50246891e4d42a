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
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        return alphabet.withUTF8Buffer { table in
            var out = [UInt8]()
            out.reserveCapacity((data.count * 4 + 2) / 3)
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var index = 0
                while index + 3 <= bytes.count {
                    let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    out.append(table[Int(chunk >> 18 & 63)])
                    out.append(table[Int(chunk >> 12 & 63)])
                    out.append(table[Int(chunk >> 6 & 63)])
                    out.append(table[Int(chunk & 63)])
                    index += 3
                }
                let rest = bytes.count - index
                if rest > 0 {
                    var chunk = UInt32(bytes[index]) << 16
                    if rest == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
                    out.append(table[Int(chunk >> 18 & 63)])
                    out.append(table[Int(chunk >> 12 & 63)])
                    if rest == 2 { out.append(table[Int(chunk >> 6 & 63)]) }
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The 6-bit value of a base64url (or base64) character, or `nil`.
    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x41...0x5A: return UInt32(byte - 0x41)
        case 0x61...0x7A: return UInt32(byte - 0x61 + 26)
        case 0x30...0x39: return UInt32(byte - 0x30 + 52)
        case 0x2D, 0x2B: return 62
        case 0x5F, 0x2F: return 63
        default: return nil
        }
    }

    /// The bytes of base64url or base64 text, padded or not, or `nil` when it is not such text.
    public static func decode(_ text: String) -> Data? {
        var utf8 = Array(text.utf8)
        while utf8.last == 0x3D { utf8.removeLast() }
        guard utf8.count % 4 != 1 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in utf8 {
            guard let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return Data(out)
    }
}
