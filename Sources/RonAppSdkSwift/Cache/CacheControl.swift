import Foundation

/// The `Cache-Control` directives a private cache acts on (RFC 9111 §5.2).
struct CacheControl: Sendable, Hashable {
    var maxAge: Int?
    var noStore = false
    var noCache = false
    var mustRevalidate = false
    var staleWhileRevalidate: Int?
    /// A request's `only-if-cached`: answer from the cache or not at all (RFC 9111 §5.2.1.7).
    var onlyIfCached = false

    /// Parses every `Cache-Control` field of `headers`; unknown or malformed directives are ignored.
    init(_ headers: RonHeaders) {
        guard let value = headers["cache-control"] else { return }
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = pieces[0].trimmingCharacters(in: .whitespaces).lowercased()
            let argument = pieces.count > 1 ? Self.integer(pieces[1]) : nil
            switch name {
            case "max-age": maxAge = argument ?? 0
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "stale-while-revalidate": staleWhileRevalidate = argument
            case "only-if-cached": onlyIfCached = true
            default: break
            }
        }
    }

    /// A delta-seconds argument (quotes allowed); a malformed one counts as 0 (RFC 9111 §1.2.2).
    private static func integer(_ text: Substring) -> Int {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\""))
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) else { return 0 }
        return Int(trimmed.prefix(10)) ?? Int(Int32.max)
    }
}
