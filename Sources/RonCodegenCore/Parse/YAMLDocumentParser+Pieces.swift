import Foundation

/// A large YAML document read in pieces on every core.
///
/// A description in one file is one document, and the reader was one thread of a debug build (as
/// the build plugin runs the tool): a third of the generator's run on a 2.8 MB description. Its
/// top-level mapping is cut into its members, a large member whose value is a block mapping into
/// that mapping's members in turn (`paths`, `components`, then `schemas`), and each run of lines
/// is parsed alone, as a document of its own at the same columns. The pieces' members, put back
/// together in order, are the document.
///
/// Only where that gives what reading the whole document gives. A piece starts at a line at the
/// mapping's column whose first byte may start a key; any other line there (a sequence entry of a
/// compact sequence, `- name: …` under `tags:`, a document marker, a tab) stays in the piece before
/// it, and a line less indented, or content before the first member, leaves the mapping uncut. Each
/// piece must then read as a mapping, without error: a line that only seemed to start a member (a
/// quoted or flow scalar's next line) leaves the piece before it unfinished, an error. No mapping
/// may get a key twice, nor aliases expand past the limit in all. Anything else reads the document
/// whole, so errors and their lines are the whole reading's.
extension YAMLDocumentParser {
    /// Documents from this size are read in pieces.
    static let piecesFrom = 256 * 1024

    /// A member from this size, whose value is a block mapping, is cut into that mapping's members.
    static let cutFrom = 64 * 1024

    /// How many mappings deep a cut goes (the top level, `components`, `schemas`).
    static let deepestCut = 3

    /// A member of a cut mapping: lines read alone (an index into the runs of lines), or a member
    /// whose block mapping is cut in turn.
    enum Piece {
        case lines(Int)
        case mapping(key: String, members: [Piece])
    }

    /// `buffer` read in pieces, or `nil` where reading the whole of it is the only reading that
    /// gives the same result.
    static func parseInPieces(_ buffer: UnsafeBufferPointer<UInt8>) -> DocumentValue? {
        // An alias in one piece to an anchor in another is an error of that piece, and the whole
        // document would be read after the pieces: a document that may hold an alias is read whole.
        guard buffer.count >= piecesFrom, !mayHoldAlias(buffer) else { return nil }
        // A document start marker alone on the first line (`---`): the document is what follows.
        var start = 0
        if buffer[0] == .dash, buffer[1] == .dash, buffer[2] == .dash {
            start = 3
            while start < buffer.count, buffer[start] == .space { start += 1 }
            guard start < buffer.count, buffer[start] == .newline else { return nil }
            start += 1
        }
        var runs: [(range: Range<Int>, depth: Int)] = []
        guard let top = cut(buffer, start..<buffer.count, column: 0, depth: 0, runs: &runs) else { return nil }
        let pieces = runs
        let shared = ReadOnlyShare(value: buffer)
        let read = ConcurrentWork.map(runs.count) {
            index -> (members: [(key: String, value: DocumentValue)], aliases: Int)? in
            let run = pieces[index]
            var parser = YAMLDocumentParser(bytes: UnsafeBufferPointer(rebasing: shared.value[run.range]))
            // The depth the whole reading has there, so nesting is limited alike.
            parser.depth = run.depth
            parser.deepest = run.depth
            guard let value = try? parser.parseStream(), case .object(let members) = value else { return nil }
            return (members, parser.aliasNodes)
        }
        var aliases = 0
        var parts: [[(key: String, value: DocumentValue)]] = []
        parts.reserveCapacity(read.count)
        for piece in read {
            guard let piece else { return nil }
            aliases += piece.aliases
            parts.append(piece.members)
        }
        guard aliases <= maximumAliasNodes, let members = assemble(top, parts) else { return nil }
        return .object(members)
    }

