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
        // end a comment early.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for part in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingTrailingSpaces()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = String(self)
        while result.last == " " { result.removeLast() }
        return result
    }
}
