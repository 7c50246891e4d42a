/// Writes TOML values as JSON text, keeping table key order.
enum JSONTextWriter {
    static func object(_ table: TOMLTable, path: String, into output: inout String) throws(TOMLJSONError) {
        output += "{"
        var first = true
        for (key, value) in table {
            if !first { output += "," }
            first = false
            string(key, into: &output)
            output += ":"
            try self.value(value, path: JSONPath.appending(key: key, to: path), into: &output)
        }
        output += "}"
    }

    static func value(_ value: TOMLValue, path: String, into output: inout String) throws(TOMLJSONError) {
        switch value {
        case .string(let text):
            string(text, into: &output)
        case .integer(let integer):
            output += String(integer)
        case .float(let float):
            guard float.isFinite else {
                throw TOMLJSONError(path: path, message: "\(TOMLFormat.float(float)) has no JSON representation")
            }
            output += float.description
        case .boolean(let boolean):
            output += boolean ? "true" : "false"
        case .dateTime(let dateTime):
            string(dateTime.text, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                try self.value(element, path: JSONPath.appending(index: index, to: path), into: &output)
            }
            output += "]"
        case .table(let table):
            try object(table, path: path, into: &output)
        }
    }

    /// Writes `text` as a JSON string: the five short escapes this writer has always used, `\u00XX`
    /// for every other control character, everything else as it is.
    static func string(_ text: String, into output: inout String) {
        output.append("\"")
        for scalar in text.unicodeScalars {
            if let short = shortEscapes[scalar] {
                output += short
            } else if scalar.value < 0x20 {
                output += (scalar.value < 0x10 ? "\\u000" : "\\u00") + String(scalar.value, radix: 16)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }

    private static let shortEscapes: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    ]
}
