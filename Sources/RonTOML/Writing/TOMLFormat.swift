/// Text forms of keys and inline values shared by the writer.
enum TOMLFormat {
    /// A bare key when every character is `A-Za-z0-9_-`, else a quoted basic string.
    static func key(_ key: String) -> String {
        let isBare = !key.isEmpty && key.utf8.allSatisfy(Byte.isBareKey)
        return isBare ? key : quoted(key)
    }

    /// A value on one line: scalars, arrays as `[a, b]`, tables as `{ k = v }`.
    static func inline(_ value: TOMLValue) -> String {
        switch value {
        case .string(let string):
            return quoted(string)
        case .integer(let integer):
            return String(integer)
        case .float(let float):
            return self.float(float)
        case .boolean(let boolean):
            return boolean ? "true" : "false"
        case .dateTime(let dateTime):
            return dateTime.text
        case .array(let elements):
            return "[" + elements.map(inline).joined(separator: ", ") + "]"
        case .table(let table):
            if table.isEmpty { return "{}" }
            return "{ " + table.map { key($0.key) + " = " + inline($0.value) }.joined(separator: ", ") + " }"
        }
    }

    /// The shortest text that reads back as exactly `value`.
    static func float(_ value: Double) -> String {
        if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = value.description
        let hasFractionOrExponent = text.utf8.contains { $0 == Byte.dot || $0 == 0x65 || $0 == 0x45 }
        return hasFractionOrExponent ? text : text + ".0"
    }

    /// A basic string with `"`, `\` and control characters escaped; other characters are written as they are.
    static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\u{0C}": output += "\\f"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
