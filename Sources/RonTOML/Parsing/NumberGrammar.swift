/// Strict reader of TOML 1.0 integers and floats.
enum NumberGrammar {
    /// Why a token is not a number; `%@` in the message stands for the token, `offset` is into the token.
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    static func parse(_ token: ArraySlice<UInt8>) -> Result<TOMLValue, Problem> {
        do {
            return .success(try read(Array(token)))
        } catch {
            return .failure(error)
        }
    }

    private static func read(_ bytes: [UInt8]) throws(Problem) -> TOMLValue {
        var index = 0
        var negative = false
        let hasSign = bytes.first == Byte.plus || bytes.first == Byte.minus
        if hasSign {
            negative = bytes[0] == Byte.minus
            index = 1
        }
        let body = String(decoding: bytes[index...], as: UTF8.self)
        if body == "inf" { return .float(negative ? -.infinity : .infinity) }
        if body == "nan" { return .float(negative ? -Double.nan : .nan) }
        guard index < bytes.count, Byte.isDigit(bytes[index]) else {
            throw Problem(offset: 0, message: "invalid value '%@'")
        }
        if bytes[index] == Byte.zero, index + 1 < bytes.count {
            let radix: Int? =
                switch bytes[index + 1] {
                case 0x78: 16
                case 0x6F: 8
                case 0x62: 2
                default: nil
                }
            if let radix {
                guard !hasSign else {
                    throw Problem(offset: 0, message: "a sign is not allowed on a hex, octal or binary integer")
                }
                return .integer(try readRadix(bytes, from: index + 2, radix: radix))
            }
        }
        let integerStart = index
        let integerDigits = try digitRun(bytes, from: &index, isDigit: Byte.isDigit)
        if integerDigits.count > 1 && bytes[integerStart] == Byte.zero {
            throw Problem(offset: integerStart, message: "leading zeros are not allowed in '%@'")
        }
        var text = (negative ? "-" : "") + integerDigits
        var isFloat = false
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard index < bytes.count, Byte.isDigit(bytes[index]) else {
                throw Problem(offset: index, message: "expected a digit after '.' in '%@'")
            }
            text += "." + (try digitRun(bytes, from: &index, isDigit: Byte.isDigit))
            isFloat = true
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            text += "e"
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus {
                text += bytes[index] == Byte.minus ? "-" : "+"
                index += 1
            }
            guard index < bytes.count, Byte.isDigit(bytes[index]) else {
                throw Problem(offset: index, message: "expected a digit in the exponent of '%@'")
            }
            text += try digitRun(bytes, from: &index, isDigit: Byte.isDigit)
            isFloat = true
        }
        guard index == bytes.count else {
            throw Problem(offset: index, message: "invalid character \(Byte.describe(bytes[index])) in number '%@'")
        }
        if isFloat {
            guard let value = Double(text), value.isFinite else {
                throw Problem(offset: 0, message: "float '%@' is out of range")
            }
            return .float(value)
        }
        guard let value = Int64(text) else {
            throw Problem(offset: 0, message: "integer '%@' is out of the 64-bit range")
        }
        return .integer(value)
    }

    /// Digits with single underscores between them; returns the digits without underscores.
    private static func digitRun(
        _ bytes: [UInt8], from index: inout Int, isDigit: (UInt8) -> Bool
    ) throws(Problem) -> String {
        var digits: [UInt8] = []
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw Problem(offset: index, message: "expected a digit in '%@'")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if isDigit(byte) {
                digits.append(byte)
                index += 1
            } else if byte == Byte.underscore {
                guard index + 1 < bytes.count, isDigit(bytes[index + 1]) else {
                    throw Problem(offset: index, message: "an underscore must be between digits in '%@'")
                }
                index += 1
            } else {
                break
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    private static func readRadix(_ bytes: [UInt8], from start: Int, radix: Int) throws(Problem) -> Int64 {
        var index = start
        let isDigit: (UInt8) -> Bool = { byte in
            switch radix {
            case 2: return byte == 0x30 || byte == 0x31
            case 8: return byte >= 0x30 && byte <= 0x37
            default:
                return Byte.isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
            }
        }
        let digits = try digitRun(bytes, from: &index, isDigit: isDigit)
        guard index == bytes.count else {
            throw Problem(offset: index, message: "invalid character \(Byte.describe(bytes[index])) in number '%@'")
        }
        guard let value = Int64(digits, radix: radix) else {
            throw Problem(offset: 0, message: "integer '%@' is out of the 64-bit range")
        }
        return value
    }
}
