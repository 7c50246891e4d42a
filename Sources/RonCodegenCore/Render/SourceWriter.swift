/// Accumulates Swift source with indentation.
struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    /// Appends what `other` wrote, as it is.
    mutating func append(_ other: SourceWriter) {
        text += other.text
    }

    mutating func line(_ content: String = "") {
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
        var start = 0
        while true {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var kept = end
            while kept > start, bytes[kept - 1] == 0x20 { kept -= 1 }
            line(kept == start ? "///" : "/// " + String(decoding: bytes[start..<kept], as: UTF8.self))
            guard end < bytes.count else { return }
            let crlf = bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A
            start = end + (crlf ? 2 : 1)
        }
    }
}
