/// The scalar styles: plain, single- and double-quoted, literal (`|`) and folded (`>`).
extension YAMLDocumentParser {
    /// Whether a plain scalar may start at `pos`: not an indicator, except `-`, `?` and `:`
    /// directly followed by text.
    func canStartPlain(flow: Bool) -> Bool {
        guard pos < bytes.count else { return false }
        let byte = bytes[pos]
        if byte == .dash || byte == .question || byte == .colon {
            guard pos + 1 < bytes.count else { return false }
            let next = bytes[pos + 1]
            return !next.isYAMLBlankOrBreak && !(flow && next.isYAMLFlowIndicator)
        }
        switch byte {
        case .space, .tab, .newline, .hash, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace, .ampersand,
            .asterisk, .exclamation, .pipe, .greaterThan, .singleQuote, .doubleQuote, .percent, .at, .backtick:
            return false
        default:
            return true
        }
    }

    /// A plain scalar; in block context its continuation lines are indented more than `parent`.
    /// Line breaks fold: one becomes a space, more keep all but the first.
    mutating func scanPlain(parent: Int, flow: Bool, multiLine: Bool = true) throws(SyntaxError) -> String {
        guard canStartPlain(flow: flow) else {
            guard pos < bytes.count, !bytes[pos].isYAMLBlankOrBreak else { throw error("expected a value") }
            let character = String(decoding: bytes[pos..<min(pos + 1, bytes.count)], as: UTF8.self)
            throw error("a plain scalar cannot start with '\(character)': quote the value")
        }
        // Most scalars are one line: their text is read straight from the bytes. Only a scalar
        // that goes on to other lines gathers its folded text.
        var text: [UInt8] = []
        var gathering = false
        while true {
            let segmentStart = pos
            var end = pos
            while pos < bytes.count {
                let byte = bytes[pos]
                if byte == .newline || (flow && byte.isYAMLFlowIndicator) { break }
                if byte == .colon {
                    let next = pos + 1 < bytes.count ? bytes[pos + 1] : .newline
                    if next.isYAMLBlankOrBreak || (flow && next.isYAMLFlowIndicator) { break }
                }
                if byte == .hash, pos > segmentStart, bytes[pos - 1].isYAMLBlank { break }
                pos += 1
                if !byte.isYAMLBlank { end = pos }
            }
            guard multiLine, pos < bytes.count, bytes[pos] == .newline,
                let (next, breaks) = plainContinuation(from: pos, parent: parent, flow: flow)
            else {
                pos = end
                guard gathering else { return string(segmentStart..<end) }
                append(segmentStart..<end, to: &text)
                return String(decoding: text, as: UTF8.self)
            }
            gathering = true
            append(segmentStart..<end, to: &text)
            if breaks == 1 {
                text.append(.space)
            } else {
                for _ in 1..<breaks { text.append(.newline) }
            }
            pos = next
        }
    }

