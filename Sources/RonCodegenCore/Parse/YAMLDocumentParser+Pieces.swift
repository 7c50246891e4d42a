import Foundation

/// A large document read in pieces, on every core: runs of the entries of its top-level mapping
/// (`openapi`, `info`, `paths`, `components`), and runs of the entries inside the largest of them
/// (the paths, the component kinds), each piece read as a YAML text of its own. An edit of a
/// description held in one large YAML file reads the whole file again, and in the debug build of
/// the tool that the build plugin runs, that read on one core was a third of the run.
///
/// A piece starts only at a line that can be nothing but a key of that mapping: a line at the
/// mapping's own indentation that starts like a key and holds `: ` (a plain scalar cannot continue
/// over it, a block scalar would have ended before it). What a piece cannot decide alone, the one
/// read decides: when the text has a directive or a second document marker, when a piece does not
/// read (an unclosed quote or bracket that a cut would leave, an alias to an anchor of another
/// piece, any syntax error), when a piece holds an alias at all (the limit on what aliases expand
/// to counts the whole document), or when a key comes twice where the pieces meet, the whole text
/// is read as one, so the value, the errors and their lines and columns are those of one read.
extension YAMLDocumentParser {
    /// Below this many bytes a document is read as one piece.
    static let piecesFrom = 128 * 1024

    /// A part of the text: a run of top-level entries, or a run of the entries inside the
    /// top-level entry `parent` (its key, and its position among the top-level entries).
    struct Piece: Sendable {
        var range: Range<Int>
        var parent: (key: String, entry: Int)?
    }

    /// The document of `bytes` (as ``lineBytes(of:)`` makes them) read in about `count` pieces
    /// at once, or `nil` where the one read must decide (see above).
    static func inPieces(_ bytes: [UInt8], count: Int = 16) -> DocumentValue? {
        guard let pieces = bytes.withUnsafeBufferPointer({ pieces(of: $0, count: count) }), pieces.count > 1 else {
            return nil
        }
        let values = ConcurrentWork.map(pieces.count) { index -> DocumentValue? in
            let piece = pieces[index]
            return bytes[piece.range].withUnsafeBufferPointer { buffer -> DocumentValue? in
                var parser = YAMLDocumentParser(bytes: buffer)
                // Entries inside a top-level entry nest one level deeper, as in the one read.
                parser.depth = piece.parent == nil ? 0 : 1
                guard let value = try? parser.parseStream(), parser.aliasNodes == 0 else { return nil }
                return value
            }
        }
        var members: [(key: String, value: DocumentValue)] = []
        var inner: (entry: Int, key: String, members: [(key: String, value: DocumentValue)])?
        func closeInner() -> Bool {
            guard let open = inner else { return true }
            inner = nil
            members.append((open.key, .object(open.members)))
            return Set(open.members.map(\.key)).count == open.members.count
        }
        for (piece, value) in zip(pieces, values) {
            guard case .object(let found)? = value else { return nil }
            if let parent = piece.parent {
                if inner?.entry != parent.entry {
                    guard closeInner() else { return nil }
                    inner = (parent.entry, parent.key, [])
                }
                inner?.members += found
            } else {
                guard closeInner() else { return nil }
                members += found
            }
        }
        guard closeInner(), Set(members.map(\.key)).count == members.count else { return nil }
        return .object(members)
    }

