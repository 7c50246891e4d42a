import Foundation

/// Whether bytes are one JSON text by RFC 8259 alone: no trailing commas, comments, single quotes,
/// `NaN` or leading zeros, which some decoders let through. An error body is read as a JSON
/// problem only when it passes.
enum StrictJSON {
    /// `true` when `data` is exactly one RFC 8259 JSON value (surrounding whitespace allowed).
    static func isValid(_ data: Data) -> Bool {
        var scanner = Scanner(bytes: Array(data))
        scanner.skipWhitespace()
        guard scanner.value(depth: 0) else { return false }
        scanner.skipWhitespace()
        return scanner.atEnd
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        mutating func literal(_ text: String) -> Bool {
            for byte in text.utf8 where !take(byte) { return false }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < 512, let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth, keyed: true)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth, keyed: false)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func container(close: UInt8, depth: Int, keyed: Bool) -> Bool {
            index += 1
            skipWhitespace()
            if take(close) { return true }
            while true {
                if keyed {
                    guard string() else { return false }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipWhitespace()
                }
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if take(close) { return true }
                guard take(UInt8(ascii: ",")) else { return false }
                skipWhitespace()
            }
        }

        mutating func string() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = current, isHex(hex) else { return false }
                            index += 1
                        }
                    } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                        return false
                    }
                case 0x00..<0x20: return false
                default: continue
                }
            }
            return false
        }

        mutating func number() -> Bool {
            _ = take(UInt8(ascii: "-"))
            if take(UInt8(ascii: "0")) {
                if let next = current, isDigit(next) { return false }
            } else {
                guard digits() else { return false }
            }
            if take(UInt8(ascii: ".")), !digits() { return false }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() else { return false }
            }
            return true
        }

        mutating func digits() -> Bool {
            let start = index
            while let byte = current, isDigit(byte) { index += 1 }
            return index > start
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isHex(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        }
    }
}
