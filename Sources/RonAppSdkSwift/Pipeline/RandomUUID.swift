#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Random (version 4) UUIDs as lowercase text: the SDK's default request ids and idempotency keys.
///
/// Foundation's `UUID()` opens, reads and closes `/dev/urandom` on every call on Linux (a sixth of a
/// call's own work in a profile); this takes the same 122 random bits from the system's random
/// source with one `getentropy` call (no file descriptor), falling back to the standard library's
/// system generator if that call fails.
enum RandomUUID {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A new random UUID, for example `1b4e28ba-2fa1-41d2-883f-0016d3cca427`.
    static func lowercased() -> String {
        // One 16-byte draw, one system call (`SystemRandomNumberGenerator` makes one per 8 bytes).
        var draw: (UInt64, UInt64) = (0, 0)
        let drawn = withUnsafeMutableBytes(of: &draw) { getentropy($0.baseAddress, $0.count) == 0 }
        if !drawn {
            var generator = SystemRandomNumberGenerator()
            draw = (generator.next(), generator.next())
        }
        // Version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
        let high = draw.0 & ~0xF000 | 0x4000
        let low = draw.1 & ~(0xC0 << 56) | (0x80 << 56)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            func put(_ value: UInt64, bytes: Range<Int>) {
                for byte in bytes {
                    let octet = UInt8(truncatingIfNeeded: value >> UInt64((7 - byte) * 8))
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    buffer[index] = digits[Int(octet >> 4)]
                    buffer[index + 1] = digits[Int(octet & 0x0F)]
                    index += 2
                }
            }
            put(high, bytes: 0..<8)
            put(low, bytes: 0..<8)
            return index
        }
    }
}
