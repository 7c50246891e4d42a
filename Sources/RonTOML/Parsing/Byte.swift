/// ASCII byte values used by the scanners.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let delete: UInt8 = 0x7F

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    static func isBareKey(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == underscore
            || byte == minus
    }

    /// A control character TOML forbids outside escapes (everything below U+0020 but tab, and U+007F).
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < space && byte != tab) || byte == delete
    }

    /// How a byte is shown in messages: `'x'` for printable ASCII, `U+000D` otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < delete {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return scalarName(byte)
    }

    /// `U+XXXX` for a byte value.
    static func scalarName(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
