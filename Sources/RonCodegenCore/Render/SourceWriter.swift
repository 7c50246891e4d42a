import Foundation

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
        if content.utf8.first == 0x2F, ByteSearch.contains(content, 0x0A) || ByteSearch.contains(content, 0x0D) {
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
        // `memchr` finds the breaks: a loop over the bytes ran generic code per byte in the debug
        // build the plugin runs (every parameter's description of every call passes here).
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [0..<0] }
            let count = buffer.count
            func next(_ byte: UInt8, from start: Int) -> Int {
                guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return count }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var ranges: [Range<Int>] = []
            var start = 0
            var lf = next(0x0A, from: 0)
            var cr = next(0x0D, from: 0)
            while true {
                if lf < start { lf = next(0x0A, from: start) }
                if cr < start { cr = next(0x0D, from: start) }
                let end = min(lf, cr)
                ranges.append(start..<end)
                guard end < count else { return ranges }
                // CR LF is one break (`lf` is `count` when there is no LF left).
                start = end + (end == cr && lf == end + 1 && lf < count ? 2 : 1)
            }
        }
    }
}
