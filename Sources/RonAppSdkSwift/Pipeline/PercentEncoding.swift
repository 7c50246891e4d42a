/// Strict RFC 3986 percent-encoding: every byte except the unreserved set (`A-Z a-z 0-9 - . _ ~`)
/// is written as `%XX`. Used for path segments and query names and values alike, so `+`, `&`, `=`,
/// `/`, `?`, `#`, `%`, spaces and non-ASCII text always survive the trip.
enum PercentEncoding {
    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Appends `byte`, or its `%XX` form when it is not unreserved.
    static func append(_ byte: UInt8, to out: inout [UInt8]) {
        if isUnreserved(byte) {
            out.append(byte)
        } else {
            out.append(UInt8(ascii: "%"))
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0F)])
        }
    }
}
