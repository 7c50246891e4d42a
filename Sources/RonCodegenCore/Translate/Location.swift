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
        guard ByteSearch.contains(token, 0x7E) || ByteSearch.contains(token, 0x2F) else { return token }
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
        guard ByteSearch.contains(token, 0x7E) else { return token }
        // In one pass, left to right: the same as `~1` then `~0` replaced (RFC 6901, section 4).
        var bytes = Array(token.utf8)
        var read = 0
        var write = 0
        while read < bytes.count {
            var byte = bytes[read]
            if byte == 0x7E, read + 1 < bytes.count, bytes[read + 1] == 0x30 || bytes[read + 1] == 0x31 {
                byte = bytes[read + 1] == 0x31 ? 0x2F : 0x7E
                read += 1
            }
            bytes[write] = byte
            write += 1
            read += 1
        }
        return String(decoding: bytes[..<write], as: UTF8.self)
    }

    /// `a/b.json` + `../c.json` → `c.json`.
    static func join(_ from: String, _ relative: String) -> String {
        var parts = ByteSearch.parts(of: from, separatedBy: 0x2F)
        _ = parts.popLast()
        for part in ByteSearch.parts(of: relative, separatedBy: 0x2F) {
            if part == ".." {
                _ = parts.popLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return joined(parts)
    }

    /// `parts` with a `/` between each two.
    static func joined(_ parts: [String]) -> String {
        var path = ""
        var first = true
        for part in parts {
            if !first { path += "/" }
            first = false
            path += part
        }
        return path
    }
}
