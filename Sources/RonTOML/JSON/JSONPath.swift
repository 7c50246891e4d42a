/// Builds the paths reported by ``TOMLJSONError``: `a.b[2]."odd key"`.
enum JSONPath {
    static func appending(key: String, to path: String) -> String {
        let shown = TOMLFormat.key(key)
        return path.isEmpty ? shown : path + "." + shown
    }

    static func appending(index: Int, to path: String) -> String {
        path + "[\(index)]"
    }
}
