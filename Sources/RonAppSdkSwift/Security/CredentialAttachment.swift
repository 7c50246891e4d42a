import Foundation

/// What a call's security attached: the call with its credentials in place, and what the client
/// must know afterwards (the values to redact, the names that must not follow a redirect to
/// another origin, the OAuth 2.0 tokens a 401 invalidates).
struct CredentialAttachment: Sendable {
    /// The call with the credentials added (a header, query item or cookie the call set itself wins).
    var call: AppRequest
    /// Every secret value attached, for redaction.
    var secrets: [String] = []
    /// The header names that carry a credential of this call (lower-cased).
    var headerNames: Set<String> = []
    /// The OAuth 2.0 sources whose tokens were sent, with the token each sent.
    var tokens: [(source: RonOAuth2TokenSource, accessToken: String)] = []

    /// Attaches the first requirement of `call.security` that `credentials` can meet in full (one
    /// with a credential before the anonymous one), or fails before anything is sent.
    ///
    /// - Throws: a `credentials_missing` problem naming the schemes when no requirement can be
    ///   met, an `auth_failed` problem when a provider or token endpoint fails.
    static func attach(to call: AppRequest, credentials: RonCredentials?) async throws(RonProblem) -> Self {
        guard let requirements = call.security, !requirements.isEmpty else { return Self(call: call) }
        var allowsAnonymous = false
        for requirement in requirements {
            if requirement.schemes.isEmpty {
                allowsAnonymous = true
                continue
            }
            var found: [(RonSecurityScheme, RonCredential)] = []
            for scheme in requirement.schemes {
                if case .mutualTLS = scheme.kind { continue }
                guard let credentials else { break }
                let credential: RonCredential?
                do {
                    credential = try await credentials.credential(for: scheme)
                } catch {
                    throw Self.failure("the credential provider failed for \(scheme.name): \(error)")
                }
                guard let credential, Self.fits(credential, scheme) else { break }
                found.append((scheme, credential))
            }
            let needed = requirement.schemes.filter { if case .mutualTLS = $0.kind { false } else { true } }
            guard found.count == needed.count else { continue }
            var attachment = Self(call: call)
            for (scheme, credential) in found {
                try await attachment.add(credential, for: scheme)
            }
            attachment.call.credentials = CredentialSlot(
                secrets: attachment.secrets, headerNames: attachment.headerNames)
            return attachment
        }
        if allowsAnonymous { return Self(call: call) }
        let alternatives = requirements.map { requirement in
            requirement.schemes.map(\.description).joined(separator: " and ")
        }
        var problem = RonProblem(
            code: "credentials_missing",
            message:
                "this call needs credentials for \(alternatives.joined(separator: ", or ")); RonConfig.credentials gives none that fit: nothing was sent",
            kind: "local", status: 0, retryable: false)
        problem.details = [
            "schemes": .array(
                requirements.map { .array($0.schemes.map { .string($0.name) }) })
        ]
        throw problem
    }

    /// Whether `credential` is of a kind `scheme` takes.
    static func fits(_ credential: RonCredential, _ scheme: RonSecurityScheme) -> Bool {
        switch (scheme.kind, credential) {
        case (.apiKey, .apiKey), (.apiKey, .bearer): return true
        case (.http(let name), .basic): return name == "basic"
        case (.http(let name), .bearer), (.http(let name), .apiKey), (.http(let name), .oauth2):
            return name != "basic"
        case (.http, .authorization): return true
        case (.oauth2, .oauth2), (.oauth2, .bearer), (.openIdConnect, .oauth2), (.openIdConnect, .bearer): return true
        default: return false
        }
    }

    mutating func add(_ credential: RonCredential, for scheme: RonSecurityScheme) async throws(RonProblem) {
        let value: String
        switch credential {
        case .apiKey(let key), .bearer(let key): value = key
        case .basic(let user, let password): value = user + ":" + password
        case .authorization(_, let text): value = text
        case .oauth2(let source):
            do {
                value = try await source.accessToken()
            } catch {
                throw Self.failure("no OAuth 2.0 token for \(scheme.name): \(error)")
            }
            tokens.append((source, value))
        }
        secrets.append(value)
        switch scheme.kind {
        case .apiKey(let name, .header):
            setHeader(name, value)
        case .apiKey(let name, .query):
            if !call.query.contains(where: { $0.name == name }) {
                call.query.append(URLQueryItem(name: name, value: value))
            }
        case .apiKey(let name, .cookie):
            addCookie(name, value)
        case .http(let name):
            let header: String
            switch credential {
            case .basic:
                let encoded = Data(value.utf8).base64EncodedString()
                secrets.append(encoded)
                header = "Basic " + encoded
            case .authorization(let custom, _): header = custom + " " + value
            default: header = (name == "bearer" ? "Bearer" : Self.capitalized(name)) + " " + value
            }
            setHeader("Authorization", header)
        case .oauth2, .openIdConnect:
            setHeader("Authorization", "Bearer " + value)
        case .mutualTLS:
            break
        }
    }

    private mutating func setHeader(_ name: String, _ value: String) {
        headerNames.insert(name.lowercased())
        guard !call.headers.keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return }
        call.headers[name] = value
    }

    private mutating func addCookie(_ name: String, _ value: String) {
        headerNames.insert("cookie")
        let pair = name + "=" + value
        if let key = call.headers.keys.first(where: { $0.lowercased() == "cookie" }), let existing = call.headers[key] {
            let names = existing.split(separator: ";").map {
                $0.split(separator: "=").first?.trimmingCharacters(in: .whitespaces)
            }
            if names.contains(name) { return }
            call.headers[key] = existing + "; " + pair
        } else {
            call.headers["Cookie"] = pair
        }
    }

    static func capitalized(_ scheme: String) -> String {
        scheme.prefix(1).uppercased() + scheme.dropFirst()
    }

    static func failure(_ message: String) -> RonProblem {
        RonProblem(code: "auth_failed", message: Redactor.text(message), kind: "auth", status: 0, retryable: true)
    }
}
