import Foundation
import RonMock
import RonTestSupport
import Testing

/// The mock checks each operation's security requirement (its own, else its document's) against
/// the credentials a request carries, and issues OAuth 2.0 tokens it then accepts.
@Suite struct MockSecurityTests {
    static let secret = "s3cret-value"

    // MARK: Requirements

    @Test func noCredentialIs401WithAChallengeNamingTheScheme() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI])
        let cases = [
            ("/v1/secrets", #"ApiKey realm="Vault", name="X-Api-Key", in="header""#),
            ("/v1/query", #"ApiKey realm="Vault", name="api_key", in="query""#),
            ("/v1/cookie", #"ApiKey realm="Vault", name="session", in="cookie""#),
            ("/v1/basic", #"Basic realm="Vault""#),
            ("/v1/bearer", #"Bearer realm="Vault""#),
            ("/v1/vendor", #"Hoba realm="Vault""#),
            ("/v1/oauth", #"Bearer realm="Vault", scope="vault:read""#),
        ]
        for (path, challenge) in cases {
            let answer = try mock.request("GET", path)
            #expect(answer.status == 401, "\(path)")
            #expect(answer.headers["www-authenticate"] == challenge, "\(path)")
            // listSecrets documents a 401 of application/problem+json; the others no content.
            let media = path == "/v1/secrets" ? "application/problem+json" : "application/json"
            #expect(answer.headers["content-type"] == media, "\(path)")
            #expect(answer.json?["code"] as? String == "unauthenticated", "\(path)")
            #expect(answer.json?["kind"] as? String == "auth", "\(path)")
        }
        // An API key is named with where it goes.
        let message = try mock.request("GET", "/v1/secrets").json?["message"] as? String
        #expect(message == "listSecrets needs credentials: headerKey (header 'X-Api-Key')")
    }

    @Test func anyNonEmptyCredentialInThePlaceTheSchemeNamesPassesWhenNoneIsConfigured() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI])
        let cases: [(String, [String: String])] = [
            ("/v1/secrets", ["X-Api-Key": "anything"]),
            ("/v1/query?api_key=anything", [:]),
            ("/v1/cookie", ["Cookie": "theme=dark; session=anything"]),
            ("/v1/basic", ["Authorization": Vault.basic("ann:any")]),
            ("/v1/bearer", ["Authorization": "Bearer anything"]),
            ("/v1/vendor", ["Authorization": "HOBA result=anything"]),
            ("/v1/oauth", ["Authorization": "Bearer anything"]),
        ]
        for (target, headers) in cases {
            #expect(try mock.request("GET", target, headers: headers).status == 200, "\(target)")
        }
        // Empty is not a credential.
        #expect(try mock.request("GET", "/v1/secrets", headers: ["X-Api-Key": ""]).status == 401)
        #expect(try mock.request("GET", "/v1/query?api_key=").status == 401)
    }

    @Test func theConfiguredCredentialInItsPlacePasses() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        let cases: [(String, [String: String])] = [
            ("/v1/secrets", ["X-Api-Key": Self.secret]),
            ("/v1/query?api_key=\(Self.secret)", [:]),
            ("/v1/cookie", ["Cookie": "session=\(Self.secret)"]),
            ("/v1/basic", ["Authorization": Vault.basic("ann:\(Self.secret)")]),
            ("/v1/bearer", ["Authorization": "Bearer \(Self.secret)"]),
            ("/v1/vendor", ["Authorization": "hoba \(Self.secret)"]),
        ]
        for (target, headers) in cases {
            #expect(try mock.request("GET", target, headers: headers).status == 200, "\(target)")
        }
    }

    @Test func theValueOfStarStandsForEverySchemeNotNamed() throws {
        let mock = try MockOverDocuments(
            ["vault.openapi.json": Vault.openAPI],
            credentials: MockCredentials(values: ["*": "ci:one-value", "bearer": "own"]))
        #expect(try mock.request("GET", "/v1/secrets", headers: ["X-Api-Key": "ci:one-value"]).status == 200)
        #expect(
            try mock.request("GET", "/v1/basic", headers: ["Authorization": Vault.basic("ci:one-value")]).status == 200)
        // A wrong value (403: /v1/secrets documents it).
        #expect(try mock.request("GET", "/v1/secrets", headers: ["X-Api-Key": "other"]).status == 403)
        // A scheme named on its own takes its own value, not the star's.
        #expect(try mock.request("GET", "/v1/bearer", headers: ["Authorization": "Bearer own"]).status == 200)
        #expect(try mock.request("GET", "/v1/bearer", headers: ["Authorization": "Bearer ci:one-value"]).status == 401)
        #expect(mock.api.unknownCredentialNames.isEmpty)
    }

    @Test func theRightValueInTheWrongPlaceIs401() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        let cases: [(String, [String: String])] = [
            // The header key sent as a query parameter, and as a cookie.
            ("/v1/secrets?X-Api-Key=\(Self.secret)", [:]),
            ("/v1/secrets", ["Cookie": "X-Api-Key=\(Self.secret)"]),
            // The query key sent as a header.
            ("/v1/query", ["api_key": Self.secret]),
            // The cookie key sent as a header of its name.
            ("/v1/cookie", ["session": Self.secret]),
            // Basic credentials sent as a bearer token, and a bearer token as basic.
            ("/v1/basic", ["Authorization": "Bearer " + Vault.basic("ann:\(Self.secret)").dropFirst(6)]),
            ("/v1/bearer", ["Authorization": "Basic \(Self.secret)"]),
            // A vendor's scheme wants its own name.
            ("/v1/vendor", ["Authorization": "Bearer \(Self.secret)"]),
        ]
        for (target, headers) in cases {
            let answer = try mock.request("GET", target, headers: headers)
            #expect(answer.status == 401, "\(target) \(headers)")
            #expect(answer.headers["www-authenticate"] != nil, "\(target)")
            #expect(!answer.text.contains(Self.secret), "\(target)")
        }
    }

    @Test func aWrongConfiguredValueIs403WhereTheOperationDocumentsIt() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        let wrong = try mock.request("GET", "/v1/secrets", headers: ["X-Api-Key": "not-the-secret"])
        #expect(wrong.status == 403)
        #expect(wrong.json?["code"] as? String == "forbidden")
        // The media type the operation documents for 403, and the envelope's fields.
        #expect(wrong.headers["content-type"] == "application/problem+json")
        #expect(wrong.json?["retryable"] as? Bool == false)
        let details = wrong.json?["details"] as? [String: Any]
        let problems = details?["problems"] as? [[String: String]]
        #expect(problems == [["location": "headerKey (header 'X-Api-Key')", "message": "not the configured value"]])
        // Neither the value sent nor the configured one is echoed.
        #expect(!wrong.text.contains("not-the-secret"))
        #expect(!wrong.text.contains(Self.secret))
        // byBasic documents no 403: 401, challenged again.
        let basic = try mock.request("GET", "/v1/basic", headers: ["Authorization": Vault.basic("ann:nope")])
        #expect(basic.status == 401)
        #expect(basic.headers["www-authenticate"] == #"Basic realm="Vault""#)
        // Not base64 of user:password.
        let garbled = try mock.request("GET", "/v1/basic", headers: ["Authorization": "Basic !!!"])
        #expect(garbled.status == 401)
    }

    @Test func anOperationWithAnEmptySecurityListPassesWithoutAnything() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        #expect(try mock.request("GET", "/v1/health").status == 200)
        // The document's default applies where the operation says nothing.
        #expect(try mock.request("GET", "/v1/secrets").status == 401)
    }

    @Test func eitherAlternativePassesAndTheChallengeNamesBoth() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        let basic = ["Authorization": Vault.basic("ann:\(Self.secret)")]
        #expect(try mock.request("GET", "/v1/either", headers: basic).status == 200)
        #expect(
            try mock.request("GET", "/v1/either", headers: ["Authorization": "Bearer \(Self.secret)"]).status == 200)
        let none = try mock.request("GET", "/v1/either")
        #expect(none.status == 401)
        #expect(none.headers["www-authenticate"] == #"Basic realm="Vault", Bearer realm="Vault""#)
        #expect(
            none.json?["message"] as? String == "either needs credentials: basic (Authorization: Basic), or "
                + "bearer (Authorization: Bearer)")
    }

    @Test func schemesNeededTogetherMustAllBeThere() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI], credentials: Vault.configured)
        let header = try mock.request("GET", "/v1/both", headers: ["X-Api-Key": Self.secret])
        #expect(header.status == 401)
        #expect(
            header.headers["www-authenticate"]
                == #"ApiKey realm="Vault", name="X-Api-Key", in="header", "#
                + #"ApiKey realm="Vault", name="session", in="cookie""#)
        let cookie = try mock.request("GET", "/v1/both", headers: ["Cookie": "session=\(Self.secret)"])
        #expect(cookie.status == 401)
        let both = try mock.request(
            "GET", "/v1/both", headers: ["X-Api-Key": Self.secret, "Cookie": "session=\(Self.secret)"])
        #expect(both.status == 200)
    }

    @Test func credentialsAreCheckedBeforeTheRequestIsValidated() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI])
        // limit is required: without credentials, 401 comes first; with them, the 400.
        #expect(try mock.request("GET", "/v1/secrets?limit=ten").status == 401)
        #expect(try mock.request("GET", "/v1/secrets?limit=ten", headers: ["X-Api-Key": "k"]).status == 400)
    }

    // MARK: The token endpoint

    @Test func theTokenEndpointIssuesATokenTheMockThenAccepts() throws {
        let clock = TestClock()
        let mock = try MockOverDocuments(
            ["vault.openapi.json": Vault.openAPI],
            credentials: MockCredentials(oauthClients: ["app": "pw"], tokenLifetime: 60, now: { clock.now }))
        let issued = try mock.token(
            "grant_type=client_credentials&scope=vault%3Aread", headers: ["Authorization": Vault.basic("app:pw")])
        #expect(issued.status == 200)
        #expect(issued.headers["cache-control"] == "no-store")
        #expect(issued.json?["token_type"] as? String == "Bearer")
        #expect(issued.json?["expires_in"] as? Int == 60)
        #expect(issued.json?["scope"] as? String == "vault:read")
        let token = try #require(issued.json?["access_token"] as? String)
        #expect(token.count >= 32)
        #expect(try mock.request("GET", "/v1/oauth", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        // With clients configured, a token the endpoint did not issue is refused.
        let madeUp = try mock.request("GET", "/v1/oauth", headers: ["Authorization": "Bearer made-up"])
        #expect(madeUp.status == 401)
        #expect(madeUp.headers["www-authenticate"]?.contains(#"error="invalid_token""#) == true)
        // The paths of the description's tokenUrl (an absolute URL's path) and refreshUrl answer too,
        // client_id and client_secret in the body as well as Basic.
        for path in ["/oauth/token", "/oauth/refresh"] {
            let other = try mock.token("grant_type=client_credentials&client_id=app&client_secret=pw", path: path)
            #expect(other.status == 200, "\(path)")
        }
        // The token endpoint's path answers POST only.
        let get = try mock.request("GET", "/_mock/oauth/token")
        #expect(get.status == 405)
        #expect(get.headers["allow"] == "POST")
    }

    @Test func theRefreshGrantGivesANewTokenAndRotatesTheRefreshToken() throws {
        let mock = try MockOverDocuments(
            ["vault.openapi.json": Vault.openAPI], credentials: MockCredentials(oauthClients: ["app": "pw"]))
        let client = "client_id=app&client_secret=pw"
        let first = try mock.token("grant_type=client_credentials&" + client)
        let refresh = try #require(first.json?["refresh_token"] as? String)
        let access = try #require(first.json?["access_token"] as? String)
        let renewed = try mock.token("grant_type=refresh_token&refresh_token=\(refresh)&" + client)
        #expect(renewed.status == 200)
        let newAccess = try #require(renewed.json?["access_token"] as? String)
        #expect(newAccess != access)
        #expect(renewed.json?["refresh_token"] as? String != refresh)
        #expect(try mock.request("GET", "/v1/oauth", headers: ["Authorization": "Bearer \(newAccess)"]).status == 200)
        // The used refresh token, and one never issued, are invalid grants.
        for token in [refresh, "never-issued"] {
            let again = try mock.token("grant_type=refresh_token&refresh_token=\(token)&" + client)
            #expect(again.status == 400)
            #expect(again.json?["error"] as? String == "invalid_grant")
        }
    }

    @Test func tokenEndpointErrorsFollowRFC6749() throws {
        let mock = try MockOverDocuments(
            ["vault.openapi.json": Vault.openAPI], credentials: MockCredentials(oauthClients: ["app": "pw"]))
        let badSecret = try mock.token(
            "grant_type=client_credentials", headers: ["Authorization": Vault.basic("app:wrong")])
        #expect(badSecret.status == 401)
        #expect(badSecret.json?["error"] as? String == "invalid_client")
        #expect(badSecret.headers["www-authenticate"]?.hasPrefix("Basic realm=") == true)
        #expect(!badSecret.text.contains("wrong"))
        let unknown = try mock.token("grant_type=client_credentials&client_id=other&client_secret=pw")
        #expect(unknown.json?["error"] as? String == "invalid_client")
        let anonymous = try mock.token("grant_type=client_credentials")
        #expect(anonymous.status == 401)
        let password = try mock.token("grant_type=password&username=u&password=p&client_id=app&client_secret=pw")
        #expect(password.status == 400)
        #expect(password.json?["error"] as? String == "unsupported_grant_type")
        let noGrant = try mock.token("client_id=app&client_secret=pw")
        #expect(noGrant.json?["error"] as? String == "invalid_request")
        let json = try mock.request(
            "POST", "/_mock/oauth/token", headers: ["Content-Type": "application/json"],
            body: #"{"grant_type": "client_credentials"}"#)
        #expect(json.status == 400)
        #expect(json.json?["error"] as? String == "invalid_request")
        // A form whose value is not percent-encoded UTF-8 is refused as such, not read in part.
        let garbled = try mock.token("grant_type=client_credentials&client_id=app&client_secret=p%ZZw")
        #expect(garbled.status == 400)
        #expect(garbled.json?["error"] as? String == "invalid_request")
        #expect((garbled.json?["error_description"] as? String)?.contains("percent-encoded") == true)
    }

    @Test func withNoClientConfiguredAnyClientGetsAToken() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI])
        let issued = try mock.token("grant_type=client_credentials&client_id=whoever&client_secret=whatever")
        #expect(issued.status == 200)
        #expect(issued.json?["expires_in"] as? Int == 3600)
    }

    @Test func anExpiredTokenIsRefused() throws {
        let clock = TestClock()
        let mock = try MockOverDocuments(
            ["vault.openapi.json": Vault.openAPI],
            credentials: MockCredentials(tokenLifetime: 30, now: { clock.now }))
        let issued = try mock.token("grant_type=client_credentials")
        let token = try #require(issued.json?["access_token"] as? String)
        let header = ["Authorization": "Bearer \(token)"]
        clock.advance(29)
        #expect(try mock.request("GET", "/v1/oauth", headers: header).status == 200)
        clock.advance(2)
        let expired = try mock.request("GET", "/v1/oauth", headers: header)
        #expect(expired.status == 401)
        #expect(
            expired.headers["www-authenticate"]
                == #"Bearer realm="Vault", scope="vault:read", error="invalid_token", "#
                + #"error_description="the access token expired""#)
        // A refresh gives a token that works again.
        let refresh = try #require(issued.json?["refresh_token"] as? String)
        let renewed = try mock.token("grant_type=refresh_token&refresh_token=\(refresh)")
        let fresh = try #require(renewed.json?["access_token"] as? String)
        #expect(try mock.request("GET", "/v1/oauth", headers: ["Authorization": "Bearer \(fresh)"]).status == 200)
    }

    // MARK: Swagger 2.0

    @Test func swaggerSecurityDefinitionsAreChecked() throws {
        let mock = try MockOverDocuments(
            ["legacy.swagger.json": Vault.swagger],
            credentials: MockCredentials(values: ["key": Self.secret, "basicAuth": "ann:pw"]))
        let none = try mock.request("GET", "/legacy/things")
        #expect(none.status == 401)
        #expect(none.headers["www-authenticate"] == #"ApiKey realm="Legacy", name="X-Legacy-Key", in="header""#)
        #expect(try mock.request("GET", "/legacy/things", headers: ["X-Legacy-Key": Self.secret]).status == 200)
        let basic = try mock.request("GET", "/legacy/basic")
        #expect(basic.headers["www-authenticate"] == #"Basic realm="Legacy""#)
        #expect(
            try mock.request("GET", "/legacy/basic", headers: ["Authorization": Vault.basic("ann:pw")]).status == 200)
        // The application flow's tokenUrl is served, and its tokens accepted.
        #expect(try mock.request("GET", "/legacy/app").status == 401)
        let issued = try mock.token("grant_type=client_credentials&client_id=a&client_secret=b", path: "/legacy/token")
        let token = try #require(issued.json?["access_token"] as? String)
        #expect(try mock.request("GET", "/legacy/app", headers: ["Authorization": "Bearer \(token)"]).status == 200)
    }

    // MARK: Configuration

    @Test func credentialsComeFromOptionsAFileAndTheEnvironmentInThatOrder() throws {
        #expect(MockCredentials.environmentName(forScheme: "api-key.v2") == "RON_MOCK_CREDENTIAL_API_KEY_V2")
        let file = FileManager.default.temporaryDirectory.appending(path: "ron-mock-credentials-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("# the team's keys\n\nheaderKey = from-file\nbasic=ann:file\n".utf8).write(to: file)
        let credentials = try MockCredentials.commandLine(
            assignments: ["headerKey=from-option"], file: file.path, clients: ["app:pw:with-colon"], tokenLifetime: 5,
            environment: [
                "RON_MOCK_CREDENTIAL_HEADERKEY": "from-environment", "RON_MOCK_CREDENTIAL_BEARER": "from-environment",
            ])
        #expect(credentials.value(forScheme: "headerKey") == "from-option")
        #expect(credentials.value(forScheme: "basic") == "ann:file")
        #expect(credentials.value(forScheme: "bearer") == "from-environment")
        #expect(credentials.value(forScheme: "cookieKey") == nil)
        #expect(credentials.oauthClients == ["app": "pw:with-colon"])
        #expect(credentials.tokenLifetime == 5)
        try Data("headerKey\n".utf8).write(to: file)
        #expect(throws: MockCredentials.ConfigurationError.self) {
            _ = try MockCredentials.commandLine(
                assignments: [], file: file.path, clients: [], tokenLifetime: 1, environment: [:])
        }
        #expect(throws: MockCredentials.ConfigurationError.self) { _ = try MockCredentials.assignment("=x") }
        #expect(throws: MockCredentials.ConfigurationError.self) { _ = try MockCredentials.client("app") }
    }

    @Test func aCredentialInTheQueryIsHiddenInTheLogLine() throws {
        let mock = try MockOverDocuments(["vault.openapi.json": Vault.openAPI])
        let request = MockRequest(method: "GET", target: "/v1/query?limit=2&api_key=\(Self.secret)&access_token=t")
        #expect(mock.api.loggedTarget(of: request) == "/v1/query?limit=2&api_key=***&access_token=***")
        #expect(mock.api.tokenEndpointDescriptions.contains("POST /oauth/token  OAuth 2.0 token endpoint"))
    }

    @Test func theBuiltToolTakesCredentialsFromItsOptionsAndEnvironment() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let folder = try SchemaFolder(["vault.openapi.json": Vault.openAPI])
        defer { folder.remove() }
        let tool = try BackgroundTool(
            binary,
            [
                "mock", "--schema", folder.schema.path, "--port", "0", "--credential", "headerKey=\(Self.secret)",
                "--oauth-client", "app:pw", "--token-lifetime", "42",
            ],
            environment: ["RON_MOCK_CREDENTIAL_BEARER": "env-token"])
        defer { tool.stop() }
        #expect(try tool.request("GET", "/v1/secrets", headers: ["X-Api-Key": Self.secret]).status == 200)
        #expect(try tool.request("GET", "/v1/secrets", headers: ["X-Api-Key": "other"]).status == 403)
        #expect(try tool.request("GET", "/v1/bearer", headers: ["Authorization": "Bearer env-token"]).status == 200)
        // byBearer documents no 403: a wrong token is 401.
        #expect(try tool.request("GET", "/v1/bearer", headers: ["Authorization": "Bearer other"]).status == 401)
        let issued = try tool.request(
            "POST", "/_mock/oauth/token",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": Vault.basic("app:pw")],
            body: "grant_type=client_credentials")
        #expect(issued.json?["expires_in"] as? Int == 42)
        _ = try tool.request("GET", "/v1/query?api_key=\(Self.secret)")
        tool.stop()
        // The log names the requests, never a credential.
        let log = tool.log
        #expect(log.contains("GET /v1/query?api_key=*** -> 200"))
        #expect(log.contains("POST /_mock/oauth/token  OAuth 2.0 token endpoint"))
        #expect(!log.contains(Self.secret))
        let usage = try await ChildProcess.run(binary, ["mock", "--credential", "headerKey"])
        #expect(usage.status == 2)
        #expect(usage.error.hasPrefix("error: --credential: a credential is NAME=VALUE"))
        let help = try await ChildProcess.run(binary, ["mock", "--help"])
        #expect(help.output.contains("--oauth-client ID:SECRET"))
    }

    @Test func ronServeTakesTheSameOptions() throws {
        let binary = try #require(RonBinary.url, "ron is not built")
        let folder = try SchemaFolder(["vault.openapi.json": Vault.openAPI])
        defer { folder.remove() }
        let tool = try BackgroundTool(
            binary,
            [
                "serve", "--schema", folder.schema.path, "--port", "0", "--quiet", "--credential",
                "headerKey=\(Self.secret)", "--oauth-client", "app:pw", "--token-lifetime", "42",
            ])
        defer { tool.stop() }
        #expect(try tool.request("GET", "/v1/secrets", headers: ["X-Api-Key": Self.secret]).status == 200)
        #expect(try tool.request("GET", "/v1/secrets", headers: ["X-Api-Key": "other"]).status == 403)
        let issued = try tool.request(
            "POST", "/_mock/oauth/token",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=client_credentials&client_id=app&client_secret=pw")
        #expect(issued.json?["expires_in"] as? Int == 42)
    }
}

