import Foundation

extension ParserCore {
    mutating func parseValue() throws(TOMLParseError) -> TOMLValue {
        guard let byte = peek() else { throw error("expected a value, found end of input") }
        switch byte {
        case Byte.quote:
            if peek(1) == Byte.quote && peek(2) == Byte.quote {
                return .string(try parseMultilineBasicString())
            }
            return .string(try parseBasicString())
        case Byte.apostrophe:
            if peek(1) == Byte.apostrophe && peek(2) == Byte.apostrophe {
                return .string(try parseMultilineLiteralString())
            }
            return .string(try parseLiteralString())
        case Byte.openBracket:
            return try nested { (parser: inout ParserCore) throws(TOMLParseError) in try parser.parseArray() }
        case Byte.openBrace:
            return try nested { (parser: inout ParserCore) throws(TOMLParseError) in try parser.parseInlineTable() }
        case Byte.lineFeed, Byte.carriageReturn, Byte.hash:
            throw error("expected a value after '='")
        default:
            return try parseBareValue()
        }
    }

    private mutating func nested(
        _ body: (inout ParserCore) throws(TOMLParseError) -> TOMLValue
    ) throws(TOMLParseError) -> TOMLValue {
        guard depth < TOMLParser.maximumDepth else {
            throw error("arrays and inline tables nested deeper than \(TOMLParser.maximumDepth) levels")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    mutating func parseArray() throws(TOMLParseError) -> TOMLValue {
        let start = position
        position += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlank()
            guard let byte = peek() else { throw error("unterminated array (opened here)", at: start) }
            if byte == Byte.closeBracket {
                position += 1
                return .array(elements)
            }
            if byte == Byte.comma {
                throw error(elements.isEmpty ? "expected a value before ','" : "expected a value between commas")
            }
            elements.append(try parseValue())
            try skipBlank()
            guard let separator = peek() else { throw error("unterminated array (opened here)", at: start) }
            if separator == Byte.comma {
                position += 1
            } else if separator != Byte.closeBracket {
                throw error("expected ',' or ']' in array, found \(describe(at: position))")
            }
        }
    }

    mutating func parseInlineTable() throws(TOMLParseError) -> TOMLValue {
        let start = position
        position += 1
        let node = TableNode(origin: .header, depth: depth)
        skipWhitespace()
        if peek() == Byte.closeBrace {
            position += 1
            return .table(node.makeTable())
        }
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw error("unterminated inline table (opened here)", at: start) }
            if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                throw error("newline not allowed in an inline table (TOML 1.0)")
            }
            if byte == Byte.closeBrace {
                throw error("trailing comma not allowed in an inline table")
            }
            try parseKeyValue(into: node)
            skipWhitespace()
            guard let separator = peek() else { throw error("unterminated inline table (opened here)", at: start) }
            switch separator {
            case Byte.comma:
                position += 1
            case Byte.closeBrace:
                position += 1
                return .table(node.makeTable())
            case Byte.lineFeed, Byte.carriageReturn:
                throw error("newline not allowed in an inline table (TOML 1.0)")
            default:
                throw error("expected ',' or '}' in inline table, found \(describe(at: position))")
            }
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        Byte.isBareKey(byte) || byte == Byte.plus || byte == Byte.dot || byte == Byte.colon
    }

    /// Booleans, numbers and date-times: a run of token characters (plus the space of `1979-05-27 07:32:00`).
    mutating func parseBareValue() throws(TOMLParseError) -> TOMLValue {
        let start = position
        while let byte = peek(), ParserCore.isTokenByte(byte) {
            position += 1
        }
        if position - start == 10, looksLikeDate(at: start), peek() == Byte.space, let first = peek(1),
            let second = peek(2), Byte.isDigit(first), Byte.isDigit(second), peek(3) == Byte.colon
        {
            position += 1
            while let byte = peek(), ParserCore.isTokenByte(byte) {
                position += 1
            }
        }
        let token = bytes[start..<position]
        guard !token.isEmpty else {
            throw error("expected a value, found \(describe(at: position))")
        }
        let text = String(decoding: token, as: UTF8.self)
        if text == "true" { return .boolean(true) }
        if text == "false" { return .boolean(false) }
        if token.contains(Byte.colon) || looksLikeDate(at: start) {
            switch DateTimeGrammar.parse(token) {
            case .success(let fields):
                return .dateTime(TOMLDateTime(text: text, fields: fields))
            case .failure(let problem):
                throw error("invalid date-time '\(text)': \(problem.message)", at: start + problem.offset)
            }
        }
        switch NumberGrammar.parse(token) {
        case .success(let value):
            return value
        case .failure(let problem):
            throw error(problem.message.replacingOccurrences(of: "%@", with: text), at: start + problem.offset)
        }
    }

    private func looksLikeDate(at start: Int) -> Bool {
        guard start + 4 < bytes.count, bytes[start + 4] == Byte.minus else { return false }
        return bytes[start..<start + 4].allSatisfy(Byte.isDigit)
    }
}
