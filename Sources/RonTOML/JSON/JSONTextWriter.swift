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

    static func string(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
