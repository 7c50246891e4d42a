import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The OAuth 2.0 support against a real authorization server nobody here wrote
/// (django-oauth-toolkit, see ``OAuth2Server``): client credentials, refresh, a token refused in
/// the middle of a run, a refused client, and the authorization code flow with PKCE. Each test
/// starts its own server, so the token counts it reads are its own.
@Suite struct OAuth2ServerTests {
    /// What `/api/hello` answers: who the token was issued to, and for what.
    struct Hello: Decodable, Equatable, Sendable {
        var client: String
        var scope: String
    }

    /// What `/test/stats` answers: the requests that reached the resource and the token endpoint.
    struct Stats: Decodable, Equatable, Sendable {
        var hello: Int
        var token: Int
    }

    /// The scheme the protected call declares, as generated code would: client credentials at a
    /// token URL written relative to the server.
    static let scheme = RonSecurityScheme(
        name: "oauth", kind: .oauth2(RonOAuth2Flows(clientCredentials: .init(tokenURL: "/o/token/"))))

    /// `GET /api/hello`, declaring that it needs ``scheme``.
    static var hello: AppRequest {
        var request = AppRequest(method: .get, path: RonPath.server("") + "/api/hello")
        request.security = [RonSecurityRequirement([scheme])]
        return request
    }

