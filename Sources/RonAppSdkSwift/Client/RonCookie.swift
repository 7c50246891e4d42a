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

    /// The cookies of a structured value under `name` in OpenAPI's `form` style (a cookie
    /// parameter's only style): an object's members, sorted by key and `null` ones left out, each as
    /// a cookie of its own (`explode`, the default), or as one cookie `name=key,value,key,value`; an
    /// array's elements joined by commas; a scalar as one cookie. Keys and values are escaped as
    /// ``value(_:)`` escapes, the separating commas are not; members that are objects or arrays go as
    /// their JSON text. A generated call sends an object or union cookie parameter this way.
    ///
    /// ```swift
    /// try RonCookie.pairs("range", ["low": 1, "high": 9], explode: true)   // high=9, low=1
    /// try RonCookie.pairs("range", ["low": 1, "high": 9], explode: false)  // range=high,9,low,1
    /// ```
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when the value does not
    ///   encode (a non-finite number).
    public static func pairs(
        _ name: String, _ value: some Encodable, explode: Bool = true, encoder: JSONEncoder = JSONEncoder()
    ) throws(LocalNetworkError) -> [(name: String, value: String)] {
        switch try FormURLEncoding.tree(of: value, encoder: encoder) {
        case .null: return []
        case .object(let members):
            let present = members.keys.sorted().compactMap { key -> (String, String)? in
                guard let member = members[key], member != .null else { return nil }
                return (key, Self.value(FormURLEncoding.scalarText(member)))
            }
            if explode { return present.map { (name: Self.value($0.0), value: $0.1) } }
            guard !present.isEmpty else { return [] }
            return [(name, present.map { "\(Self.value($0.0)),\($0.1)" }.joined(separator: ","))]
        case .array(let elements):
            return [(name, elements.map { Self.value(FormURLEncoding.scalarText($0)) }.joined(separator: ","))]
        case let scalar:
            return [(name, Self.value(FormURLEncoding.scalarText(scalar)))]
        }
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