// MARK: - Helpers

/// A clock tests move forward.
private final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0

    var now: Date { lock.withLock { Date().addingTimeInterval(offset) } }

    func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
}

/// Documents written into `<temporary>/Schema`.
private struct SchemaFolder {
    let root = FileManager.default.temporaryDirectory.appending(path: "ron-mock-security-\(UUID().uuidString)")
    var schema: URL { root.appending(path: "Schema") }

    init(_ documents: [String: String]) throws {
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        for (name, text) in documents { try Data(text.utf8).write(to: schema.appending(path: name)) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

extension MockOverDocuments {
    /// A POST of `form` to the token endpoint at `path`.
    fileprivate func token(
        _ form: String, path: String = "/_mock/oauth/token", headers: [String: String] = [:]
    ) throws -> MockHTTPClient.Answer {
        try request(
            "POST", path, headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { a, _ in a },
            body: form)
    }
}

extension BackgroundTool {
    /// `method target` sent to the tool with `headers` and `body`: its answer.
    fileprivate func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> MockHTTPClient.Answer {
        try MockHTTPClient(port: port).request(method, target, headers: headers, body: body)
    }
}

/// The descriptions of the tests.
private enum Vault {
    static func basic(_ pair: String) -> String { "Basic " + Data(pair.utf8).base64EncodedString() }

    /// A value for each scheme but the OAuth one.
    static let configured = MockCredentials(
        values: [
            "headerKey": MockSecurityTests.secret, "queryKey": MockSecurityTests.secret,
            "cookieKey": MockSecurityTests.secret, "basic": "ann:\(MockSecurityTests.secret)",
            "bearer": MockSecurityTests.secret, "signature": MockSecurityTests.secret,
        ])

    static func operation(_ id: String, security: String) -> String {
        #"""
        {"get": {"operationId": "\#(id)", "security": \#(security),
          "responses": {
            "200": {"description": "ok",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Secret"}}}},
            "401": {"description": "no credentials"}
          }}}
        """#
    }

    static let openAPI = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Vault", "version": "1"},
          "servers": [{"url": "/v1"}],
          "security": [{"headerKey": []}],
          "components": {
            "securitySchemes": {
              "headerKey": {"type": "apiKey", "name": "X-Api-Key", "in": "header"},
              "queryKey": {"type": "apiKey", "name": "api_key", "in": "query"},
              "cookieKey": {"type": "apiKey", "name": "session", "in": "cookie"},
              "basic": {"type": "http", "scheme": "basic"},
              "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "opaque"},
              "signature": {"type": "http", "scheme": "HOBA"},
              "oauth": {"type": "oauth2", "flows": {"clientCredentials": {
                "tokenUrl": "https://auth.example.com/oauth/token", "refreshUrl": "oauth/refresh",
                "scopes": {"vault:read": "read the vault"}}}}
            },
            "schemas": {
              "Secret": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
            }
          },
          "paths": {
            "/secrets": {"get": {"operationId": "listSecrets",
              "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32"}}],
              "responses": {
                "200": {"description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Secret"}}}},
                "401": {"description": "no credentials",
                        "content": {"application/problem+json": {"schema": {"type": "object"}}}},
                "403": {"description": "wrong credentials",
                        "content": {"application/problem+json": {"schema": {"type": "object"}}}}
              }}},
            "/health": \#(operation("health", security: "[]")),
            "/query": \#(operation("byQuery", security: #"[{"queryKey": []}]"#)),
            "/cookie": \#(operation("byCookie", security: #"[{"cookieKey": []}]"#)),
            "/basic": \#(operation("byBasic", security: #"[{"basic": []}]"#)),
            "/bearer": \#(operation("byBearer", security: #"[{"bearer": []}]"#)),
            "/vendor": \#(operation("byVendor", security: #"[{"signature": []}]"#)),
            "/either": \#(operation("either", security: #"[{"basic": []}, {"bearer": []}]"#)),
            "/both": \#(operation("both", security: #"[{"headerKey": [], "cookieKey": []}]"#)),
            "/oauth": \#(operation("byOAuth", security: #"[{"oauth": ["vault:read"]}]"#))
          }
        }
        """#

    static let swagger = #"""
        {
          "swagger": "2.0",
          "info": {"title": "Legacy", "version": "1"},
          "basePath": "/legacy",
          "produces": ["application/json"],
          "securityDefinitions": {
            "basicAuth": {"type": "basic"},
            "key": {"type": "apiKey", "name": "X-Legacy-Key", "in": "header"},
            "app": {"type": "oauth2", "flow": "application", "tokenUrl": "https://login.example.com/legacy/token",
                    "scopes": {"read": "read things"}}
          },
          "security": [{"key": []}],
          "paths": {
            "/things": {"get": {"operationId": "listThings",
              "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Count"}}}}},
            "/basic": {"get": {"operationId": "basicThings", "security": [{"basicAuth": []}],
              "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Count"}}}}},
            "/app": {"get": {"operationId": "appThings", "security": [{"app": ["read"]}],
              "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Count"}}}}}
          },
          "definitions": {"Count": {"type": "object", "properties": {"n": {"type": "integer"}}}}
        }
        """#
}
