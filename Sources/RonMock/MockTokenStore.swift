import Foundation

/// The access and refresh tokens the mock's token endpoint issued, behind a lock: one store per
/// server, shared by every reading of its folders (``MockSource``), so a token outlives a reload.
final class MockTokenStore: @unchecked Sendable {
    /// An access token: whom it was issued to and until when.
    private struct Grant {
        var client: String?
        var scope: String?
        var expires: Date
    }

    /// A refresh token: whom it was issued to, for which scope.
    private struct Renewal {
        var client: String?
        var scope: String?
    }

    /// What the store knows of a bearer token.
    enum Verdict: Equatable {
        /// Issued here and not expired.
        case valid
        /// Issued here; its lifetime is over.
        case expired
        /// Not issued here.
        case unknown
    }

    /// The answer of a grant: the new tokens.
    struct Issued {
        var accessToken: String
        var refreshToken: String
        var scope: String?
    }

    private let lock = NSLock()
    private var access: [String: Grant] = [:]
    private var refresh: [String: Renewal] = [:]

    /// A new access token (lasting `lifetime` seconds from `now`) and refresh token for `client`.
    func issue(client: String?, scope: String?, lifetime: Int, now: Date) -> Issued {
        let issued = Issued(accessToken: Self.randomToken(), refreshToken: Self.randomToken(), scope: scope)
        lock.withLock {
            // Tokens expired for a day are forgotten, so the store does not grow without end (a
            // forgotten token is then judged as any token the mock did not issue).
            access = access.filter { $0.value.expires.addingTimeInterval(86_400) > now }
            access[issued.accessToken] = Grant(
                client: client, scope: scope, expires: now.addingTimeInterval(TimeInterval(lifetime)))
            refresh[issued.refreshToken] = Renewal(client: client, scope: scope)
        }
        return issued
    }

    /// New tokens for the refresh token `token` (which is used up: the refresh token rotates), or
    /// `nil` when it was not issued here, was used already, or was issued to another client than
    /// `client` (when the request names one).
    func renew(_ token: String, client: String?, lifetime: Int, now: Date) -> Issued? {
        let renewal = lock.withLock { () -> Renewal? in
            guard let found = refresh[token] else { return nil }
            if let client, let owner = found.client, client != owner { return nil }
            refresh[token] = nil
            return found
        }
        guard let renewal else { return nil }
        return issue(client: renewal.client ?? client, scope: renewal.scope, lifetime: lifetime, now: now)
    }

    /// What the store knows of the bearer token `token` at `now`.
    func check(_ token: String, now: Date) -> Verdict {
        guard let grant = lock.withLock({ access[token] }) else { return .unknown }
        return grant.expires > now ? .valid : .expired
    }

    /// 32 random bytes as 64 hexadecimal digits: opaque, and not guessable.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
