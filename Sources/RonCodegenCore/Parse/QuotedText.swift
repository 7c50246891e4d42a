/// Text between double quotes with the escapes JSON and Swift string literals share (`\"`, `\\`,
/// `\n`, `\r`, `\t`); every other control character (below U+0020, and U+007F) is written as
/// `escape` spells it, or as it is when `escape` returns `nil` (each caller's rule for them); every
/// other scalar as it is.
enum QuotedText {
    static func quote(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        if !needsEscapes(text) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F, let escaped = escape(scalar) {
                    result += escaped
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `text` has a quote, a backslash or a control character: most have none, and are
    /// quoted without a pass over their scalars.
    private static func needsEscapes(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var position = 0
            while position < buffer.count {
                let byte = buffer[position]
                if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    return true
                }
                position += 1
            }
            return false
        }
    }
}
