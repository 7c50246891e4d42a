extension ParserCore {
    /// `"..."` with escapes; the cursor is on the opening quote.
    mutating func parseBasicString() throws(TOMLParseError) -> String {
        let start = position
        position += 1
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated string (opened here)", at: start) }
            switch byte {
            case Byte.quote:
                position += 1
                return String(decoding: output, as: UTF8.self)
            case Byte.backslash:
                try appendEscape(to: &output)
            case Byte.lineFeed, Byte.carriageReturn:
                throw error("unterminated string: newline before closing '\"'")
            default:
                if Byte.isForbiddenControl(byte) {
                    throw error("control character \(Byte.scalarName(byte)) must be escaped in a string")
                }
                output.append(byte)
                position += 1
            }
        }
    }

    /// `'...'` without escapes; the cursor is on the opening apostrophe.
    mutating func parseLiteralString() throws(TOMLParseError) -> String {
        let start = position
        position += 1
        let contentStart = position
        while true {
            guard let byte = peek() else { throw error("unterminated literal string (opened here)", at: start) }
            if byte == Byte.apostrophe {
                position += 1
                return String(decoding: bytes[contentStart..<position - 1], as: UTF8.self)
            }
            if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                throw error("unterminated literal string: newline before closing \"'\"")
            }
            if Byte.isForbiddenControl(byte) {
                throw error("control character \(Byte.scalarName(byte)) not allowed in a literal string")
            }
            position += 1
        }
    }

    /// `"""..."""`; the cursor is on the first of the opening quotes.
    mutating func parseMultilineBasicString() throws(TOMLParseError) -> String {
        try parseMultiline(delimiter: Byte.quote, escapes: true)
    }

    /// `'''...'''`; the cursor is on the first of the opening apostrophes.
    mutating func parseMultilineLiteralString() throws(TOMLParseError) -> String {
        try parseMultiline(delimiter: Byte.apostrophe, escapes: false)
    }

    private mutating func parseMultiline(delimiter: UInt8, escapes: Bool) throws(TOMLParseError) -> String {
        let start = position
        position += 3
        _ = try consumeNewline()
        var output: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("unterminated multi-line string (opened here)", at: start) }
            switch byte {
            case delimiter:
                var run = 0
                while peek(run) == delimiter { run += 1 }
                if run < 3 {
                    output.append(contentsOf: repeatElement(delimiter, count: run))
                    position += run
                    continue
                }
                guard run <= 5 else {
                    throw error("too many quotes at the end of a multi-line string", at: position + 5)
                }
                output.append(contentsOf: repeatElement(delimiter, count: run - 3))
                position += run
                return String(decoding: output, as: UTF8.self)
            case Byte.backslash where escapes:
                if try !skipLineEndingBackslash() {
                    try appendEscape(to: &output)
                }
            case Byte.lineFeed, Byte.carriageReturn:
                _ = try consumeNewline()
                output.append(Byte.lineFeed)
            default:
                if Byte.isForbiddenControl(byte) {
                    throw error("control character \(Byte.scalarName(byte)) must be escaped in a string")
                }
                output.append(byte)
                position += 1
            }
        }
    }

    /// A backslash followed by optional whitespace and a newline: skips it and all following whitespace and
    /// newlines. Returns `false` (consuming nothing) when the backslash starts an ordinary escape.
    private mutating func skipLineEndingBackslash() throws(TOMLParseError) -> Bool {
        var index = position + 1
        while index < bytes.count, bytes[index] == Byte.space || bytes[index] == Byte.tab {
            index += 1
        }
        guard index < bytes.count, bytes[index] == Byte.lineFeed || bytes[index] == Byte.carriageReturn else {
            return false
        }
        position = index
        while true {
            skipWhitespace()
            if try !consumeNewline() { return true }
        }
    }

    /// Reads one escape sequence; the cursor is on the backslash.
    private mutating func appendEscape(to output: inout [UInt8]) throws(TOMLParseError) {
        let start = position
        guard let code = peek(1) else { throw error("unterminated string: nothing after '\\'") }
        position += 2
        switch code {
        case 0x62: output.append(0x08)
        case 0x74: output.append(Byte.tab)
        case 0x6E: output.append(Byte.lineFeed)
        case 0x66: output.append(0x0C)
        case 0x72: output.append(Byte.carriageReturn)
        case Byte.quote: output.append(Byte.quote)
        case Byte.backslash: output.append(Byte.backslash)
        case 0x75, 0x55:
            let length = code == 0x75 ? 4 : 8
            var value: UInt32 = 0
            for offset in 0..<length {
                guard let digit = peek(offset), let nibble = ParserCore.hexValue(digit) else {
                    throw error("expected \(length) hex digits after '\\\(code == 0x75 ? "u" : "U")'", at: start)
                }
                value = value << 4 | nibble
            }
            guard let scalar = Unicode.Scalar(value) else {
                let hex = String(value, radix: 16, uppercase: true)
                throw error("invalid unicode escape: U+\(hex) is not a Unicode scalar value", at: start)
            }
            position += length
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            let shown = describe(at: start + 1)
            let sequence = shown.hasPrefix("'") ? "'\\" + shown.dropFirst() : "'\\' followed by \(shown)"
            throw error("invalid escape sequence \(sequence)", at: start)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