    /// The text of the bytes in `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Appends the bytes in `range` to `text`.
    func append(_ range: Range<Int>, to text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Where a plain scalar goes on after the line break at `offset`, and how many line breaks
    /// come before it, or `nil` when the scalar ends there.
    private func plainContinuation(from offset: Int, parent: Int, flow: Bool) -> (Int, Int)? {
        var index = offset
        var breaks = 0
        while index < bytes.count, bytes[index] == .newline {
            breaks += 1
            index += 1
            let start = index
            while index < bytes.count, bytes[index] == .space { index += 1 }
            let indent = index - start
            while index < bytes.count, bytes[index].isYAMLBlank { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == .newline { continue }
            if indent == 0, isDocumentMarker(at: start) { return nil }
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : .newline
            if byte == .hash || (byte == .colon && (next.isYAMLBlankOrBreak || (flow && next.isYAMLFlowIndicator))) {
                return nil
            }
            if flow ? byte.isYAMLFlowIndicator : indent <= parent { return nil }
            return (index, breaks)
        }
        return nil
    }

    /// A single- or double-quoted scalar, from its opening quote to past its closing one.
    mutating func parseQuoted() throws(SyntaxError) -> String {
        let open = pos
        let quote = bytes[pos]
        pos += 1
        var text: [UInt8] = []
        while true {
            guard pos < bytes.count else {
                throw error(
                    quote == .singleQuote ? "unterminated single-quoted string" : "unterminated string", at: open)
            }
            let byte = bytes[pos]
            if byte == quote {
                if quote == .singleQuote, pos + 1 < bytes.count, bytes[pos + 1] == .singleQuote {
                    text.append(.singleQuote)
                    pos += 2
                    continue
                }
                pos += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte.isYAMLBlankOrBreak {
                let start = pos
                while pos < bytes.count, bytes[pos].isYAMLBlank { pos += 1 }
                if pos < bytes.count, bytes[pos] == .newline {
                    try foldQuotedBreaks(into: &text, escaped: false)
                } else {
                    append(start..<pos, to: &text)
                }
                continue
            }
            if byte == .backslash, quote == .doubleQuote {
                try parseEscape(into: &text)
                continue
            }
            // A run of bytes that need nothing done, appended at once.
            let start = pos
            pos += 1
            while pos < bytes.count {
                let next = bytes[pos]
                if next == quote || next.isYAMLBlankOrBreak || next == .backslash { break }
                pos += 1
            }
            append(start..<pos, to: &text)
        }
    }

    /// At a line break inside a quoted scalar: drops the spaces around it and folds it (one
    /// break is a space, more keep all but the first; after an escaped break all are kept).
    private mutating func foldQuotedBreaks(into text: inout [UInt8], escaped: Bool) throws(SyntaxError) {
        var breaks = 0
        while pos < bytes.count, bytes[pos] == .newline {
            breaks += 1
            pos += 1
            if isDocumentMarker() { throw error("a document marker inside a quoted string") }
            while pos < bytes.count, bytes[pos].isYAMLBlank { pos += 1 }
        }
        if escaped {
            text.append(contentsOf: repeatElement(.newline, count: breaks - 1))
        } else if breaks == 1 {
            text.append(.space)
        } else {
            text.append(contentsOf: repeatElement(.newline, count: breaks - 1))
        }
    }

    /// A `\` escape of a double-quoted scalar.
    private mutating func parseEscape(into text: inout [UInt8]) throws(SyntaxError) {
        let start = pos
        pos += 1
        guard pos < bytes.count else { throw error("unterminated string", at: start) }
        let escape = bytes[pos]
        pos += 1
        let simple: [UInt8: UInt32] = [
            UInt8(ascii: "0"): 0, UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, .tab: 9,
            UInt8(ascii: "n"): 10, UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
            UInt8(ascii: "e"): 27, .space: 32, .doubleQuote: 34, UInt8(ascii: "/"): 47, .backslash: 92,
            UInt8(ascii: "N"): 0x85, UInt8(ascii: "_"): 0xA0, UInt8(ascii: "L"): 0x2028, UInt8(ascii: "P"): 0x2029,
        ]
        var code: UInt32
        if let known = simple[escape] {
            code = known
        } else if escape == .newline {
            pos -= 1
            try foldQuotedBreaks(into: &text, escaped: true)
            return
        } else if let digits = [UInt8(ascii: "x"): 2, UInt8(ascii: "u"): 4, UInt8(ascii: "U"): 8][escape] {
            code = try parseHex(digits, escapeStart: start)
            if digits == 4, (0xD800...0xDBFF).contains(code), bytes.count - pos >= 6, bytes[pos] == .backslash,
                bytes[pos + 1] == UInt8(ascii: "u")
            {
                pos += 2
                let low = try parseHex(4, escapeStart: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate in a \\u escape", at: start)
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
        } else {
            let character = String(decoding: bytes[pos - 1..<pos], as: UTF8.self)
            throw error("invalid escape '\\\(character)'", at: start)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid code point in an escape", at: start) }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex(_ count: Int, escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard pos < bytes.count, let digit = Character(Unicode.Scalar(bytes[pos])).hexDigitValue else {
                throw error("expected \(count) hex digits in the escape", at: escapeStart)
            }
            value = value * 16 + UInt32(digit)
            pos += 1
        }
        return value
    }

    /// How a block scalar treats its final line breaks.
    private enum Chomping {
        case strip
        case clip
        case keep
    }

    /// A literal (`|`) or folded (`>`) block scalar whose node sits at indentation `parent`;
    /// `pos` ends at the start of the first line after it.
    mutating func parseBlockScalar(parent: Int) throws(SyntaxError) -> String {
        let literal = bytes[pos] == .pipe
        pos += 1
        var chomping = Chomping.clip
        var explicit: Int?
        for _ in 0..<2 where pos < bytes.count {
            let byte = bytes[pos]
            if chomping == .clip, byte == .dash || byte == UInt8(ascii: "+") {
                chomping = byte == .dash ? .strip : .keep
            } else if explicit == nil, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) {
                explicit = Int(byte - UInt8(ascii: "0"))
            } else if byte == UInt8(ascii: "0") {
                throw error("a block scalar's indentation indicator is 1 to 9")
            } else {
                break
            }
            pos += 1
        }
        skipInlineSpace()
        guard atLineEndOrComment, pos == bytes.count || bytes[pos] == .newline || bytes[pos - 1].isYAMLBlank else {
            throw error("unexpected text after the block scalar indicator")
        }
        while pos < bytes.count, bytes[pos] != .newline { pos += 1 }
        if pos < bytes.count { pos += 1 }
        let indent = explicit.map { parent >= 0 ? parent + $0 : $0 } ?? detectedIndent(parent: parent)
        var lines: [Slice<UnsafeBufferPointer<UInt8>>?] = []
        while pos < bytes.count {
            let start = pos
            var index = pos
            while index < bytes.count, bytes[index] == .space, index - start < indent { index += 1 }
            var end = index
            while end < bytes.count, bytes[end] != .newline { end += 1 }
            if index - start < indent {
                guard index == end else { break }
                lines.append(nil)
            } else {
                if indent == 0, isDocumentMarker() { break }
                lines.append(index == end ? nil : bytes[index..<end])
            }
            pos = end < bytes.count ? end + 1 : end
        }
        return blockText(lines, literal: literal, chomping: chomping)
    }

    /// The indentation of a block scalar's first non-empty line (at least `parent + 1`).
    private func detectedIndent(parent: Int) -> Int {
        var index = pos
        while index < bytes.count {
            let start = index
            while index < bytes.count, bytes[index] == .space { index += 1 }
            if index < bytes.count, bytes[index] == .newline {
                index += 1
                continue
            }
            return max(index - start, parent + 1)
        }
        return parent + 1
    }

    /// A block scalar's text from its lines (`nil` for an empty line).
    private func blockText(_ lines: [Slice<UnsafeBufferPointer<UInt8>>?], literal: Bool, chomping: Chomping) -> String {
        guard let last = lines.lastIndex(where: { $0 != nil }) else {
            return chomping == .keep ? String(repeating: "\n", count: lines.count) : ""
        }
        var text: [UInt8] = []
        var empty = 0
        var previousFolds = false
        var first = true
        for line in lines[...last] {
            guard let line else {
                empty += 1
                continue
            }
            let folds = !literal && !(line.first?.isYAMLBlank ?? false)
            if first {
                text.append(contentsOf: repeatElement(.newline, count: empty))
            } else if previousFolds && folds {
                text.append(contentsOf: empty == 0 ? [.space] : Array(repeatElement(.newline, count: empty)))
            } else {
                text.append(contentsOf: repeatElement(.newline, count: empty + 1))
            }
            text.append(contentsOf: line)
            first = false
            previousFolds = folds
            empty = 0
        }
        switch chomping {
        case .strip: break
        case .clip: text.append(.newline)
        case .keep: text.append(contentsOf: repeatElement(.newline, count: lines.count - last))
        }
        return String(decoding: text, as: UTF8.self)
    }
}