    /// Whether `bytes` may hold an alias: a `*name` where a node may start (after `: `, `- `, `? `,
    /// `[`, `{`, `,` or an indentation) and alone there (then the line's end, a comment, `,`, `]`,
    /// `}` or `:`), its name of letters, digits, `_`, `-` and `.`. Only a guess, for speed: text such
    /// as `**Note**`, `*Notes*:` or `*emphasis* here` is no alias, and an alias it misses makes its
    /// piece fail, and the document is read whole.
    static func mayHoldAlias(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = 0
        while from < bytes.count, let hit = memchr(base + from, Int32(UInt8.asterisk), bytes.count - from) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            from = at + 1
            var before = at - 1
            while before >= 0, bytes[before] == .space || bytes[before] == .tab { before -= 1 }
            let spaced = before < at - 1
            if before >= 0 {
                switch bytes[before] {
                case .newline, .openBracket, .openBrace, .comma: break
                case .colon, .dash, .question: if !spaced { continue }
                default: continue
                }
            }
            // A name as people write them: letters, digits, `_`, `-`, `.`.
            var end = from
            while end < bytes.count, isKeyByte(bytes[end]) || bytes[end] == .period { end += 1 }
            guard end > from else { continue }
            while end < bytes.count, bytes[end].isYAMLBlank { end += 1 }
            if end == bytes.count { return true }
            switch bytes[end] {
            case .newline, .hash, .comma, .closeBracket, .closeBrace, .colon: return true
            default: continue
            }
        }
        return false
    }

    /// The members of the mapping whose member lines are at `column` in `range`, as pieces; their
    /// runs of lines appended to `runs`. A line at `column` that cannot start a key stays in the
    /// member before it. `nil` when a line is less indented than `column`, or when content comes
    /// before the first member or no line starts one.
    static func cut(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, column: Int, depth: Int,
        runs: inout [(range: Range<Int>, depth: Int)]
    ) -> [Piece]? {
        guard let base = bytes.baseAddress else { return nil }
        var starts: [Int] = []
        var line = range.lowerBound
        while line < range.upperBound {
            let end =
                memchr(base + line, Int32(UInt8.newline), range.upperBound - line).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? range.upperBound
            var first = line
            while first < end, bytes[first] == .space { first += 1 }
            let spaces = first - line
            if first < end, bytes[first] != .hash {
                if spaces < column { return nil }
                if spaces == column, startsKey(bytes[first]) {
                    starts.append(line)
                } else if starts.isEmpty {
                    // Content before the first member: not a mapping's members.
                    return nil
                }
            }
            line = end + 1
        }
        guard !starts.isEmpty else { return nil }
        starts[0] = range.lowerBound
        var pieces: [Piece] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : range.upperBound
            if end - start >= cutFrom, depth + 1 < deepestCut,
                let (key, body) = blockMappingMember(bytes, start..<end, column: column),
                let bodyColumn = firstColumn(bytes, body), bodyColumn > column
            {
                var inner = runs
                if let members = cut(bytes, body, column: bodyColumn, depth: depth + 1, runs: &inner) {
                    runs = inner
                    pieces.append(.mapping(key: key, members: members))
                    continue
                }
            }
            pieces.append(.lines(runs.count))
            runs.append((start..<end, depth))
        }
        return pieces
    }

    /// A member's key and the lines of its value, when its first line is only a plain key and a
    /// colon (`paths:`), a key that reads as the same text in any YAML schema.
    static func blockMappingMember(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, column: Int
    ) -> (key: String, body: Range<Int>)? {
        // The member's first line: leading comments and blank lines belong to it.
        var line = range.lowerBound
        while line < range.upperBound {
            var first = line
            while first < range.upperBound, bytes[first] == .space { first += 1 }
            if first - line == column, first < range.upperBound, bytes[first] != .hash, bytes[first] != .newline {
                break
            }
            while line < range.upperBound, bytes[line] != .newline { line += 1 }
            line += 1
        }
        var position = line + column
        let keyStart = position
        while position < range.upperBound, isKeyByte(bytes[position]) { position += 1 }
        guard position > keyStart, position < range.upperBound, bytes[position] == .colon else { return nil }
        let first = bytes[keyStart]
        guard (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else { return nil }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<position]), as: UTF8.self)
        guard !["null", "true", "false", "yes", "no", "on", "off"].contains(key.lowercased()) else { return nil }
        position += 1
        while position < range.upperBound, bytes[position] == .space { position += 1 }
        guard position < range.upperBound, bytes[position] == .newline else { return nil }
        return (key, (position + 1)..<range.upperBound)
    }

    /// The column of the first line in `range` that is neither blank nor a comment, when it starts
    /// a mapping's member (not a sequence entry).
    static func firstColumn(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var line = range.lowerBound
        while line < range.upperBound {
            var first = line
            while first < range.upperBound, bytes[first] == .space { first += 1 }
            if first < range.upperBound, bytes[first] != .newline, bytes[first] != .hash {
                return startsKey(bytes[first]) ? first - line : nil
            }
            while line < range.upperBound, bytes[line] != .newline { line += 1 }
            line += 1
        }
        return nil
    }

    /// Whether a line whose first byte is `byte` may start a mapping's member: not an indicator that
    /// starts anything else (a sequence entry, a complex key, a flow collection, a directive, a
    /// document marker, an anchor, alias, tag or block scalar), nor a tab.
    static func startsKey(_ byte: UInt8) -> Bool {
        switch byte {
        case .tab, .dash, .question, .colon, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace,
            .ampersand, .asterisk, .exclamation, .pipe, .greaterThan, .percent, .at, .backtick, .period, .hash:
            return false
        default: return true
        }
    }

    /// A byte of a key that ``blockMappingMember(_:_:column:)`` takes: a letter, a digit, `_` or `-`.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == .dash
    }

    /// The pieces' members put back together in order, `nil` when a mapping would get a key twice
    /// (an error of the whole reading).
    static func assemble(
        _ pieces: [Piece], _ parts: [[(key: String, value: DocumentValue)]]
    ) -> [(key: String, value: DocumentValue)]? {
        var members: [(key: String, value: DocumentValue)] = []
        var keys: Set<String> = []
        for piece in pieces {
            switch piece {
            case .lines(let index):
                for member in parts[index] {
                    guard keys.insert(member.key).inserted else { return nil }
                    members.append(member)
                }
            case .mapping(let key, let inner):
                guard keys.insert(key).inserted, let value = assemble(inner, parts) else { return nil }
                members.append((key, .object(value)))
            }
        }
        return members
    }
}
