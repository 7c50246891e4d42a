import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The SDK's one rule book for credentials: which headers carry them, and what a redirect may do
/// with them. Every transport's redirect handling and the redactor use it, so a header treated
/// as secret in a log line is also never forwarded to another origin.
enum CredentialPolicy {
    /// Header names that always carry credentials (lowercased).
    static let credentialNames: Set<String> = [
        "authorization", "proxy-authorization", "x-ron-token", "x-ron-passport", "cookie", "set-cookie",
    ]
    /// The `X-RON-*` headers that carry no credential: the request and correlation ids.
    static let ronIdentifiers: Set<String> = ["x-ron-request-id", "x-ron-correlation-id"]
    /// Fragments that make any header name a credential (`x-api-key`, `x-session-id`, `x-auth-user`, ...).
    static let credentialFragments = [
        "token", "secret", "password", "passport", "api-key", "apikey", "session", "auth",
    ]

    /// Whether header `name` carries a credential: a known name, any `X-RON-*` header other than the
    /// request and correlation ids, or a name containing a secret-looking fragment.
    static func isCredential(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if credentialNames.contains(lowered) { return true }
        if lowered.hasPrefix("x-ron-") { return !ronIdentifiers.contains(lowered) }
        return credentialFragments.contains { lowered.contains($0) }
    }

    /// The origin of `url` (RFC 6454): scheme, host and port, with the scheme's default port filled in.
    static func origin(of url: URL?) -> String? {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }

    /// What a redirect from `original` to `next` may do.
    enum RedirectDecision {
        /// Follow with this request (credentials removed when the origin changed).
        case follow(URLRequest)
        /// Do not follow; the call fails with this cause.
        case refuse(TransportFailure)
    }

    /// Decides redirect number `count` (1 for the first): https → http is refused (from the first
    /// URL or the one before); more than `maxRedirects` end the call (`too_many_redirects`); a
    /// redirect to another origin (scheme, host or port) loses every credential header (and the
    /// `credentialHeaders` a call's security scheme named) and may not carry the body on.
    static func redirect(
        from original: URL?, current: URL? = nil, to next: URLRequest, count: Int = 1,
        maxRedirects: Int = RonConfig.Defaults.maxRedirects, credentialHeaders: Set<String> = []
    ) -> RedirectDecision {
        let wasSecure = [original, current].contains { $0?.scheme?.lowercased() == "https" }
        if wasSecure && next.url?.scheme?.lowercased() != "https" {
            return .refuse(TransportFailure(.insecureRedirect))
        }
        if count > maxRedirects {
            return .refuse(TransportFailure(.tooManyRedirects, detail: "more than \(maxRedirects) redirects"))
        }
        guard origin(of: original) != origin(of: next.url) else { return .follow(next) }
        var stripped = next
        for name in (next.allHTTPHeaderFields ?? [:]).keys
        where isCredential(name) || credentialHeaders.contains(name.lowercased()) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        if stripped.httpBody != nil || stripped.httpBodyStream != nil {
            return .refuse(
                TransportFailure(.crossOriginBodyRedirect, detail: "307/308 to another origin"))
        }
        return .follow(stripped)
    }
}
