/// Accumulates Swift source with indentation.
struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    /// Appends what `other` wrote, as it is.
    mutating func append(_ other: SourceWriter) {
        text += other.text
    }

    mutating func line(_ content: String = "") {
        // A comment line ends at the first line break in it (LF, CR or CR LF, as Swift reads them):
        // a break in text from a document (a path, a media type, a file name) would turn the rest of
        // the line into code, so it is written as a space.
        if content.utf8.first == 0x2F, Pointer.contains(content, 0x0A) || Pointer.contains(content, 0x0D) {
            let bytes = Array(content.utf8)
            let pieces = Self.lineRanges(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
            line(pieces.joined(separator: " "))
            return
        }
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    mutating func block(_ opening: String, _ body: (inout SourceWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `<call> { <signature> in`, the body one level in, then `}`: a trailing closure.
    mutating func closure(_ call: String, _ signature: String, _ body: (inout SourceWriter) -> Void) {
        line("\(call) { \(signature) in")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// `if <condition> {` then `} else {` otherwise `}`.
    mutating func ifElse(
        _ condition: String, _ then: (inout SourceWriter) -> Void, else otherwise: (inout SourceWriter) -> Void
    ) {
        line("if \(condition) {")
        depth += 1
        then(&self)
        depth -= 1
        line("} else {")
        depth += 1
        otherwise(&self)
        depth -= 1
        line("}")
    }

    /// Writes `text` as `///` doc comment lines.
    mutating func documentation(_ text: String?) {
        guard let text else { return }
        // Every line break Swift knows (LF, CR, CR LF) starts a new `///` line, so no schema text can
        // end a comment early. Read as bytes (both are ASCII, never inside a longer character): the
        // build plugin's tool runs as a debug build, where Foundation's replacing and splitting were
        // a tenth of the time on a large description.
        let bytes = Array(text.utf8)
        for range in Self.lineRanges(bytes) {
            var kept = range.upperBound
            while kept > range.lowerBound, bytes[kept - 1] == 0x20 { kept -= 1 }
            line(
                kept == range.lowerBound
                    ? "///" : "/// " + String(decoding: bytes[range.lowerBound..<kept], as: UTF8.self))
        }
    }

    /// The lines of `bytes` (UTF-8), split at every line break Swift knows (LF, CR, CR LF), the
    /// breaks left out: one range for a text without any, an empty range after a final break.
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while true {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            ranges.append(start..<end)
            guard end < bytes.count else { return ranges }
            let crlf = bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A
            start = end + (crlf ? 2 : 1)
        }
    }
}
