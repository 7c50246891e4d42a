/// The state of one parse: the bytes, the cursor and the table tree being built.
struct ParserCore {
    /// A key segment and the byte offset where it starts.
    typealias KeySegment = (name: String, offset: Int)

    let bytes: [UInt8]
    var position = 0
    var depth = 0
    let root = TableNode(origin: .header, depth: 0)
    var current: TableNode

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.current = root
    }

    // MARK: Cursor

    var atEnd: Bool { position >= bytes.count }

    func peek(_ ahead: Int = 0) -> UInt8? {
        let index = position + ahead
        return index < bytes.count ? bytes[index] : nil
    }

    func error(_ message: String, at offset: Int? = nil) -> TOMLParseError {
        let location = SourceLocation(bytes: bytes, offset: offset ?? position)
        return TOMLParseError(line: location.line, column: location.column, message: message)
    }

    /// How the character at `offset` is shown in messages: `'x'`, `'é'`, or `U+000D` for controls.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        guard byte >= 0x80 else { return Byte.describe(byte) }
        let end = min(offset + 4, bytes.count)
        guard let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first else {
            return Byte.describe(byte)
        }
        return "'\(Character(scalar))'"
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == Byte.space || byte == Byte.tab {
            position += 1
        }
    }

    /// Consumes a comment from `#` up to (not including) the newline.
    mutating func skipComment() throws(TOMLParseError) {
        position += 1
        while let byte = peek() {
            if byte == Byte.lineFeed { return }
            if byte == Byte.carriageReturn && peek(1) == Byte.lineFeed { return }
            if Byte.isForbiddenControl(byte) {
                throw error("control character \(Byte.scalarName(byte)) not allowed in a comment")
            }
            position += 1
        }
    }

    /// Consumes LF or CRLF; `false` when the cursor is not at a newline.
    mutating func consumeNewline() throws(TOMLParseError) -> Bool {
        guard let byte = peek() else { return false }
        if byte == Byte.lineFeed {
            position += 1
            return true
        }
        if byte == Byte.carriageReturn {
            guard peek(1) == Byte.lineFeed else { throw error("carriage return not followed by line feed") }
            position += 2
            return true
        }
        return false
    }

    /// Skips whitespace, comments and newlines (inside arrays).
    mutating func skipBlank() throws(TOMLParseError) {
        while true {
            skipWhitespace()
            if peek() == Byte.hash {
                try skipComment()
            }
            if try !consumeNewline() { return }
        }
    }

    // MARK: Document

    mutating func parseDocument() throws(TOMLParseError) -> TOMLTable {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while !atEnd {
            skipWhitespace()
            guard let byte = peek() else { break }
            if byte == Byte.openBracket {
                try parseHeader()
            } else if byte != Byte.hash && byte != Byte.lineFeed && byte != Byte.carriageReturn {
                try parseKeyValue(into: current)
            }
            try finishLine()
        }
        return root.makeTable()
    }

    /// After an expression: optional whitespace and comment, then a newline or the end.
    mutating func finishLine() throws(TOMLParseError) {
        skipWhitespace()
        if peek() == Byte.hash { try skipComment() }
        if atEnd { return }
        if try consumeNewline() { return }
        let byte = bytes[position]
        if byte == Byte.equals {
            throw error("unexpected '=' (a key may have only one value)")
        }
        throw error("expected a newline or comment, found \(describe(at: position))")
    }

    // MARK: Keys

    mutating func parseKey() throws(TOMLParseError) -> [KeySegment] {
        var segments: [KeySegment] = []
        while true {
            skipWhitespace()
            segments.append(try parseSimpleKey())
            skipWhitespace()
            guard peek() == Byte.dot else { return segments }
            position += 1
        }
    }

    mutating func parseSimpleKey() throws(TOMLParseError) -> KeySegment {
        let start = position
        guard let byte = peek() else { throw error("expected a key, found end of input") }
        if byte == Byte.quote {
            if peek(1) == Byte.quote && peek(2) == Byte.quote {
                throw error("a multi-line string cannot be a key")
            }
            return (try parseBasicString(), start)
        }
        if byte == Byte.apostrophe {
            if peek(1) == Byte.apostrophe && peek(2) == Byte.apostrophe {
                throw error("a multi-line string cannot be a key")
            }
            return (try parseLiteralString(), start)
        }
        while let next = peek(), Byte.isBareKey(next) {
            position += 1
        }
        guard position > start else {
            if byte == Byte.lineFeed || byte == Byte.carriageReturn {
                throw error("expected a key, found end of line")
            }
            throw error("expected a key, found \(describe(at: position))")
        }
        return (String(decoding: bytes[start..<position], as: UTF8.self), start)
    }

    static func display(_ segments: some Sequence<String>) -> String {
        segments.map { name in
            name.utf8.allSatisfy(Byte.isBareKey) && !name.isEmpty ? name : "\"\(name)\""
        }.joined(separator: ".")
    }

    // MARK: Key/value pairs

    mutating func parseKeyValue(into table: TableNode) throws(TOMLParseError) {
        let key = try parseKey()
        skipWhitespace()
        guard peek() == Byte.equals else {
            if atEnd || peek() == Byte.lineFeed || peek() == Byte.carriageReturn || peek() == Byte.hash {
                throw error("expected '=' after key \(ParserCore.display(key.map(\.name)))")
            }
            throw error("expected '=' after key, found \(describe(at: position))")
        }
        position += 1
        skipWhitespace()
        let value = try parseValue()
        try insert(value, at: key, into: table)
    }

    /// Stores a value at a (possibly dotted) key, creating the dotted tables on the way.
    mutating func insert(_ value: TOMLValue, at key: [KeySegment], into table: TableNode) throws(TOMLParseError) {
        var node = table
        for (index, segment) in key.enumerated() {
            let shown = "'\(ParserCore.display(key.prefix(index + 1).map(\.name)))'"
            if index == key.count - 1 {
                guard node[segment.name] == nil else {
                    throw error("duplicate key \(shown)", at: segment.offset)
                }
                node.add(segment.name, .value(value))
                return
            }
            switch node[segment.name] {
            case nil:
                guard node.depth < TOMLParser.maximumDepth else {
                    throw error("tables nested deeper than \(TOMLParser.maximumDepth) levels", at: segment.offset)
                }
                let child = TableNode(origin: .dotted, depth: node.depth + 1)
                node.add(segment.name, .table(child))
                node = child
            case .table(let child):
                switch child.origin {
                case .dotted:
                    node = child
                case .implicit:
                    child.origin = .dotted
                    node = child
                case .header:
                    throw error(
                        "cannot add to table \(shown) with dotted keys: it is defined by a [header]",
                        at: segment.offset)
                }
            case .arrayOfTables:
                throw error("cannot add to array of tables \(shown) with dotted keys", at: segment.offset)
            case .value(.table):
                throw error("cannot extend inline table \(shown)", at: segment.offset)
            case .value(let existing):
                throw error("key \(shown) already holds a \(existing.typeName), not a table", at: segment.offset)
            }
        }
    }

    // MARK: Headers

    mutating func parseHeader() throws(TOMLParseError) {
        let isArray = peek(1) == Byte.openBracket
        position += isArray ? 2 : 1
        let key = try parseKey()
        guard peek() == Byte.closeBracket else {
            throw error(
                atEnd || peek() == Byte.lineFeed
                    ? "missing '\(isArray ? "]]" : "]")' at end of table header"
                    : "expected '\(isArray ? "]]" : "]")' after table name, found \(describe(at: position))")
        }
        position += 1
        if isArray {
            guard peek() == Byte.closeBracket else { throw error("expected ']]' to close array-of-tables header") }
            position += 1
        }
        var node = root
        for (index, segment) in key.enumerated() {
            let shown = "'\(ParserCore.display(key.prefix(index + 1).map(\.name)))'"
            let isLast = index == key.count - 1
            switch node[segment.name] {
            case nil:
                guard node.depth < TOMLParser.maximumDepth else {
                    throw error("tables nested deeper than \(TOMLParser.maximumDepth) levels", at: segment.offset)
                }
                let child = TableNode(origin: isLast ? .header : .implicit, depth: node.depth + 1)
                node.add(
                    segment.name, isLast && isArray ? .arrayOfTables(ArrayOfTablesNode(first: child)) : .table(child))
                node = child
            case .table(let child):
                if isLast {
                    if isArray {
                        throw error("cannot define array of tables \(shown): it is already a table", at: segment.offset)
                    }
                    switch child.origin {
                    case .implicit:
                        child.origin = .header
                    case .header:
                        throw error("table \(shown) defined twice", at: segment.offset)
                    case .dotted:
                        throw error("table \(shown) already defined by dotted keys", at: segment.offset)
                    }
                }
                node = child
            case .arrayOfTables(let array):
                if isLast {
                    guard isArray else {
                        throw error("cannot define table \(shown): it is an array of tables", at: segment.offset)
                    }
                    let child = TableNode(origin: .header, depth: node.depth + 1)
                    array.tables.append(child)
                    node = child
                } else {
                    guard let last = array.tables.last else { throw error("internal: empty array of tables") }
                    node = last
                }
            case .value(.table):
                throw error("cannot extend inline table \(shown)", at: segment.offset)
            case .value(.array) where isLast && isArray:
                throw error("cannot append to static array \(shown)", at: segment.offset)
            case .value(let existing):
                throw error("key \(shown) already holds a \(existing.typeName), not a table", at: segment.offset)
            }
        }
        current = node
    }
}
