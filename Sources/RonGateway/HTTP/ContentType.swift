/// The content types the gateway sends.
enum ContentType {
    /// What the real node's JSON responses carry (axum's `Json`).
    static let json = "application/json"
    /// What the real node's plain-text answers carry.
    static let plainText = "text/plain; charset=utf-8"
    /// Raw bytes.
    static let octetStream = "application/octet-stream"

    /// The content type of a static file, by extension, as the real node's static mount picks it.
    static func forFile(named name: String) -> String {
        let ext = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last ?? "") : ""
        switch ext.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "application/javascript; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "txt": return "text/plain; charset=utf-8"
        default: return octetStream
        }
    }
}
