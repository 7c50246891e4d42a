import Foundation

/// A JSON number as a validator compares it: exactly while it is an integer that fits 64 bits,
/// as a `Double` otherwise (as Python's `json` reads integers and fractions apart).
struct DescriptionNumber {
    /// The number as written.
    let text: String
    /// Written without a fraction or exponent (Python reads it as an `int`).
    let isIntegerLiteral: Bool
    /// The integer, when written as one that fits 64 bits.
    let integer: Int64?
    /// The value as a `Double` (infinite beyond its range).
    let double: Double

    init(_ text: String) {
        self.text = text
        isIntegerLiteral = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        integer = isIntegerLiteral ? Int64(text) : nil
        double = Double(text) ?? .nan
    }

    /// A keyword's number; `true` and `false` count as 1 and 0 where `asBoolean` (Python's `bool`
    /// is an `int`).
    init?(_ value: DocumentValue, booleans asBoolean: Bool = false) {
        switch value {
        case .number(let text): self.init(text)
        case .bool(let flag) where asBoolean: self.init(flag ? "1" : "0")
        default: return nil
        }
    }

    /// A whole number (an integer literal, or a finite fraction without a fractional part).
    var isWhole: Bool { isIntegerLiteral || (double.isFinite && double.rounded(.towardZero) == double) }

    /// `-1`, `0` or `1` as `self` is below, equal to or above `other`; `nil` for NaN.
    func compare(_ other: DescriptionNumber) -> Int? {
        if let a = integer, let b = other.integer { return a < b ? -1 : (a == b ? 0 : 1) }
        if double.isNaN || other.double.isNaN { return nil }
        return double < other.double ? -1 : (double == other.double ? 0 : 1)
    }

    /// Whether this is a multiple of `divisor`, as jsonschema decides it: a fractional divisor
    /// divides in floating point and asks for a whole quotient; an integer divisor takes the
    /// remainder. `nil` for a zero divisor.
    func isMultiple(of divisor: DescriptionNumber) -> Bool? {
        guard divisor.double != 0, !divisor.double.isNaN else { return nil }
        if divisor.isIntegerLiteral {
            if let a = integer, let b = divisor.integer {
                return b == -1 || a % b == 0
            }
            if isIntegerLiteral, let b = divisor.integer {
                // Digit by digit, exactly, as Python's integers divide.
                let modulus = b.magnitude
                var remainder: UInt64 = 0
                for digit in text.unicodeScalars where ("0"..."9").contains(digit) {
                    let shifted = modulus.dividingFullWidth(remainder.multipliedFullWidth(by: 10)).remainder
                    remainder = (shifted + UInt64(digit.value - 48)) % modulus
                }
                return remainder == 0
            }
            return double.truncatingRemainder(dividingBy: divisor.double) == 0
        }
        let quotient = double / divisor.double
        if quotient.isFinite { return quotient.rounded(.towardZero) == quotient }
        return Self.isWholeQuotient(double, divisor.double)
    }

    /// Whether `a / b` is a whole number in exact arithmetic over the two `Double`s (each an odd
    /// integer times a power of two), as Python's `Fraction` decides where the float quotient
    /// overflows.
    private static func isWholeQuotient(_ a: Double, _ b: Double) -> Bool {
        guard a.isFinite, b.isFinite, b != 0 else { return false }
        if a == 0 { return true }
        func parts(_ x: Double) -> (odd: UInt64, exponent: Int) {
            let significand = x.isNormal ? x.significandBitPattern | (1 << 52) : x.significandBitPattern
            let exponent = (x.isNormal ? Int(x.exponent) : -1022) - 52
            let zeros = significand.trailingZeroBitCount
            return (significand >> zeros, exponent + zeros)
        }
        let (oddA, exponentA) = parts(a)
        let (oddB, exponentB) = parts(b)
        return oddA % oddB == 0 && exponentA >= exponentB
    }
}

/// JSON values compared and shown as the validator's messages and keywords need them.
enum DescriptionValues {
    /// Whether two values are equal as JSON Schema compares them (jsonschema's `equal`): numbers
    /// by value (`1` equals `1.0`), booleans apart from numbers, arrays in order, objects by their
    /// members in any order.
    static func equal(_ a: DocumentValue, _ b: DocumentValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return DescriptionNumber(x).compare(DescriptionNumber(y)) == 0
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            let left = fields(x)
            let right = Dictionary(fields(y).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            return left.count == right.count
                && left.allSatisfy { member in right[member.key].map { equal(member.value, $0) } ?? false }
        default: return false
        }
    }

    /// A text equal for values ``equal(_:_:)`` calls equal (numbers by their `Double` value), for
    /// finding repeated items without comparing every pair.
    static func canonical(_ value: DocumentValue) -> String {
        switch value {
        case .null: return "n"
        case .bool(let flag): return flag ? "t" : "f"
        case .number(let text):
            let number = DescriptionNumber(text)
            if let integer = number.integer { return "#" + String(integer) }
            return "#"
                + (number.isWhole && abs(number.double) < 9.2e18 ? String(Int64(number.double)) : "\(number.double)")
        case .string(let text): return "s" + DocumentValue.string(text).jsonText
        case .array(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let members):
            let sorted = fields(members).sorted { $0.key < $1.key }
            return "{"
                + sorted.map { DocumentValue.string($0.key).jsonText + ":" + canonical($0.value) }
                .joined(separator: ",") + "}"
        }
    }

    /// An object's members with each key once, its last value kept (as Python's `json` reads
    /// repeated keys), in order of first appearance.
    static func fields(_ members: [(key: String, value: DocumentValue)]) -> [(key: String, value: DocumentValue)] {
        var index: [String: Int] = [:]
        var result: [(key: String, value: DocumentValue)] = []
        for member in members {
            if let at = index[member.key] {
                result[at].value = member.value
            } else {
                index[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }

    /// Whether a keyword's value counts as set, as Python's truth test reads it.
    static func truthy(_ value: DocumentValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let text): return (Double(text) ?? 0) != 0
        case .string(let text): return !text.isEmpty
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        }
    }

    /// The value as compact JSON, shortened to about 60 characters.
    static func show(_ value: DocumentValue) -> String {
        let text = value.jsonText
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    /// A count with its noun: `1 item`, `3 items`.
    static func count(_ number: String, _ noun: String) -> String {
        number + " " + (number == "1" ? noun : noun + "s")
    }

    /// A keyword's non-negative count (`3`, `3.0`), as text and value; `nil` when unreadable.
    static func bound(_ value: DocumentValue?) -> (text: String, value: Double)? {
        guard let value, case .number(let text) = value, let number = Double(text), number >= 0 else { return nil }
        let shown = number.rounded() == number && number < 1e15 ? String(Int64(number)) : text
        return (shown, number)
    }
}
