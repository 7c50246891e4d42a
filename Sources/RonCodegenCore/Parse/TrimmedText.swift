import Foundation

/// Text without white space at either end (what `trimmingCharacters(in: .whitespaces)` leaves:
/// spaces, tabs and the other Unicode space separators), read as bytes when the ends are ASCII, as
/// they are in almost every line of a description: the build plugin runs the tool as a debug
/// build, where Foundation's trimming of each line was a twentieth of a large description's run.
enum TrimmedText {
    /// `bytes` (UTF-8) as text, trimmed.
    static func of(_ bytes: ArraySlice<UInt8>) -> String {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        // An end that is not ASCII may be another space separator (U+00A0, U+3000, …).
        guard start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// `text`, trimmed.
    static func of(_ text: some StringProtocol) -> String {
        of(ArraySlice(text.utf8))
    }
}
