import NIOHTTP1

/// Validators for the gateway's revalidatable answers (static facet files, health): a strong `ETag` made
/// from the body's bytes, `Cache-Control`, and `If-None-Match` answered with `304 Not Modified`.
///
/// The node names content by its hash (its object routes send `ETag: "b3:<hash>"`); the gateway does the
/// same with a 64-bit FNV-1a hash and the length, `"ron-<16 hex digits>-<length>"`, so the tag changes
/// whenever the bytes do and is the same across restarts.
enum EntityTag {
    /// The quoted tag of `bytes`.
    static func of(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            count += 1
        }
        let hex = String(hash, radix: 16)
        return "\"ron-\(String(repeating: "0", count: 16 - hex.count))\(hex)-\(count)\""
    }

    /// Whether an `If-None-Match` value matches `tag` (RFC 9110 §13.1.2: `*`, or a comma-separated list
    /// compared weakly, so `W/"x"` matches `"x"`). A value that is not a list of tags matches nothing.
    static func ifNoneMatch(_ value: String, matches tag: String) -> Bool {
        let trimmed = value.trimmingASCIISpaces
        if trimmed == "*" { return true }
        return value.split(separator: ",").contains { candidate in
            var text = Substring(candidate.trimmingASCIISpaces)
            if text.hasPrefix("W/") { text = text.dropFirst(2) }
            return text == tag
        }
    }

    /// `response` with `ETag` and `Cache-Control` added; when `request` is a GET or HEAD whose
    /// `If-None-Match` matches, a `304` with the same validators and no body instead.
    static func revalidatable(
        _ response: GatewayResponse, body: some Sequence<UInt8>, cacheControl: String, request: GatewayRequest
    ) -> GatewayResponse {
        let tag = of(body)
        var answer = response
        if request.method == .GET || request.method == .HEAD,
            request.headers["if-none-match"].contains(where: { ifNoneMatch($0, matches: tag) })
        {
            answer = .empty(.notModified)
        }
        answer.headers.replaceOrAdd(name: "etag", value: tag)
        answer.headers.replaceOrAdd(name: "cache-control", value: cacheControl)
        return answer
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingASCIISpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
