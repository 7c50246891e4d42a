/// Strict UTF-8 validation (no overlong forms, no surrogates, nothing above U+10FFFF).
enum UTF8Check {
    /// The offset of the first byte of the first invalid sequence, or `nil` when all of `bytes` is valid.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF:
                length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF:
                length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3:
                length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default:
                return index
            }
            guard index + length <= bytes.count else { return index }
            guard bytes[index + 1] >= lowest, bytes[index + 1] <= highest else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
