import Foundation

/// Whether a text holds a byte, for every stage of the generator: the readers (a carriage return in
/// a YAML document), the normalizer and the translator (`~`, `/` and `%` in pointers, `;` in a media
/// type) and the renderer (a line break in a comment). It lives with the readers, the first stage,
/// so the later ones call down to it.
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
}
