/// A small strict JSON reader (RFC 8259) that keeps object key order and produces TOML values directly.
struct OrderedJSONReader {
    static let maximumDepth = 128

    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readDocument() throws(TOMLJSONError) -> TOMLTable {
        if let bad = UTF8Check.firstInvalidOffset(in: bytes) {
            throw TOMLJSONError(path: "", message: "invalid UTF-8 at byte \(bad)")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        guard peek() == Byte.openBrace else {
            throw syntax("expected a JSON object at the top level")
        }
        let value = try readValue(path: "")
        skipWhitespace()
        guard position == bytes.count else { throw syntax("unexpected text after the JSON object") }
        guard case .table(let table) = value else { throw syntax("expected a JSON object at the top level") }
        return table
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func syntax(_ message: String, path: String = "") -> TOMLJSONError {
        TOMLJSONError(path: path, message: "\(message) (byte \(position))")
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == Byte.space || byte == Byte.tab || byte == Byte.lineFeed
                || byte == Byte.carriageReturn
        {
            position += 1
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        guard bytes[position...].starts(with: expected) else { return false }
        position += expected.count
        return true
    }

    private mutating func readValue(path: String) throws(TOMLJSONError) -> TOMLValue {
        skipWhitespace()
        guard let byte = peek() else { throw syntax("unexpected end of JSON", path: path) }
        switch byte {
        case Byte.openBrace:
            return .table(
                try nested(path: path) { (reader: inout Self) throws(TOMLJSONError) in
                    try reader.readObject(path: path)
                })
        case Byte.openBracket:
            return .array(
                try nested(path: path) { (reader: inout Self) throws(TOMLJSONError) in
                    try reader.readArray(path: path)
                })
        case Byte.quote:
            return .string(try readString(path: path))
        case 0x74 where literal("true"):
            return .boolean(true)
        case 0x66 where literal("false"):
            return .boolean(false)
        case 0x6E where literal("null"):
            throw TOMLJSONError(path: path, message: "null has no TOML representation")
        case Byte.minus, Byte.zero...Byte.nine:
            return try readNumber(path: path)
        default:
            throw syntax("unexpected \(Byte.describe(byte)) where a JSON value was expected", path: path)
        }
    }

    private mutating func nested<T>(
        path: String, _ body: (inout Self) throws(TOMLJSONError) -> T
    ) throws(TOMLJSONError) -> T {
        guard depth < Self.maximumDepth else {
            throw syntax("JSON nested deeper than \(Self.maximumDepth) levels", path: path)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func readObject(path: String) throws(TOMLJSONError) -> TOMLTable {
        position += 1
        var table = TOMLTable()
        skipWhitespace()
        if peek() == Byte.closeBrace {
            position += 1
            return table
        }
        while true {
            skipWhitespace()
            guard peek() == Byte.quote else { throw syntax("expected a string key in object", path: path) }
            let key = try readString(path: path)
            let childPath = JSONPath.appending(key: key, to: path)
            guard !table.contains(key) else {
                throw TOMLJSONError(path: childPath, message: "duplicate key '\(key)'")
            }
            skipWhitespace()
            guard peek() == Byte.colon else { throw syntax("expected ':' after object key", path: childPath) }
            position += 1
            table[key] = try readValue(path: childPath)
            skipWhitespace()
            switch peek() {
            case Byte.comma:
                position += 1
            case Byte.closeBrace:
                position += 1
                return table
            default:
                throw syntax("expected ',' or '}' in object", path: path)
            }
        }
    }

    private mutating func readArray(path: String) throws(TOMLJSONError) -> [TOMLValue] {
        position += 1
        var elements: [TOMLValue] = []
        skipWhitespace()
        if peek() == Byte.closeBracket {
            position += 1
            return elements
        }
        while true {
            elements.append(try readValue(path: JSONPath.appending(index: elements.count, to: path)))
            skipWhitespace()
            switch peek() {
            case Byte.comma:
                position += 1
            case Byte.closeBracket:
                position += 1
                return elements
            default:
                throw syntax("expected ',' or ']' in array", path: path)
            }
        }
    }

    private mutating func readString(path: String) throws(TOMLJSONError) -> String {
        position += 1
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw syntax("unterminated string", path: path) }
            position += 1
            switch byte {
            case Byte.quote:
                return String(decoding: output, as: UTF8.self)
            case Byte.backslash:
                try readEscape(into: &output, path: path)
            default:
                guard byte >= Byte.space else { throw syntax("unescaped control character in string", path: path) }
                output.append(byte)
            }
        }
    }

    private mutating func readEscape(into output: inout [UInt8], path: String) throws(TOMLJSONError) {
        guard let code = peek() else { throw syntax("unterminated string", path: path) }
        position += 1
        switch code {
        case Byte.quote, Byte.backslash, 0x2F: output.append(code)
        case 0x62: output.append(0x08)
        case 0x66: output.append(0x0C)
        case 0x6E: output.append(Byte.lineFeed)
        case 0x72: output.append(Byte.carriageReturn)
        case 0x74: output.append(Byte.tab)
        case 0x75:
            var value = try readHex4(path: path)
            if (0xD800...0xDBFF).contains(value) {
                guard literal("\\u") else { throw syntax("unpaired surrogate in \\u escape", path: path) }
                let low = try readHex4(path: path)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntax("unpaired surrogate in \\u escape", path: path)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw syntax("unpaired surrogate in \\u escape", path: path)
            }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw syntax("invalid escape in string", path: path)
        }
    }

    private mutating func readHex4(path: String) throws(TOMLJSONError) -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
            bytes[position..<position + 4].allSatisfy({ $0 != Byte.plus && $0 != Byte.minus })
        else {
            throw syntax("expected 4 hex digits after \\u", path: path)
        }
        position += 4
        return value
    }

    private mutating func readNumber(path: String) throws(TOMLJSONError) -> TOMLValue {
        let start = position
        if peek() == Byte.minus { position += 1 }
        guard let first = peek(), Byte.isDigit(first) else { throw syntax("invalid number", path: path) }
        position += 1
        if first != Byte.zero {
            while let byte = peek(), Byte.isDigit(byte) { position += 1 }
        }
        var isFloat = false
        if peek() == Byte.dot {
            isFloat = true
            position += 1
            guard let byte = peek(), Byte.isDigit(byte) else { throw syntax("expected a digit after '.'", path: path) }
            while let byte = peek(), Byte.isDigit(byte) { position += 1 }
        }
        if peek() == 0x65 || peek() == 0x45 {
            isFloat = true
            position += 1
            if peek() == Byte.plus || peek() == Byte.minus { position += 1 }
            guard let byte = peek(), Byte.isDigit(byte) else {
                throw syntax("expected a digit in the exponent", path: path)
            }
            while let byte = peek(), Byte.isDigit(byte) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if !isFloat {
            guard let integer = Int64(text) else {
                throw TOMLJSONError(path: path, message: "integer \(text) does not fit in 64 bits")
            }
            return .integer(integer)
        }
        guard let float = Double(text), float.isFinite else {
            throw TOMLJSONError(path: path, message: "number \(text) is out of the 64-bit float range")
        }
        return .float(float)
    }
}
