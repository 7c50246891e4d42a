/// Reads YAML 1.2 text into a ``DocumentValue``, the tree a JSON document becomes.
///
/// It covers what OpenAPI and JSON Schema documents written in YAML use: block mappings and
/// sequences, flow collections, plain, quoted and block scalars, comments, anchors and aliases
/// (expanded), the core tags, and scalars resolved by the YAML 1.2 core schema. A file holds one
/// document. Keys are strings, as written (`200:` is the key `"200"`); a key given twice in one
/// mapping is an error. Errors say the line and column.
///
/// The parts split over files: this one holds the document and its lines, `+Block` block
/// nodes, `+Scalars` the scalar styles, `+Flow` flow collections and `+Resolve` tags, scalar
/// resolution and aliases.
struct YAMLDocumentParser {
    /// A syntax error at a line and column (both from 1).
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// How deep collections may nest, aliases included (the JSON reader's limit).
    static let maximumDepth = 256
    /// How many nodes aliases may expand to in one document, so a chain of aliases of aliases
    /// cannot make a tree too large to hold.
    static let maximumAliasNodes = 1_000_000

    /// Where a block node sits, which decides what may start on its line.
    enum Context {
        case document
        case mappingValue
        case sequenceEntry
    }

    /// A node's anchor and tag (`&name`, `!tag`) and where they start.
    struct Properties {
        var anchor: String?
        var tag: String?
        var tagOffset = 0
        var isEmpty: Bool { anchor == nil && tag == nil }
    }

    /// A defined anchor: its node, how many nodes it holds and how deep it nests.
    struct Anchor {
        var value: DocumentValue
        var nodes: Int
        var height: Int
    }

    /// What ``beginNode(_:)`` saves for ``endNode(_:_:_:)``.
    struct NodeMark {
        var nodes: Int
        var deepest: Int
    }

    var bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// Collections open around the current position.
    var depth = 0
    /// The deepest `depth` reached since the innermost open anchored node began.
    var deepest = 0
    /// Nodes made so far, aliases counted at their expanded size.
    var nodeCount = 0
    /// Nodes made by expanding aliases.
    var aliasNodes = 0
    var anchors: [String: Anchor] = [:]
    /// Anchors whose node is still being read (an alias to one is a cycle).
    var openAnchors: [String: Int] = [:]

