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

    var bytes: [UInt8]
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

    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.contains(.carriageReturn) {
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
            bytes = lines
        }
        self.bytes = bytes
    }

    /// The one document of `text`; an empty document is `null`.
    static func parse(_ text: String) throws(SyntaxError) -> DocumentValue {
        var parser = YAMLDocumentParser(text)
        return try parser.parseStream()
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
        if indent < 0, isMarker("---") {
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
        if isMarker("...") {
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

    /// Whether a document marker (`---` or `...`) starts the line at `offset` (or `pos`).
    func isMarker(_ marker: String, at offset: Int? = nil) -> Bool {
        let start = offset ?? pos
        guard start + 3 <= bytes.count, start == 0 || bytes[start - 1] == .newline,
            bytes[start..<start + 3].elementsEqual(marker.utf8)
        else { return false }
        return start + 3 == bytes.count || bytes[start + 3].isYAMLBlankOrBreak
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
        let start = lineStart(of: pos)
        if bytes[start..<pos].allSatisfy(\.isYAMLBlank) {
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
            if index == start, isMarker("---") || isMarker("...") { return -1 }
            if let tab { throw error("a tab in indentation: YAML indents with spaces only", at: tab) }
            pos = index
            return index - start
        }
        return -1
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let dash = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let question = UInt8(ascii: "?")
    static let percent = UInt8(ascii: "%")
    static let asterisk = UInt8(ascii: "*")
    static let ampersand = UInt8(ascii: "&")
    static let exclamation = UInt8(ascii: "!")
    static let pipe = UInt8(ascii: "|")
    static let greaterThan = UInt8(ascii: ">")
    static let lessThan = UInt8(ascii: "<")
    static let singleQuote = UInt8(ascii: "'")
    static let doubleQuote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// A space or a tab.
    var isYAMLBlank: Bool { self == .space || self == .tab }
    /// A space, a tab or a line break.
    var isYAMLBlankOrBreak: Bool { self == .space || self == .tab || self == .newline }
    /// One of `,[]{}`.
    var isYAMLFlowIndicator: Bool {
        self == .comma || self == .openBracket || self == .closeBracket || self == .openBrace || self == .closeBrace
    }
}
