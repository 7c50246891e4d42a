/// Resolves `.` and `..` segments of an upstream path the way the real node's proxy does: Micronode sets the
/// joined path on its upstream URL, and the URL parser (WHATWG rules) removes dot segments as it goes.
///
/// - `.` and `%2e` (any case) are single-dot segments; `..`, `.%2e`, `%2e.`, `%2e%2e` are double-dot ones.
/// - A double-dot segment removes the segment before it, never going above `/`.
/// - A dot segment at the end leaves a trailing `/` (`/a/b/..` is `/a/`).
/// - `\` separates segments like `/` (http and https are special schemes).
/// - Everything else, percent-escapes included, is kept as written.
enum DotSegments {
    static func remove(_ path: String) -> String {
        let pieces = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        // The first piece is what precedes the leading "/" (empty for an absolute path).
        var output: [Substring] = []
        let segments = path.hasPrefix("/") || path.hasPrefix("\\") ? pieces.dropFirst() : pieces[...]
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            if isDoubleDot(segment) {
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            } else if isSingleDot(segment) {
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }

    private static func isSingleDot(_ segment: Substring) -> Bool {
        segment == "." || segment.lowercased() == "%2e"
    }

    private static func isDoubleDot(_ segment: Substring) -> Bool {
        switch segment.lowercased() {
        case "..", ".%2e", "%2e.", "%2e%2e": return true
        default: return false
        }
    }
}
