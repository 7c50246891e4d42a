import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Calls generated from `Schema/auth.openapi.json` (httpbin's authentication routes, with the
/// security schemes they check) against a real httpbin: the credential of each scheme in the
/// place its scheme names and no other; httpbin's own checks of basic and bearer credentials.
@Suite struct HTTPBinCredentialTests {
    static func client(_ server: HTTPBinServer, _ credentials: AuthCredentials) throws -> RonClient {
        try makeClient(base: server.baseURL) { $0.credentials = credentials.credentials }
    }

    static func echo(_ answer: AppResponse<KeyEcho>) throws -> KeyEcho {
        try #require(answer.data, "\(answer.problem.map(String.init(describing:)) ?? "no answer")")
    }

    @Test func httpbinAcceptsTheBasicCredentialAndRefusesAWrongOne() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server, AuthCredentials(basic: RonBasicCredential(user: "ada", password: "pä:ss")))
        defer { client.close() }
        let answer = await client.basicAuth(user: "ada", passwd: "pä:ss")
        #expect(answer.data == AuthResult(authenticated: true, user: "ada"))
        let hidden = await client.hiddenBasicAuth(user: "ada", passwd: "pä:ss")
        #expect(hidden.data?.authenticated == true)
        // The path names another password: httpbin refuses what the client sent.
        let refused = await client.basicAuth(user: "ada", passwd: "other")
        #expect(refused.status == 401, "\(String(describing: refused.problem))")
        let hiddenRefused = await client.hiddenBasicAuth(user: "ada", passwd: "other")
        #expect(hiddenRefused.status == 404)
    }

    @Test func aCallWithoutItsCredentialNeverReachesHttpbin() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server, AuthCredentials(token: "t-1"))
        defer { client.close() }
        let events = client.events()
        let answer = await client.hiddenBasicAuth(user: "ada", passwd: "x")
        #expect(answer.problem?.code == "credentials_missing")
        #expect(answer.problem?.message.contains("basic (HTTP basic") == true)
        // The one event is the call's end: it was never started (nothing was sent).
        for await event in events {
            if case .started = event { Issue.record("the call was sent") }
            if case .finished = event { break }
        }
    }

    @Test func theBearerTokenArrivesAndHttpbinSaysSo() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(server, AuthCredentials(token: "tok-42"))
        defer { client.close() }
        let answer = await client.bearerAuth()
        #expect(answer.data == BearerResult(authenticated: true, token: "tok-42"))
        let withoutToken = try makeClient(base: server.baseURL)
        defer { withoutToken.close() }
        let refused =
            await withoutToken.request(
                AppRequest(serverPath: "", path: "/bearer")) as AppResponse<BearerResult>
        #expect(refused.status == 401)
    }

    @Test func anAPIKeyGoesInTheHeaderTheQueryOrTheCookieItsSchemeNamesAndNowhereElse() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Self.client(
            server, AuthCredentials(headerKey: "h-key-1", queryKey: "q key&2", cookieKey: "c-key-3"))
        defer { client.close() }
        let header = try Self.echo(await client.keyInHeader())
        #expect(header.headers?["X-Api-Key"] == "h-key-1")
        #expect(header.args?.isEmpty ?? true)
        #expect(header.headers?["Cookie"] == nil)
        let query = try Self.echo(await client.keyInQuery(q: "find"))
        #expect(query.args == ["q": "find", "api_key": "q key&2"])
        #expect(query.headers?["X-Api-Key"] == nil)
        #expect(query.headers?["Cookie"] == nil)
        let cookie = try Self.echo(await client.keyInCookie())
        #expect(cookie.headers?["Cookie"] == "session_key=c-key-3")
        #expect(cookie.headers?["X-Api-Key"] == nil)
        #expect(cookie.args?.isEmpty ?? true)
    }

    @Test func alternativesTogethernessAndNoneAsTheDescriptionSays() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let tokenOnly = try Self.client(server, AuthCredentials(token: "t-9", queryKey: "q-9"))
        defer { tokenOnly.close() }
        // headerKey or token: the token, alone.
        let either = try Self.echo(await tokenOnly.keyOrToken())
        #expect(either.headers?["Authorization"] == "Bearer t-9")
        #expect(either.headers?["X-Api-Key"] == nil)
        // headerKey and queryKey together: one missing, nothing is sent.
        let both = await tokenOnly.keyAndQueryKey()
        #expect(both.problem?.code == "credentials_missing")
        // security: [] sends nothing, whatever the client holds.
        let open = try Self.echo(await tokenOnly.openRoute())
        #expect(open.headers?["Authorization"] == nil)
        #expect(open.args?["api_key"] == nil)
        // An optional key: sent without it.
        let optional = try Self.echo(await tokenOnly.optionalKey())
        #expect(optional.headers?["Cookie"] == nil)

        let all = try Self.client(server, AuthCredentials(token: "t-9", headerKey: "h-9", queryKey: "q-9", dsn: "d-9"))
        defer { all.close() }
        let first = try Self.echo(await all.keyOrToken())
        #expect(first.headers?["X-Api-Key"] == "h-9")
        #expect(first.headers?["Authorization"] == nil)
        let together = try Self.echo(await all.keyAndQueryKey())
        #expect(together.headers?["X-Api-Key"] == "h-9")
        #expect(together.args?["api_key"] == "q-9")
        let custom = try Self.echo(await all.customScheme())
        #expect(custom.headers?["Authorization"] == "Dsn d-9")
    }

    @Test func theGeneratedSchemesSayWhatTheDescriptionSays() {
        #expect(AuthSecurity.headerKey.kind == .apiKey(name: "X-Api-Key", location: .header))
        #expect(AuthSecurity.cookieKey.kind == .apiKey(name: "session_key", location: .cookie))
        #expect(AuthSecurity.basic.kind == .http(scheme: "basic"))
        guard case .oauth2(let flows) = AuthSecurity.oauth.kind else {
            Issue.record("oauth is not an OAuth 2.0 scheme")
            return
        }
        #expect(flows.clientCredentials?.tokenURL == "/oauth/token")
        #expect(flows.authorizationCode?.authorizationURL == "/oauth/authorize")
        #expect(AuthSecurity.defaultScheme.kind == .openIdConnect(url: "/.well-known/openid-configuration"))
        #expect(AuthSecurity.tls.kind == .mutualTLS)
    }
}
