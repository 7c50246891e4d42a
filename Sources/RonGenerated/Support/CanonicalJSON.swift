import Foundation

/// JSON in the canonical form of RFC 8785 (JCS): no white space, object members sorted by their
/// UTF-16 code units, strings with the minimal escapes, numbers in ECMAScript form.
///
/// One deviation, on purpose: integers (``JSONValue/integer(_:)``, ``JSONValue/unsigned(_:)`` and
/// ``JSONValue/bigInteger(_:)``)
/// are written with all their digits, so 64-bit values compare exactly instead of through a
/// `Double`.
public enum CanonicalJSON {
    /// The canonical text of `value`.
    public static func render(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output)
        return output
    }

    /// The canonical text of the JSON in `data`.
    public static func render(json data: Data) throws -> String {
        render(try JSONDecoder().decode(JSONValue.self, from: data))
    }

    private static func write(_ value: JSONValue, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let number): output += String(number)
        case .unsigned(let number): output += String(number)
        case .bigInteger(let number): output += number.description
        case .double(let number): output += ecmaScriptNumber(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            let keys = members.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for (offset, key) in keys.enumerated() {
                if offset > 0 { output += "," }
                writeString(key, into: &output)
                output += ":"
                if let member = members[key] { write(member, into: &output) }
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
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

    /// ECMAScript's Number.prototype.toString for a finite double (NaN and infinities are not JSON
    /// and render as `null`).
    static func ecmaScriptNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        // Swift's description is the shortest text that round-trips; take its digits and exponent.
        var text = "\(abs(number))"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var digits = text.replacingOccurrences(of: ".", with: "")
        let pointPosition =
            (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? text.count)
        var leadingZeros = 0
        while digits.first == "0", digits.count > 1 {
            digits.removeFirst()
            leadingZeros += 1
        }
        while digits.last == "0", digits.count > 1 { digits.removeLast() }
        // n: the position of the decimal point relative to the digits (ECMAScript's n).
        let n = pointPosition - leadingZeros + exponent
        let k = digits.count
        var result: String
        if k <= n && n <= 21 {
            result = digits + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            let index = digits.index(digits.startIndex, offsetBy: n)
            result = digits[..<index] + "." + digits[index...]
        } else if -6 < n && n <= 0 {
            result = "0." + String(repeating: "0", count: -n) + digits
        } else {
            let e = n - 1
            let mantissa = k == 1 ? digits : String(digits.prefix(1)) + "." + digits.dropFirst()
            result = mantissa + "e" + (e >= 0 ? "+" : "-") + String(abs(e))
        }
        return number < 0 ? "-" + result : result
    }
}