    /// A parser over `bytes`, which the caller keeps alive while it reads (``parse(_:)``
    /// holds the text's bytes for the whole read).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The bytes of `text` as the parser reads them: without a byte order mark, and with each
    /// `\r\n` or lone `\r` as `\n`.
    static func lineBytes(of text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { bytes.removeFirst(3) }
        guard ByteSearch.contains(text, .carriageReturn) else { return bytes }
        var lines: [UInt8] = []
        lines.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == .carriageReturn {
                lines.append(.newline)
                if index + 1 < bytes.count, bytes[index + 1] == .newline { index += 1 }
            } else {
                lines.append(bytes[index])
            }
            index += 1
        }
        return lines
    }

    /// The one document of `text`; an empty document is `null`.
    ///
    /// The parser reads the bytes through a buffer pointer: in the debug build the plugin runs,
    /// an array read per byte retained and released its storage each time.
    static func parse(_ text: String) throws(SyntaxError) -> DocumentValue {
        let bytes = lineBytes(of: text)
        let result: Result<DocumentValue, SyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            if let value = parseInPieces(buffer) { return .success(value) }
            var parser = YAMLDocumentParser(bytes: buffer)
            do throws(SyntaxError) {
                return .success(try parser.parseStream())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset ?? pos, bytes.count)] {
            if byte == .newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    // MARK: Document

    mutating func parseStream() throws(SyntaxError) -> DocumentValue {
        let sawDirective = try skipDirectives()
        var indent = try nextContentIndent()
        var root = DocumentValue.null
        if indent < 0, isMarker(.dash) {
            pos += 3
            root = try parseBlockNode(parent: -1, context: .document)
            indent = try nextContentIndent()
        } else if sawDirective {
            throw error("a directive ('%') must be followed by a document start ('---')")
        } else if indent >= 0 {
            root = try parseContent(parent: -1, allowsCollections: true, outer: Properties(), context: .document)
            indent = try nextContentIndent()
        }
        if indent >= 0 { throw error("unexpected indentation: this line lines up with no block above it") }
        if isMarker(.period) {
            pos += 3
            try expectLineEnd()
            _ = try nextContentIndent()
        }
        if pos < bytes.count {
            throw error("the file holds more than one YAML document; put each document in a file of its own")
        }
        return root
    }

    /// Skips `%YAML` and `%TAG` lines (and comments) before the document; whether there were any.
    mutating func skipDirectives() throws(SyntaxError) -> Bool {
        var found = false
        while try nextContentIndent() == 0, bytes[pos] == .percent {
            found = true
            while pos < bytes.count, bytes[pos] != .newline { pos += 1 }
        }
        return found
    }

    /// Whether a document marker of three `mark` bytes (`---` or `...`) starts the line at
    /// `offset` (or `pos`).
    func isMarker(_ mark: UInt8, at offset: Int? = nil) -> Bool {
        let start = offset ?? pos
        guard start + 3 <= bytes.count, start == 0 || bytes[start - 1] == .newline else { return false }
        guard bytes[start] == mark, bytes[start + 1] == mark, bytes[start + 2] == mark else { return false }
        return start + 3 == bytes.count || bytes[start + 3].isYAMLBlankOrBreak
    }

    /// Whether either document marker (`---` or `...`) starts the line at `offset` (or `pos`).
    func isDocumentMarker(at offset: Int? = nil) -> Bool {
        isMarker(.dash, at: offset) || isMarker(.period, at: offset)
    }

    // MARK: Lines

    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != .newline { start -= 1 }
        return start
    }

    mutating func skipInlineSpace() {
        while pos < bytes.count, bytes[pos].isYAMLBlank { pos += 1 }
    }

    var atLineEndOrComment: Bool {
        pos >= bytes.count || bytes[pos] == .newline || bytes[pos] == .hash
    }

    var atSequenceIndicator: Bool {
        pos < bytes.count && bytes[pos] == .dash && (pos + 1 == bytes.count || bytes[pos + 1].isYAMLBlankOrBreak)
    }

    /// Whether `pos` is at a `:` that ends a key in block context.
    var atValueIndicator: Bool {
        pos < bytes.count && bytes[pos] == .colon && (pos + 1 == bytes.count || bytes[pos + 1].isYAMLBlankOrBreak)
    }

    /// After a node on a line: only spaces and a comment may follow.
    mutating func expectLineEnd() throws(SyntaxError) {
        skipInlineSpace()
        guard pos < bytes.count, bytes[pos] != .newline else { return }
        if bytes[pos] == .hash, bytes[pos - 1].isYAMLBlank { return }
        if bytes[pos] == .colon {
            throw error("unexpected ':': a mapping cannot start here (quote a value that holds ': ')")
        }
        throw error("unexpected text after the value")
    }

    /// Moves to the first content of the next line that has any (skipping blank and comment
    /// lines) and returns its indentation, or -1 at the end of the input or a document marker.
    /// At content that is already the first on its line, it stays there.
    mutating func nextContentIndent() throws(SyntaxError) -> Int {
        var start = pos
        while start > 0, bytes[start - 1].isYAMLBlank { start -= 1 }
        if start == 0 || bytes[start - 1] == .newline {
            pos = start
        } else {
            while pos < bytes.count, bytes[pos] != .newline { pos += 1 }
            if pos < bytes.count { pos += 1 }
        }
        while pos < bytes.count {
            let start = pos
            var index = pos
            var tab: Int?
            while index < bytes.count, bytes[index].isYAMLBlank {
                if bytes[index] == .tab, tab == nil { tab = index }
                index += 1
            }
            if index < bytes.count, bytes[index] == .hash {
                while index < bytes.count, bytes[index] != .newline { index += 1 }
            }
            if index == bytes.count {
                pos = index
                return -1
            }
            if bytes[index] == .newline {
                pos = index + 1
                continue
            }
            if index == start, isDocumentMarker() { return -1 }
            if let tab { throw error("a tab in indentation: YAML indents with spaces only", at: tab) }
            pos = index
            return index - start
        }
        return -1
    }
}

// The bytes the readers look for, as literals: a `static let` is read through a one-time
// initializer's check on every use in the debug build the plugin runs.
extension UInt8 {
    static var tab: UInt8 { 0x09 }
    static var newline: UInt8 { 0x0A }
    static var carriageReturn: UInt8 { 0x0D }
    static var space: UInt8 { 0x20 }
    static var hash: UInt8 { 0x23 }
    static var dash: UInt8 { 0x2D }
    static var period: UInt8 { 0x2E }
    static var colon: UInt8 { 0x3A }
    static var comma: UInt8 { 0x2C }
    static var question: UInt8 { 0x3F }
    static var percent: UInt8 { 0x25 }
    static var asterisk: UInt8 { 0x2A }
    static var ampersand: UInt8 { 0x26 }
    static var exclamation: UInt8 { 0x21 }
    static var pipe: UInt8 { 0x7C }
    static var greaterThan: UInt8 { 0x3E }
    static var lessThan: UInt8 { 0x3C }
    static var singleQuote: UInt8 { 0x27 }
    static var doubleQuote: UInt8 { 0x22 }
    static var backslash: UInt8 { 0x5C }
    static var openBracket: UInt8 { 0x5B }
    static var closeBracket: UInt8 { 0x5D }
    static var openBrace: UInt8 { 0x7B }
    static var closeBrace: UInt8 { 0x7D }
    static var at: UInt8 { 0x40 }
    static var backtick: UInt8 { 0x60 }

    /// A space or a tab.
    var isYAMLBlank: Bool { self == 0x20 || self == 0x09 }
    /// A space, a tab or a line break.
    var isYAMLBlankOrBreak: Bool { self == 0x20 || self == 0x09 || self == 0x0A }
    /// One of `,[]{}`.
    var isYAMLFlowIndicator: Bool {
        self == 0x2C || self == 0x5B || self == 0x5D || self == 0x7B || self == 0x7D
    }
}