    /// A client of `server` whose credentials give `source` for ``scheme``.
    static func client(_ server: OAuth2Server, _ source: RonOAuth2TokenSource) throws -> RonClient {
        var config = RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true)
        config.credentials = RonCredentials(["oauth": .oauth2(source)])
        return try RonClient(config: config)
    }

    /// The server's request counts, asked without credentials.
    static func stats(_ server: OAuth2Server) async throws -> Stats {
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let answer: AppResponse<Stats> = await client.request(
            AppRequest(method: .get, path: RonPath.server("") + "/test/stats"))
        return try #require(answer.data, "stats: \(String(describing: answer.problem))")
    }

    @Test func clientCredentialsTokenIsFetchedOnceForTwentyConcurrentCalls() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        let source = RonOAuth2TokenSource(
            clientCredentials: server.tokenURL, clientId: server.clientId, clientSecret: server.clientSecret)
        let client = try Self.client(server, source)
        let answers = await withTaskGroup(of: Hello?.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    let answer: AppResponse<Hello> = await client.request(Self.hello)
                    return answer.status == 200 ? answer.data : nil
                }
            }
            var all: [Hello?] = []
            for await answer in group { all.append(answer) }
            return all
        }
        #expect(answers.count == 20)
        #expect(answers.allSatisfy { $0 == Hello(client: server.clientId, scope: "read write") })
        #expect(await source.fetchCount == 1)
        #expect(try await Self.stats(server) == Stats(hello: 20, token: 1))
        // The token is kept: a later call fetches none.
        let later: AppResponse<Hello> = await client.request(Self.hello)
        #expect(later.status == 200)
        #expect(await source.fetchCount == 1)
    }

    @Test func theSchemesRelativeTokenURLIsResolvedAgainstTheServer() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        #expect(throws: RonOAuth2Error.self) {
            try Self.scheme.clientCredentials(clientId: server.clientId, clientSecret: server.clientSecret)
        }
        let source = try Self.scheme.clientCredentials(
            clientId: server.clientId, clientSecret: server.clientSecret, scopes: ["read"],
            relativeTo: server.baseURL)
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.problem == nil)
        #expect(answer.status == 200)
        // The scope asked for is the one granted: the request reached the token endpoint as sent.
        #expect(answer.data == Hello(client: server.clientId, scope: "read"))
        #expect(await source.fetchCount == 1)
        #expect(try await Self.stats(server) == Stats(hello: 1, token: 1))
    }

    @Test func theClientSecretGoesInTheBodyWhenAsked() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        // The seeded secret holds ` +/:%&=é`: both ways of sending it must form-encode it.
        #expect(server.clientSecret.contains(" +/:%&=é"))
        let source = RonOAuth2TokenSource(
            clientCredentials: server.tokenURL, clientId: server.clientId, clientSecret: server.clientSecret,
            authentication: .body)
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.problem == nil)
        #expect(answer.data == Hello(client: server.clientId, scope: "read write"))
        #expect(await source.fetchCount == 1)
    }

    @Test func anExpiredTokenIsRefreshedBeforeTheCall() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        let source = RonOAuth2TokenSource(
            token: .init(
                accessToken: server.expiredAccessToken, expiresAt: Date(timeIntervalSinceNow: -60),
                refreshToken: server.refreshToken),
            refreshingAt: server.tokenURL, clientId: server.codeClientId, clientSecret: server.codeClientSecret)
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.problem == nil)
        #expect(answer.data == Hello(client: server.codeClientId, scope: "read write"))
        #expect(await source.fetchCount == 1)
        // The expired token was never sent: one call reached the resource, with the new token.
        #expect(try await Self.stats(server) == Stats(hello: 1, token: 1))
        let held = try #require(await source.currentToken)
        #expect(held.accessToken != server.expiredAccessToken)
        // django-oauth-toolkit rotates refresh tokens; the source keeps the new one.
        #expect(held.refreshToken != nil)
        #expect(held.refreshToken != server.refreshToken)
    }

    @Test func aTokenTheServerHoldsExpiredIsRefreshedAfterItsRefusal() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        // The app does not know when the token expires; the server says so with a 401.
        let source = RonOAuth2TokenSource(
            token: .init(accessToken: server.expiredAccessToken, refreshToken: server.refreshToken),
            refreshingAt: server.tokenURL, clientId: server.codeClientId, clientSecret: server.codeClientSecret)
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.problem == nil)
        #expect(answer.data == Hello(client: server.codeClientId, scope: "read write"))
        #expect(await source.fetchCount == 1)
        #expect(try await Self.stats(server) == Stats(hello: 2, token: 1))
    }

    @Test func aTokenRevokedMidRunIsReplacedAndTheCallSentAgain() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        let source = RonOAuth2TokenSource(
            clientCredentials: server.tokenURL, clientId: server.clientId, clientSecret: server.clientSecret)
        let client = try Self.client(server, source)
        let first: AppResponse<Hello> = await client.request(Self.hello)
        #expect(first.status == 200)
        #expect(await source.fetchCount == 1)
        let firstToken = await source.currentToken?.accessToken

        let revoked: AppResponse<Data> = await client.request(
            AppRequest(method: .post, path: RonPath.server("") + "/api/revoke-all"))
        #expect(revoked.status == 200)

        let second: AppResponse<Hello> = await client.request(Self.hello)
        #expect(second.problem == nil)
        #expect(second.status == 200)
        #expect(second.data == Hello(client: server.clientId, scope: "read write"))
        #expect(await source.fetchCount == 2)
        #expect(await source.currentToken?.accessToken != firstToken)
        // The refused call and the one sent again both reached the resource; one token fetch each.
        #expect(try await Self.stats(server) == Stats(hello: 3, token: 2))

        let third: AppResponse<Hello> = await client.request(Self.hello)
        #expect(third.status == 200)
        #expect(await source.fetchCount == 2)
    }

    @Test func aRefusedClientSecretEndsTheCallBeforeItIsSent() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        let wrongSecret = server.clientSecret + "-not-it"
        let source = RonOAuth2TokenSource(
            clientCredentials: server.tokenURL, clientId: server.clientId, clientSecret: wrongSecret)
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.status == 0)
        #expect(answer.data == nil)
        let problem = try #require(answer.problem)
        #expect(problem.code == "auth_failed")
        #expect(problem.status == 0)
        #expect(problem.message.contains("invalid_client"))
        #expect(!problem.message.contains(wrongSecret))
        #expect(await source.fetchCount == 0)
        #expect(try await Self.stats(server) == Stats(hello: 0, token: 1))
    }

    @Test func theAuthorizationCodeFlowWithPKCEGivesTokensTheServerAccepts() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        // The endpoints come from the server's own metadata (RFC 8414).
        let metadata = try await RonOpenIDConfiguration.discover(
            server.baseURL.appendingPathComponent("o/.well-known/oauth-authorization-server"))
        #expect(metadata.codeChallengeMethodsSupported.contains("S256"))
        #expect(metadata.tokenEndpoint == server.tokenURL)
        let flow = RonOAuth2AuthorizationCode(
            authorizationURL: try #require(metadata.authorizationEndpoint),
            tokenURL: try #require(metadata.tokenEndpoint), clientId: server.codeClientId,
            clientSecret: server.codeClientSecret, redirectURI: server.redirectURI, scopes: ["read"])

        let url = flow.authorizationRequestURL
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        #expect(value("response_type") == "code")
        #expect(value("client_id") == server.codeClientId)
        #expect(value("redirect_uri") == server.redirectURI)
        #expect(value("scope") == "read")
        #expect(value("state") == flow.state)
        #expect(value("code_challenge_method") == "S256")
        #expect(flow.codeVerifier.count == 43)
        #expect(try await value("code_challenge") == PKCE.challenge(flow.codeVerifier))

        let callback = try await Browser.follow(url, until: server.redirectURI)
        // A redirect whose state is not the one sent is refused before the code is spent.
        var forged = try #require(URLComponents(url: callback, resolvingAgainstBaseURL: false))
        forged.queryItems = forged.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "x") : $0 }
        await #expect(throws: RonOAuth2Error.self) { try await flow.exchange(callback: try #require(forged.url)) }

        let source = try await flow.exchange(callback: callback)
        let held = try #require(await source.currentToken)
        #expect(held.refreshToken != nil)
        #expect(held.scope == "read")
        let client = try Self.client(server, source)
        let answer: AppResponse<Hello> = await client.request(Self.hello)
        #expect(answer.problem == nil)
        #expect(answer.data == Hello(client: server.codeClientId, scope: "read"))
    }

    @Test func theServerRefusesACodeExchangedWithAnotherVerifier() async throws {
        let server = try await OAuth2Server.start()
        defer { server.stop() }
        func flow() -> RonOAuth2AuthorizationCode {
            RonOAuth2AuthorizationCode(
                authorizationURL: server.authorizationURL, tokenURL: server.tokenURL, clientId: server.codeClientId,
                clientSecret: server.codeClientSecret, redirectURI: server.redirectURI)
        }
        let asked = flow()
        let other = flow()
        #expect(asked.codeVerifier != other.codeVerifier)
        let callback = try await Browser.follow(asked.authorizationRequestURL, until: server.redirectURI)
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let code = try #require(items.first { $0.name == "code" }?.value)
        // The server checks the verifier against the S256 challenge it was given.
        do {
            _ = try await other.exchange(code: code)
            Issue.record("a code exchanged with another verifier was accepted")
        } catch let error as RonOAuth2Error {
            guard case .refused(let status, let reason, _) = error else {
                Issue.record("expected a refusal, got \(error)")
                return
            }
            #expect(status == 400)
            #expect(reason == "invalid_grant")
        }
    }

    @Test func theIndependentChallengeMatchesRFC7636AppendixB() async throws {
        #expect(
            try await PKCE.challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }
}

