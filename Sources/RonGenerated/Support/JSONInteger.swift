import Foundation

/// A JSON integer of any size up to 38 digits, kept exactly.
///
/// A schema's `integer` with no `format` and no bounds that fit 64 bits is generated as
/// `JSONInteger`: the schema allows any whole number, so the type takes every one a JSON decoder
/// can hand over exactly and writes back the same digits. Values inside 64 bits cost what an
/// `Int64` costs; read them with the checked accessors:
///
/// ```swift
/// let count: JSONInteger = 42
/// count.int64        // 42
/// JSONInteger("123456789012345678901234567890")?.int64  // nil: beyond 64 bits
/// ```
///
/// Foundation's `JSONDecoder` reads numbers through `Decimal`, which holds 38 significant digits;
/// an integer of more digits could already have been rounded, so it fails to decode with an error
/// that says so, never with a rounded value. A fraction (`1.5`) is not an integer and fails too;
/// `2.0` is the whole number 2, as Foundation reads it for every integer type.
public struct JSONInteger: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    /// One form per range, so that each value has exactly one: synthesized `==` and `hash` are by
    /// value.
    enum Storage: Sendable, Hashable {
        /// Any value that fits `Int64`.
        case signed(Int64)
        /// A value above `Int64.max` that fits `UInt64`.
        case unsigned(UInt64)
        /// Any other value: its canonical digits (`-` for a negative one, no leading zeros).
        case digits(String)
    }

    /// The most digits a value may have: what `Decimal`, through which Foundation's JSON coders
    /// read and write numbers, holds exactly.
    public static let maximumDigits = 38

    let storage: Storage

    /// An integer of a Swift integer type.
    public init<Value: BinaryInteger>(_ value: Value) {
        if let signed = Int64(exactly: value) {
            storage = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            storage = .unsigned(unsigned)
        } else {
            storage = .digits(String(value))
        }
    }

    /// The integer that `description` spells in decimal digits (an optional `-`, no `+`, no
    /// fraction or exponent), or `nil` when it is not one or has more than ``maximumDigits``
    /// digits. Leading zeros are allowed and dropped.
    public init?(_ description: String) {
        let negative = description.hasPrefix("-")
        var digits = Substring(description.dropFirst(negative ? 1 : 0))
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        while digits.count > 1, digits.first == "0" { digits = digits.dropFirst() }
        guard digits.count <= Self.maximumDigits else { return nil }
        let text = (negative && digits != "0" ? "-" : "") + digits
        if let signed = Int64(text) {
            storage = .signed(signed)
        } else if let unsigned = UInt64(text) {
            storage = .unsigned(unsigned)
        } else {
            storage = .digits(text)
        }
    }

    /// The value as `Int64`, or `nil` when it does not fit.
    public var int64: Int64? {
        if case .signed(let value) = storage { return value }
        return nil
    }

    /// The value as `UInt64`, or `nil` when it is negative or does not fit.
    public var uint64: UInt64? {
        switch storage {
        case .signed(let value): return UInt64(exactly: value)
        case .unsigned(let value): return value
        case .digits: return nil
        }
    }

    /// The value as `Int`, or `nil` when it does not fit.
    public var int: Int? {
        if case .signed(let value) = storage { return Int(exactly: value) }
        return nil
    }

    /// The nearest `Double` (exact up to 2⁵³).
    public var doubleValue: Double {
        switch storage {
        case .signed(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .digits(let text): return Double(text) ?? .nan
        }
    }

    /// The decimal digits, with a leading `-` when negative: the text it is written as in JSON.
    public var description: String {
        switch storage {
        case .signed(let value): return String(value)
        case .unsigned(let value): return String(value)
        case .digits(let text): return text
        }
    }

    /// Whether the value is below zero.
    public var isNegative: Bool {
        switch storage {
        case .signed(let value): return value < 0
        case .unsigned: return false
        case .digits(let text): return text.hasPrefix("-")
        }
    }

    /// Orders by value.
    public static func < (lhs: JSONInteger, rhs: JSONInteger) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.signed(let left), .signed(let right)): return left < right
        case (.unsigned(let left), .unsigned(let right)): return left < right
        case (.signed, .unsigned): return true
        case (.unsigned, .signed): return false
        default:
            // One of them has more than 64 bits: the sign first, then the length, then the digits.
            if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
            let left = lhs.description.drop { $0 == "-" }
            let right = rhs.description.drop { $0 == "-" }
            let smallerMagnitude = left.count != right.count ? left.count < right.count : left < right
            return lhs.isNegative ? !smallerMagnitude && left != right : smallerMagnitude
        }
    }
}

extension JSONInteger: ExpressibleByIntegerLiteral {
    /// An integer written as a literal.
    public init(integerLiteral value: Int64) {
        storage = .signed(value)
    }
}

extension JSONInteger: Codable {
    /// Decodes a JSON number that is a whole number of at most ``maximumDigits`` digits.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoder {
            self = try Self.exact(tree.value, codingPath: tree.codingPath)
            return
        }
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) {
            storage = .signed(value)
        } else if let value = try? container.decode(UInt64.self) {
            storage = .unsigned(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = try Self.exact(value, codingPath: container.codingPath)
        } else {
            throw DecodingError.typeMismatch(
                JSONInteger.self,
                .init(codingPath: container.codingPath, debugDescription: "Expected an integer"))
        }
    }

    /// Writes the digits as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .signed(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .digits(let text):
            guard let value = Decimal(string: text) else {
                throw EncodingError.invalidValue(
                    self, .init(codingPath: container.codingPath, debugDescription: "\(text) is not an integer"))
            }
            try container.encode(value)
        }
    }

    /// The integer a decoded number stands for, or the error that says why it is not one.
    static func exact(_ value: Decimal, codingPath: [any CodingKey]) throws -> JSONInteger {
        var rounded = Decimal()
        var source = value
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == value, !value.isNaN else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(value) is not a whole number"))
        }
        // `Decimal` keeps 38 significant digits and drops the rest: a longer number cannot be
        // told apart from a rounded one, so none is taken.
        var text = "\(value)"
        if let point = text.firstIndex(of: ".") { text = String(text[..<point]) }
        guard let integer = JSONInteger(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription:
                        "the integer \(text) has more than \(maximumDigits) digits, more than JSONDecoder keeps exactly"
                ))
        }
        return integer
    }

    /// The integer a JSON value of an already-read tree stands for.
    static func exact(_ value: JSONValue, codingPath: [any CodingKey]) throws -> JSONInteger {
        switch value {
        case .integer(let number): return JSONInteger(number)
        case .unsigned(let number): return JSONInteger(number)
        case .bigInteger(let number): return number
        case .double(let number) where number.rounded() == number && Int64(exactly: number) != nil:
            return JSONInteger(Int64(number))
        default:
            throw DecodingError.typeMismatch(
                JSONInteger.self, .init(codingPath: codingPath, debugDescription: "Expected an integer, found \(value)")
            )
        }
    }
}

extension JSONInteger: SchemaFitting {
    /// ``SchemaFit/exact`` for any whole number.
    public static func schemaFit(_ value: JSONValue) -> SchemaFit {
        (try? exact(value, codingPath: [])) != nil ? .exact : .none
    }
}