    /// Where `bytes` may be cut (see above), in about `count` pieces of even size; `nil` when the
    /// text is not a block mapping at the first column or has a directive or a document marker
    /// after its start.
    static func pieces(of bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Piece]? {
        let lines = Lines(bytes: bytes)
        var entries: [Int] = []  // the line starts of the top-level keys
        var start = 0
        var sawContent = false
        while start < bytes.count {
            let end = lines.end(of: start)
            let first = bytes[start]
            if first == UInt8(ascii: "%") { return nil }
            if lines.isMarker(start) {
                // A `---` before any content starts the one document; anything else is the
                // one read's to take or refuse.
                guard !sawContent, first == UInt8(ascii: "-") else { return nil }
            } else if first != UInt8(ascii: "#"), !lines.isBlank(start, end) {
                if lines.isKey(start, end, indent: 0) {
                    entries.append(start)
                } else if !sawContent || first != UInt8(ascii: " ") && first != UInt8(ascii: "-") {
                    // The first content is no key at the first column (a sequence, a scalar, an
                    // indented mapping), or a line at the first column is no key: one read.
                    return nil
                }
                sawContent = true
            }
            start = end + 1
        }
        guard !entries.isEmpty else { return nil }
        let target = max(bytes.count / max(count, 1), 1)
        var pieces: [Piece] = []
        var run: Range<Int>?
        for (index, entryStart) in entries.enumerated() {
            let range = (index == 0 ? 0 : entryStart)..<(index + 1 < entries.count ? entries[index + 1] : bytes.count)
            if range.count > target, let key = lines.bareKey(entryStart),
                case let inner = lines.innerEntries(after: lines.end(of: entryStart), upTo: range.upperBound),
                inner.count > 1
            {
                // Its entries in runs (the lines before the first key, comments or `---`, are left).
                if let open = run { pieces.append(Piece(range: open, parent: nil)) }
                run = nil
                var groupStart = inner[0]
                for innerStart in inner.dropFirst() where innerStart - groupStart >= target {
                    pieces.append(Piece(range: groupStart..<innerStart, parent: (key, index)))
                    groupStart = innerStart
                }
                pieces.append(Piece(range: groupStart..<range.upperBound, parent: (key, index)))
                continue
            }
            if let open = run, open.count < target {
                run = open.lowerBound..<range.upperBound
            } else {
                if let open = run { pieces.append(Piece(range: open, parent: nil)) }
                run = range
            }
        }
        if let open = run { pieces.append(Piece(range: open, parent: nil)) }
        return pieces
    }

    /// The lines of a text, as byte offsets: where each ends, and what it starts like.
    struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>

        /// The offset of the line break that ends the line starting at `start` (the end of the text
        /// for the last line).
        func end(of start: Int) -> Int {
            guard let base = bytes.baseAddress, start < bytes.count,
                let found = memchr(base + start, Int32(UInt8.newline), bytes.count - start)
            else { return bytes.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// Whether the line holds only spaces.
        func isBlank(_ start: Int, _ end: Int) -> Bool {
            var index = start
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            return index == end
        }

        /// Whether `---` or `...` starts the line.
        func isMarker(_ start: Int) -> Bool {
            guard start + 3 <= bytes.count, bytes[start] == UInt8(ascii: "-") || bytes[start] == UInt8(ascii: ".")
            else { return false }
            return bytes[start + 1] == bytes[start] && bytes[start + 2] == bytes[start]
                && (start + 3 == bytes.count || bytes[start + 3] == .newline || bytes[start + 3] == UInt8(ascii: " "))
        }

        /// Whether the line, after exactly `indent` spaces, starts like a key (a letter, a digit,
        /// `_`, `$`, `/` or a quote) and holds `:` before a space or the line's end.
        func isKey(_ start: Int, _ end: Int, indent: Int) -> Bool {
            let first = start + indent
            guard first < end else { return false }
            for index in start..<first where bytes[index] != UInt8(ascii: " ") { return false }
            let byte = bytes[first]
            let startsKey =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
            guard startsKey else { return false }
            var index = first + 1
            while index < end {
                if bytes[index] == UInt8(ascii: ":"), index + 1 == end || bytes[index + 1] == UInt8(ascii: " ") {
                    return true
                }
                index += 1
            }
            return false
        }

        /// The key of a top-level line that is a plain key and nothing else (`paths:`), whose value
        /// is on the lines below; `nil` for any other line.
        func bareKey(_ start: Int) -> String? {
            let end = end(of: start)
            var index = start
            while index < end {
                let byte = bytes[index]
                let plain =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
                if !plain { break }
                index += 1
            }
            guard index > start, index < end, bytes[index] == UInt8(ascii: ":"), isBlank(index + 1, end) else {
                return nil
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// The line starts of the entries of the block mapping on the lines from `from` to `upTo`:
        /// keys at the indentation of its first line; none when that first line is no key, or a
        /// line (not blank, no comment) is less indented than it.
        func innerEntries(after from: Int, upTo limit: Int) -> [Int] {
            var starts: [Int] = []
            var indent = 0
            var start = from + 1
            while start < limit {
                let end = end(of: start)
                var first = start
                while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
                if first < end, bytes[first] != UInt8(ascii: "#") {
                    let here = first - start
                    if starts.isEmpty {
                        guard here > 0, isKey(start, end, indent: here) else { return [] }
                        indent = here
                        starts.append(start)
                    } else if here < indent {
                        return []
                    } else if here == indent, isKey(start, end, indent: indent) {
                        starts.append(start)
                    }
                }
                start = end + 1
            }
            return starts
        }
    }
}
