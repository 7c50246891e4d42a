import Foundation

/// Keeps credentials out of recorded bodies.
enum FixtureScrubber {
    /// `body` with every string member named `authorization` (any case) and every occurrence of
    /// `token` replaced by `redacted` (then written back pretty-printed with sorted keys); a body
    /// with neither is kept byte for byte.
    static func scrub(_ body: Data, token: String?) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        let token = token.flatMap { $0.isEmpty ? nil : $0 }
        // Bytes as they came unless something must go.
        guard text.lowercased().contains("authorization") || token.map({ text.contains($0) }) == true else {
            return body
        }
        guard let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            return body
        }
        let cleaned = scrub(value, token: token)
        guard
            var data = try? JSONSerialization.data(
                withJSONObject: cleaned,
                options: [.fragmentsAllowed, .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return body }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private static func scrub(_ value: Any, token: String?) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                result[key] =
                    key.lowercased() == "authorization" && member is String ? "redacted" : scrub(member, token: token)
            }
            return result
        case let array as [Any]:
            return array.map { scrub($0, token: token) }
        case let text as String:
            guard let token else { return text }
            return text.replacingOccurrences(of: token, with: "redacted")
        default:
            return value
        }
    }
}
