import Foundation

/// Cookie values as generated calls send an operation's `in: cookie` parameters: one `Cookie`
/// header of `name=value` pairs joined by `; ` (RFC 6265, section 4.2.1).
public enum RonCookie {
    /// `text` as a cookie value: the characters a cookie value may hold (RFC 6265's `cookie-octet`)
    /// as they are, every other byte (space, `"`, `,`, `;`, `\`, controls, non-ASCII) and `%` itself
    /// percent-encoded, so a value never ends its pair or the header early.
    ///
    /// ```swift
    /// RonCookie.value("a b;c")  // "a%20b%3Bc"
    /// ```
    public static func value(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if isCookieOctet(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// The `Cookie` header of `pairs` (`name=value; name=value`), the values given as
    /// ``value(_:)`` made them.
    public static func header(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// `%x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E`, less `%` (kept for the escapes).
    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x25: return false
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
        default: return false
        }
    }
}
