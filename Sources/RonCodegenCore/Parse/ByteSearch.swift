import Foundation

/// Whether a text holds a byte, for every stage of the generator: the readers (a carriage return in
/// a YAML document), the normalizer and the translator (`~`, `/` and `%` in pointers, `;` in a media
/// type) and the renderer (a line break in a comment). It lives with the readers, the first stage,
/// so the later ones call down to it. The assembler splits the paths of `$ref`s with it too.
enum ByteSearch {
    /// Whether `text` holds `byte`: `memchr` over its UTF-8, where `utf8.contains` ran generic code
    /// per byte in a debug build, as the build plugin runs the tool (every key of a description is
    /// escaped as a pointer token, most more than once).
    static func contains(_ text: String, _ byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// The parts of `text` between `separator` bytes, empty ones left out: what
    /// `split(separator:)` gives, without its generic code run byte by byte in a debug build (a
    /// description in 2,907 files joins and splits the path of each of its `$ref`s).
    static func parts(of text: String, separatedBy separator: UInt8) -> [String] {
        split(text, at: separator, keepingEmpty: false)
    }

    /// The fields of `text` between `separator` bytes, empty ones kept (`/a//b` → `""`, `a`, `""`,
    /// `b`): what `split(separator:omittingEmptySubsequences: false)` gives, without its generic code
    /// (a JSON pointer is cut into its tokens for every type the normalizer names).
    static func fields(of text: String, separatedBy separator: UInt8) -> [String] {
        split(text, at: separator, keepingEmpty: true)
    }

    /// ``parts(of:separatedBy:)`` and ``fields(of:separatedBy:)``: `text` cut at each `separator`.
    private static func split(_ text: String, at separator: UInt8, keepingEmpty: Bool) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var pieces: [String] = []
            guard let base = bytes.baseAddress else { return keepingEmpty ? [""] : [] }
            var start = 0
            while true {
                let end =
                    memchr(base + start, Int32(separator), bytes.count - start).map {
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? bytes.count
                if keepingEmpty || end > start {
                    pieces.append(
                        String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
                }
                guard end < bytes.count else { return pieces }
                start = end + 1
            }
        }
    }

    /// `text` cut at its first `byte`: the bytes before it, and those after it (`nil` when it holds
    /// none), as `split(separator:maxSplits: 1, omittingEmptySubsequences: false)` cuts it.
    static func cut(_ text: String, at byte: UInt8) -> (before: String, after: String?) {
        var whole = text
        return whole.withUTF8 { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base, Int32(byte), bytes.count) else {
                return (text, nil)
            }
            let count = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            return (
                String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self),
                String(
                    decoding: UnsafeBufferPointer(start: base + count + 1, count: bytes.count - count - 1),
                    as: UTF8.self)
            )
        }
    }
}
