import Foundation

/// A place in a document, for errors.
struct Location {
    var file: String
    var pointer: String

    func appending(_ token: String) -> Location {
        Location(file: file, pointer: pointer + "/" + Pointer.escape(token))
    }

    func error(_ message: String) -> CodegenError {
        CodegenError(file: file, pointer: pointer, message: message)
    }
}

/// RFC 6901 pointer tokens and relative document paths.
enum Pointer {
    static func escape(_ token: String) -> String {
        // Most tokens need nothing: skip Foundation's search (the normalizer escapes every key).
        guard token.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescape(_ token: String) -> String {
        guard token.utf8.contains(0x7E) else { return token }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// `a/b.json` + `../c.json` → `c.json`.
    static func join(_ from: String, _ relative: String) -> String {
        var parts = from.split(separator: "/").map(String.init).dropLast()
        for part in relative.split(separator: "/").map(String.init) {
            if part == ".." {
                _ = parts.popLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
