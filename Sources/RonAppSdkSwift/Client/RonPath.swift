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

    /// The problem a generated call answers when the one-segment path parameter `parameter` holds
    /// `value` that cannot be a segment of its own: empty, `.` or `..` (a server would read the
    /// path without that segment, or as its parent's). `nil` for any other value.
    ///
    /// - Parameters:
    ///   - value: The parameter's text.
    ///   - parameter: The parameter's name in the API description, for the message.
    /// - Returns: An `invalid_path_parameter` problem of kind `local`, or `nil`.
    public static func segmentProblem(_ value: String, parameter: String) -> RonProblem? {
        guard value.isEmpty || value == "." || value == ".." else { return nil }
        return RonProblem(
            code: "invalid_path_parameter",
            message: "path parameter '\(parameter)' must be one non-empty path segment other than . and ..",
            kind: "local", status: 0, retryable: false)
    }

    /// Marks the start and the end of a server path at the start of a path (``server(_:)``): another
    /// control character, which no path written by hand can hold either.
    static let serverMarker: UInt8 = 0x1E

    /// The start of a path that goes below the server path `prefix` instead of `/app`: put it in
    /// front of the path (`RonPath.server("/v2") + "/widgets"` goes to `{base}/v2/widgets`). `""`
    /// is the base URL itself. Generated calls of a document with its own `servers` get theirs from
    /// ``RonClient/serverPrefix(document:default:)``, which applies ``RonConfig/serverPaths``.
    ///
    /// - Parameter prefix: The server path, unencoded (`/v2`, `/api/v1`, `""`); a missing leading `/`
    ///   is added and trailing ones dropped.
    /// - Returns: The marked prefix, meant for the client only, not for display.
    public static func server(_ prefix: String) -> String {
        var path = Substring(prefix)
        while path.hasSuffix("/") { path = path.dropLast() }
        if !path.isEmpty && !path.hasPrefix("/") { path = "/" + path }
        let mark = String(decoding: [serverMarker], as: UTF8.self)
        return mark + path + mark
    }

    /// `path` as the server will see it: the markers of ``segment(_:)`` dropped, the encoded
    /// segment kept (`/items/a%2Fb`); a path below another server path than `/app` (``server(_:)``)
    /// shows it in front (`/v2/widgets`). What middleware, hooks and logs are shown.
    static func display(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == marker || $0 == serverMarker }) else { return path }
        return String(decoding: path.utf8.filter { $0 != marker && $0 != serverMarker }, as: UTF8.self)
    }
}
