import Foundation

/// Removes secrets from anything the SDK logs or hands to hooks.
///
/// - Headers: `Authorization`, `Proxy-Authorization`, `X-RON-Token`, `X-RON-Passport`, `Cookie`,
///   `Set-Cookie`, and any header whose name contains `token`, `secret`, `password`, `passport`,
///   `api-key`/`apikey`, `session` or `auth`, are replaced by ``placeholder``; so is any value that
///   starts with an auth scheme (`Bearer …`, `Basic …`, `Macaroon …`).
/// - URLs: user info is dropped and the value of every query parameter whose name contains `token`,
///   `key`, `secret`, `password`, `passport`, `auth`, `session`, `signature`, `sig` or `credential`
///   is replaced.
/// - Text (debug bodies): `Bearer xxx`-style credentials and JSON string members with such names.
package enum Redactor {
    /// What a secret is replaced by.
    package static let placeholder = "[REDACTED]"

    private static let sensitiveQueryFragments = [
        "token", "key", "secret", "password", "passwd", "passport", "auth", "session", "signature", "sig",
        "credential",
    ]
    private static let schemePrefixes = ["bearer ", "basic ", "macaroon ", "digest ", "token "]

    /// Whether a header with this name carries secrets.
    package static func isSensitiveHeader(_ name: String) -> Bool {
        CredentialPolicy.isCredential(name)
    }

    /// Whether a query parameter with this name carries secrets.
    package static func isSensitiveQueryName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveQueryFragments.contains { lowered.contains($0) }
    }

    /// The header's value, or ``placeholder`` when it is a secret.
    package static func headerValue(name: String, value: String) -> String {
        if isSensitiveHeader(name) { return placeholder }
        let lowered = value.lowercased()
        if schemePrefixes.contains(where: { lowered.hasPrefix($0) }) { return placeholder }
        return value
    }

    /// All headers with secret values replaced, and any value holding one of `secrets` (the
    /// credentials a call's security attached, under whatever name its scheme gives them).
    package static func headers(_ headers: RonHeaders, secrets: [String] = []) -> RonHeaders {
        RonHeaders(
            headers.map { header in
                if secrets.contains(where: { !$0.isEmpty && header.value.contains($0) }) {
                    return (name: header.name, value: placeholder)
                }
                return (name: header.name, value: headerValue(name: header.name, value: header.value))
            })
    }

    /// ``url(_:)`` with every query value that holds one of `secrets` replaced too.
    package static func url(_ url: URL, secrets: [String]) -> String {
        guard !secrets.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems
        else { return self.url(url) }
        components.queryItems = items.map { item in
            guard let value = item.value, secrets.contains(where: { !$0.isEmpty && value.contains($0) }) else {
                return item
            }
            return URLQueryItem(name: item.name, value: "REDACTED")
        }
        return self.url(components.url ?? url)
    }

    /// The URL as text, without user info and with secret query values replaced.
    package static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "[unparseable URL]"
        }
        components.user = nil
        components.password = nil
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let decodedName = item.name.removingPercentEncoding ?? item.name
                guard isSensitiveQueryName(decodedName), item.value != nil else { return item }
                return URLQueryItem(name: item.name, value: "REDACTED")
            }
        }
        return components.string ?? "[unparseable URL]"
    }

    /// Free text (for example a debug body) with credentials replaced.
    package static func text(_ text: String) -> String {
        var out = text
        let patterns = [
            #"(?i)\b(bearer|basic|macaroon|digest)\s+[A-Za-z0-9\-._~+/=:]+"#,
            #"(?i)("[^"]*(token|secret|password|passwd|passport|api[_-]?key|session|auth|credential|cookie)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*""#,
            // A URL's query inside text: `?api_token=…`, `&signature=…`.
            #"(?i)([?&][^=&\s"'#]*(token|key|secret|password|passwd|passport|auth|session|signature|sig|credential)[^=&\s"'#]*=)[^&\s"'#]+"#,
        ]
        let replacements = ["$1 \(placeholder)", "$1\"\(placeholder)\"", "$1\(placeholder)"]
        for (pattern, replacement) in zip(patterns, replacements) {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(out.startIndex..<out.endIndex, in: out)
            out = regex.stringByReplacingMatches(in: out, range: range, withTemplate: replacement)
        }
        return out
    }

    /// A problem with its free text (message, reason, details) passed through ``text(_:)`` and the
    /// given secrets replaced wherever they appear, for hooks and events.
    package static func problem(_ problem: RonProblem, secrets: [String] = []) -> RonProblem {
        var copy = problem
        copy.message = scrub(text(problem.message), secrets)
        copy.reason = problem.reason.map { scrub(text($0), secrets) }
        copy.details = problem.details.map { details in details.mapValues { scrub($0, secrets) } }
        return copy
    }

    /// `text` with every occurrence of a known secret value replaced.
    package static func scrub(_ text: String, _ secrets: [String]) -> String {
        var out = text
        for secret in secrets where secret.count >= 4 {
            out = out.replacingOccurrences(of: secret, with: placeholder)
        }
        return out
    }

    private static func scrub(_ value: JSONValue, _ secrets: [String]) -> JSONValue {
        switch value {
        case .string(let string): return .string(scrub(text(string), secrets))
        case .array(let items): return .array(items.map { scrub($0, secrets) })
        case .object(let members): return .object(members.mapValues { scrub($0, secrets) })
        default: return value
        }
    }
}
