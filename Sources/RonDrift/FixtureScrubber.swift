import Foundation

/// Keeps credentials out of recorded bodies.
enum FixtureScrubber {
    /// ``scrub(_:secrets:)`` of one token.
    static func scrub(_ body: Data, token: String?) -> Data {
        scrub(body, secrets: [token].compactMap { $0 })
    }

    /// `body` with every string member named `authorization` (any case) and every occurrence of
    /// each of `secrets` (a token, the credentials of security schemes) replaced by `redacted`
    /// (then written back pretty-printed with sorted keys); a body with none is kept byte for byte.
    static func scrub(_ body: Data, secrets: [String]) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        // Longest first: a secret that contains another goes whole.
        let secrets = Set(secrets.filter { !$0.isEmpty }).sorted { $0.count > $1.count }
        // Bytes as they came unless something must go.
        guard text.lowercased().contains("authorization") || secrets.contains(where: { text.contains($0) }) else {
            return body
        }
        guard let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            return body
        }
        let cleaned = scrub(value, secrets: secrets)
        guard
            var data = try? JSONSerialization.data(
                withJSONObject: cleaned,
                options: [.fragmentsAllowed, .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return body }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// `text` with every occurrence of each of `secrets` replaced by `redacted`.
    static func redact(_ text: String, secrets: [String]) -> String {
        var text = text
        for secret in Set(secrets.filter { !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: secret, with: "redacted")
        }
        return text
    }

    private static func scrub(_ value: Any, secrets: [String]) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                result[key] =
                    key.lowercased() == "authorization" && member is String
                    ? "redacted" : scrub(member, secrets: secrets)
            }
            return result
        case let array as [Any]:
            return array.map { scrub($0, secrets: secrets) }
        case let text as String:
            return secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "redacted") }
        default:
            return value
        }
    }
}
