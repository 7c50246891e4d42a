/// Where a request's answers are kept (RFC 9111 §4.1): the URL (the primary key), the partition, and
/// under those one entry per variant, named by the values of the request headers its `Vary` names.
///
/// The memory tier finds entries by ``url`` and ``partition``; the disk tier by file names made of
/// SHA-256 digests: `<url>-<partition>-<variant>.entry` (32, 32 and 16 hex digits), so every
/// answer for a URL, whoever stored it, shares a name prefix (``urlPrefix(_:)``).
struct CacheKey: Sendable, Hashable {
    /// The request URL, as sent.
    let url: String
    /// The SHA-256 of the partition's text (64 hex digits).
    let partition: String

    /// The name prefix of every stored answer for `url`.
    static func urlPrefix(_ url: String) -> String {
        String(SHA256Digest.hex(url).prefix(32)) + "-"
    }

    /// The name prefix of this URL's answers in this partition.
    var bucket: String { Self.urlPrefix(url) + partition.prefix(32) + "-" }

    /// The name of the entry for the variant whose `Vary` values are `vary`.
    func entryName(vary: [String: String]) -> String {
        var text = ""
        for name in vary.keys.sorted() {
            text += name + ":" + (vary[name] ?? "") + "\n"
        }
        return bucket + SHA256Digest.hex(text).prefix(16)
    }
}
