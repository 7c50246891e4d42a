import Foundation

/// What the headers of a download say about its bytes: their length, the range a `206` carries, the
/// validator a resume sends back, the digest to check.
struct TransferHeaders {
    let headers: RonHeaders

    /// `Content-Length`, unless a content coding makes it count other bytes than the ones delivered.
    var contentLength: Int64? {
        guard isIdentityCoded else { return nil }
        return headers["content-length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Whether the body arrives as the server stored it (no `Content-Encoding`, or `identity`).
    var isIdentityCoded: Bool { HTTPBodyRules.contentCodings(headers).isEmpty }

    /// `Content-Range: bytes first-last/total` (`total` is `nil` for `*`).
    var contentRange: (first: Int64, last: Int64, total: Int64?)? {
        guard let value = headers["content-range"]?.trimmingCharacters(in: .whitespaces).lowercased(),
            value.hasPrefix("bytes ")
        else { return nil }
        let spec = value.dropFirst(6)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
            return nil
        }
        let total = halves[1] == "*" ? nil : Int64(halves[1])
        if halves[1] != "*", total == nil { return nil }
        return (first, last, total)
    }

    /// Whether the server takes byte ranges (`Accept-Ranges: bytes`).
    var acceptsByteRanges: Bool {
        (headers["accept-ranges"] ?? "").lowercased().split(separator: ",").contains {
            $0.trimmingCharacters(in: .whitespaces) == "bytes"
        }
    }

    /// What `If-Range` sends back: the `ETag` unless it is weak (RFC 9110 §13.1.5), else
    /// `Last-Modified`.
    var validator: String? {
        if let tag = headers["etag"]?.trimmingCharacters(in: .whitespaces), !tag.isEmpty, !tag.hasPrefix("W/") {
            return tag
        }
        return headers["last-modified"]?.trimmingCharacters(in: .whitespaces)
    }

    /// The SHA-256 of the whole representation, when the server gave one: `Repr-Digest: sha-256=:…:`
    /// (RFC 9530) or `Digest: SHA-256=…` (RFC 3230); for a whole (`200`) body also
    /// `Content-Digest: sha-256=:…:`, which a `206` gives for its part only.
    func sha256(wholeBody: Bool) -> [UInt8]? {
        if let value = headers["repr-digest"], let digest = Self.structured(value) { return digest }
        if wholeBody, let value = headers["content-digest"], let digest = Self.structured(value) { return digest }
        if let value = headers["digest"] {
            for member in value.split(separator: ",") {
                let parts = member.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "sha-256" else {
                    continue
                }
                if let bytes = Data(base64Encoded: parts[1].trimmingCharacters(in: .whitespaces)), bytes.count == 32 {
                    return Array(bytes)
                }
            }
        }
        return nil
    }

    /// The `sha-256` member of a digest dictionary field (`sha-256=:base64:, sha-512=:…:`).
    private static func structured(_ value: String) -> [UInt8]? {
        for member in value.split(separator: ",") {
            let parts = member.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "sha-256" else {
                continue
            }
            let item = parts[1].trimmingCharacters(in: .whitespaces)
            guard item.count >= 2, item.hasPrefix(":"), item.hasSuffix(":") else { return nil }
            guard let bytes = Data(base64Encoded: String(item.dropFirst().dropLast())), bytes.count == 32 else {
                return nil
            }
            return Array(bytes)
        }
        return nil
    }
}
