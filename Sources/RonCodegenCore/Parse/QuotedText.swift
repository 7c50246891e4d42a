/// Text between double quotes with the escapes JSON and Swift string literals share (`\"`, `\\`,
/// `\n`, `\r`, `\t`); every other scalar is written as `escape` spells it, or as it is when `escape`
/// returns `nil` (each caller's rule for the remaining control characters).
enum QuotedText {
    static func quote(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let escaped = escape(scalar) {
                    result += escaped
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