/// The PKCE `S256` challenge computed apart from the SDK: by Python's `hashlib` and `base64`.
private enum PKCE {
    static func challenge(_ verifier: String) async throws -> String {
        let script = """
            import base64, hashlib, sys
            digest = hashlib.sha256(sys.argv[1].encode("ascii")).digest()
            print(base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii"))
            """
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, verifier])
        guard result.status == 0 else { throw Browser.Failure(description: "python3: \(result.error)") }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// What a browser does in the authorization code flow, without one: each redirect is followed by
/// hand (URLSession follows none), with the session cookie the server sets, until one leaves the
/// server for the redirect URI.
private enum Browser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The URL the authorization server finally redirects to (`redirectURI?code=…&state=…`).
    static func follow(_ start: URL, until redirectURI: String) async throws -> URL {
        var url = start
        var cookies: [String: String] = [:]
        for _ in 0..<5 {
            let cookie = cookies.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "; ")
            let response = try await NoRedirects.get(url, cookie: cookie)
            for (name, value) in response.allHeaderFields {
                guard let name = name as? String, name.lowercased() == "set-cookie", let value = value as? String
                else { continue }
                let pair = value.split(separator: ";").first?.split(separator: "=", maxSplits: 1) ?? []
                if pair.count == 2 {
                    cookies[pair[0].trimmingCharacters(in: .whitespaces)] = String(pair[1])
                }
            }
            let location = response.value(forHTTPHeaderField: "Location")
            guard (300..<400).contains(response.statusCode), let location,
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            else {
                throw Failure(description: "\(url) answered \(response.statusCode), not a redirect")
            }
            if next.absoluteString.hasPrefix(redirectURI + "?") { return next }
            url = next
        }
        throw Failure(description: "more than 5 redirects from \(start)")
    }
}

/// One `GET` whose redirect is handed back instead of followed.
private final class NoRedirects: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPURLResponse, any Error>?

    static func get(_ url: URL, cookie: String) async throws -> HTTPURLResponse {
        let delegate = NoRedirects()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: 15)
        if !cookie.isEmpty { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.lock.withLock { delegate.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let continuation = takeContinuation() else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response = task.response as? HTTPURLResponse {
            continuation.resume(returning: response)
        } else {
            let url = task.originalRequest?.url?.absoluteString ?? "?"
            continuation.resume(throwing: Browser.Failure(description: "no HTTP response from \(url)"))
        }
    }

    private func takeContinuation() -> CheckedContinuation<HTTPURLResponse, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = continuation
        continuation = nil
        return taken
    }
}
