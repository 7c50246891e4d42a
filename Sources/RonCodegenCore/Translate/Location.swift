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
        // Byte by byte, not Foundation's `replacingOccurrences`: every path of a description has
        // slashes, and a location below it is escaped again and again.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(token.utf8.count + 8)
        for byte in token.utf8 {
            switch byte {
            case 0x7E:
                escaped.append(0x7E)
                escaped.append(0x30)
            case 0x2F:
                escaped.append(0x7E)
                escaped.append(0x31)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
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
