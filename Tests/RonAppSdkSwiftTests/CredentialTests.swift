import Foundation
import Testing

@testable import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The security a call declares (``AppRequest/security``) and the credentials of
/// ``RonConfig/credentials``: which requirement is attached, where each scheme puts its
/// credential, what fails before anything is sent, and what is redacted.
@Suite struct CredentialTests {
    static let headerKey = RonSecurityScheme(name: "headerKey", kind: .apiKey(name: "X-Custom-Key", location: .header))
    static let queryKey = RonSecurityScheme(name: "queryKey", kind: .apiKey(name: "k", location: .query))
    static let cookieKey = RonSecurityScheme(name: "cookieKey", kind: .apiKey(name: "sid", location: .cookie))
    static let basic = RonSecurityScheme(name: "basic", kind: .http(scheme: "basic"))
    static let bearer = RonSecurityScheme(name: "bearer", kind: .http(scheme: "bearer"))
    static let dsn = RonSecurityScheme(name: "dsn", kind: .http(scheme: "dsn"))

    /// A client on an in-memory transport answering `{"message":"hi"}`, and the transport.
    static func client(
        _ credentials: RonCredentials?, configure: (inout RonConfig) -> Void = { _ in }
    ) throws -> (RonClient, InMemoryTransport) {
        let transport = InMemoryTransport(json: #"{"message":"hi"}"#)
        var config = RonConfig(baseUrl: URL(string: "https://api.example.com")!, transport: transport)
        config.credentials = credentials
        configure(&config)
        return (try RonClient(config: config), transport)
    }

    static func call(_ security: [RonSecurityRequirement]?, headers: [String: String] = [:]) -> AppRequest {
        var call = AppRequest(serverPath: "", path: "/things", query: [URLQueryItem(name: "page", value: "2")])
        call.headers = headers
        call.security = security
        return call
    }

    @Test func eachSchemePutsItsCredentialWhereItSays() async throws {
        let (client, transport) = try Self.client(
            RonCredentials([
                "headerKey": .apiKey("h-123"), "queryKey": .apiKey("q 4&5"), "cookieKey": .apiKey("c-678"),
            ]))
        defer { client.close() }
        let _: AppResponse<Greeting> = await client.request(
            Self.call([RonSecurityRequirement([Self.headerKey, Self.queryKey, Self.cookieKey])]))
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["X-Custom-Key"] == "h-123")
        #expect(sent.headers["Cookie"] == "sid=c-678")
        let items = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items == [URLQueryItem(name: "page", value: "2"), URLQueryItem(name: "k", value: "q 4&5")])
        #expect(sent.headers["Authorization"] == nil)
    }

    @Test func httpSchemesGoInAuthorization() async throws {
        for (scheme, credential, expected) in [
            (Self.basic, RonCredential.basic(user: "ada", password: "pa:ss"), "Basic YWRhOnBhOnNz"),
            (Self.bearer, .bearer("tok"), "Bearer tok"),
            (Self.dsn, .authorization(scheme: "DSN", value: "abc"), "DSN abc"),
            (Self.dsn, .apiKey("abc"), "Dsn abc"),
        ] {
            let (client, transport) = try Self.client(RonCredentials([scheme.name: credential]))
            let _: AppResponse<Greeting> = await client.request(Self.call([RonSecurityRequirement([scheme])]))
            client.close()
            #expect(transport.requests.first?.headers["Authorization"] == expected)
        }
    }

    @Test func theFirstRequirementThatCanBeMetIsAttachedAndNoOther() async throws {
        let (client, transport) = try Self.client(RonCredentials(["bearer": .bearer("tok"), "queryKey": .apiKey("q")]))
        defer { client.close() }
        // headerKey has no credential: the second alternative (bearer) is sent, alone.
        let _: AppResponse<Greeting> = await client.request(
            Self.call([
                RonSecurityRequirement([Self.headerKey, Self.queryKey]), RonSecurityRequirement([Self.bearer]),
                RonSecurityRequirement([Self.queryKey]),
            ]))
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Authorization"] == "Bearer tok")
        #expect(!sent.url.absoluteString.contains("k=q"))
        #expect(sent.headers["X-Custom-Key"] == nil)
    }

    @Test func aCallWhoseRequirementCannotBeMetSendsNothingAndNamesTheSchemes() async throws {
        let (client, transport) = try Self.client(RonCredentials(["headerKey": .apiKey("h")]))
        defer { client.close() }
        let response: AppResponse<Greeting> = await client.request(
            Self.call([RonSecurityRequirement([Self.headerKey, Self.queryKey]), RonSecurityRequirement([Self.basic])]))
        #expect(transport.requests.isEmpty)
        let problem = try #require(response.problem)
        #expect(problem.code == "credentials_missing")
        #expect(problem.status == 0)
        #expect(problem.message.contains("headerKey"))
        #expect(problem.message.contains("queryKey"))
        #expect(problem.message.contains("basic (HTTP basic"))
        #expect(problem.details?["schemes"] == .array([.array(["headerKey", "queryKey"]), .array(["basic"])]))
        // A credential of the wrong kind does not meet a scheme either.
        let (other, otherTransport) = try Self.client(RonCredentials(["basic": .bearer("x")]))
        defer { other.close() }
        let wrong: AppResponse<Greeting> = await other.request(Self.call([RonSecurityRequirement([Self.basic])]))
        #expect(wrong.problem?.code == "credentials_missing")
        #expect(otherTransport.requests.isEmpty)
    }

    @Test func noSecurityAnEmptyListAndAnAnonymousAlternativeSendNothingExtra() async throws {
        let (client, transport) = try Self.client(RonCredentials(["bearer": .bearer("tok")]))
        defer { client.close() }
        let _: AppResponse<Greeting> = await client.request(Self.call(nil))
        let _: AppResponse<Greeting> = await client.request(Self.call([]))
        // Anonymous after a scheme without a credential: sent without one.
        let _: AppResponse<Greeting> = await client.request(
            Self.call([RonSecurityRequirement([Self.headerKey]), .anonymous]))
        // Anonymous first, a credential held for a later alternative: the credential is sent.
        let _: AppResponse<Greeting> = await client.request(
            Self.call([.anonymous, RonSecurityRequirement([Self.bearer])]))
        let authorizations = transport.requests.map { $0.headers["Authorization"] }
        #expect(authorizations == [nil, nil, nil, "Bearer tok"])
    }

    @Test func theCallsOwnHeaderAndCookieWin() async throws {
        let (client, transport) = try Self.client(
            RonCredentials(["headerKey": .apiKey("from-config"), "cookieKey": .apiKey("c")]))
        defer { client.close() }
        let _: AppResponse<Greeting> = await client.request(
            Self.call(
                [RonSecurityRequirement([Self.headerKey, Self.cookieKey])],
                headers: ["x-custom-key": "mine", "Cookie": "theme=dark"]))
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["X-Custom-Key"] == "mine")
        #expect(sent.headers["Cookie"] == "theme=dark; sid=c")
    }

    @Test func aProviderIsAskedForEveryCallSoCredentialsRotate() async throws {
        let counter = Counter()
        let (client, transport) = try Self.client(
            .provider { scheme in
                scheme.name == "headerKey" ? .apiKey("key-\(counter.next())") : nil
            })
        defer { client.close() }
        for _ in 0..<3 {
            let _: AppResponse<Greeting> = await client.request(Self.call([RonSecurityRequirement([Self.headerKey])]))
        }
        #expect(transport.requests.map { $0.headers["X-Custom-Key"] } == ["key-1", "key-2", "key-3"])
        let (failing, failingTransport) = try Self.client(
            .provider { _ in throw CocoaError(.userCancelled) })
        defer { failing.close() }
        let failed: AppResponse<Greeting> = await failing.request(Self.call([RonSecurityRequirement([Self.headerKey])]))
        #expect(failed.problem?.code == "auth_failed")
        #expect(failingTransport.requests.isEmpty)
    }

    @Test func mergedCredentialsLetTheSecondWinForASchemeBothGive() async throws {
        func key(_ credentials: RonCredentials, _ scheme: RonSecurityScheme) async throws -> String? {
            guard case .apiKey(let value)? = try await credentials.credential(for: scheme) else { return nil }
            return value
        }
        let base = RonCredentials(["headerKey": .apiKey("base-h"), "queryKey": .apiKey("base-q")])
        let fixed = base.merging(RonCredentials(["headerKey": .apiKey("new-h")]))
        #expect(try await key(fixed, Self.headerKey) == "new-h")
        #expect(try await key(fixed, Self.queryKey) == "base-q")
        let rotating = base.merging(.provider { $0.name == "queryKey" ? .apiKey("rotated-q") : nil })
        #expect(try await key(rotating, Self.headerKey) == "base-h")
        #expect(try await key(rotating, Self.queryKey) == "rotated-q")
        #expect(try await key(rotating, Self.cookieKey) == nil)
    }

    @Test func attachedCredentialsAreRedactedInHooksAndEventsUnderAnyName() async throws {
        let (hooks, hook) = AsyncStream.makeStream(of: String.self)
        let (client, _) = try Self.client(
            RonCredentials(["queryKey": .apiKey("q-secret-1"), "headerKey": .apiKey("h-secret-2")])
        ) { config in
            config.onRequest = { info in hook.yield("\(info.url) \(info.headers)") }
            config.onResponse = { info in hook.yield(info.url) }
        }
        defer { client.close() }
        let events = client.events()
        let _: AppResponse<Greeting> = await client.request(
            Self.call([RonSecurityRequirement([Self.queryKey, Self.headerKey])]))
        var seen: [String] = []
        for await event in events {
            switch event {
            case .started(let started): seen.append("\(started.url) \(started.headers)")
            case .finished(let finished): seen.append(finished.url)
            default: break
            }
            if seen.count == 2 { break }
        }
        for await text in hooks {
            seen.append(text)
            if seen.count == 4 { break }
        }
        for text in seen {
            #expect(!text.contains("q-secret-1"), "\(text)")
            #expect(!text.contains("h-secret-2"), "\(text)")
        }
        #expect(seen.filter { $0.contains("k=REDACTED") }.count == 4)
    }

    @Test func aRedirectToAnotherOriginDropsTheSchemesHeaderButNotToTheSameOrigin() throws {
        let original = URL(string: "https://api.example.com/things")!
        var next = URLRequest(url: URL(string: "https://cdn.example.net/things")!)
        next.setValue("h-123", forHTTPHeaderField: "X-Custom-Key")
        next.setValue("keep", forHTTPHeaderField: "X-Trace")
        guard
            case .follow(let followed) = CredentialPolicy.redirect(
                from: original, to: next, credentialHeaders: ["x-custom-key"])
        else {
            Issue.record("not followed")
            return
        }
        #expect(followed.value(forHTTPHeaderField: "X-Custom-Key") == nil)
        #expect(followed.value(forHTTPHeaderField: "X-Trace") == "keep")
        var same = URLRequest(url: URL(string: "https://api.example.com/other")!)
        same.setValue("h-123", forHTTPHeaderField: "X-Custom-Key")
        guard
            case .follow(let kept) = CredentialPolicy.redirect(
                from: original, to: same, credentialHeaders: ["x-custom-key"])
        else {
            Issue.record("not followed")
            return
        }
        #expect(kept.value(forHTTPHeaderField: "X-Custom-Key") == "h-123")
    }

    @Test func mutualTLSNeedsNothingInTheRequest() async throws {
        let tls = RonSecurityScheme(name: "tls", kind: .mutualTLS)
        let (client, transport) = try Self.client(nil)
        defer { client.close() }
        let response: AppResponse<Greeting> = await client.request(Self.call([RonSecurityRequirement([tls])]))
        #expect(response.ok)
        #expect(transport.requests.count == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
