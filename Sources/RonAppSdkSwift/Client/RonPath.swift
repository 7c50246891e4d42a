/// Path pieces for the calls that the code generator writes.
///
/// A path given to ``RonClient``'s calls is split on `/` and each segment is percent-encoded, so a
/// value that holds a `/` would become two segments, and `?` and `#` are refused. A generated
/// operation puts each one-segment path parameter through ``segment(_:)`` instead, so that whatever
/// it holds goes out percent-encoded as exactly one segment (`a/b` → `a%2Fb`, `%` → `%25`).
public enum RonPath {
    /// Marks the start and the end of an already-encoded segment inside a path. A control character,
    /// so no path written by hand can hold it (the client refuses control characters in paths).
    static let marker: UInt8 = 0x1F

    /// `value` as one path segment: every byte outside the RFC 3986 unreserved set is percent-encoded,
    /// `/`, `?`, `#` and `%` included, and the result is marked so the client sends it as it is.
    /// Put it inside a path passed to the client (`"/items/\(RonPath.segment(id))"`); the path is
    /// meant for the client only, not for display.
    ///
    /// - Parameter value: The parameter's text.
    /// - Returns: The marked, encoded segment.
    public static func segment(_ value: String) -> String {
        var out: [UInt8] = [marker]
        out.reserveCapacity(value.utf8.count + 2)
        for byte in value.utf8 { PercentEncoding.append(byte, to: &out) }
        out.append(marker)
        return String(decoding: out, as: UTF8.self)
    }

    /// `path` as the server will see it: the markers of ``segment(_:)`` dropped, the encoded
    /// segment kept (`/items/a%2Fb`). What middleware, hooks and logs are shown.
    static func display(_ path: String) -> String {
        guard path.utf8.contains(marker) else { return path }
        return String(decoding: path.utf8.filter { $0 != marker }, as: UTF8.self)
    }
}
