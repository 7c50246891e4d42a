import Foundation
import Testing

@testable import RonAppSdkSwift

/// Redirects over real loopback HTTP, followed by the default transport under the SDK's one
/// credential policy.
@Suite struct RedirectTests {
    /// A server on another port of the same host: another origin.
    private func redirecting(to target: LoopbackServer, status: Int = 302) throws -> LoopbackServer {
        try LoopbackServer { request in
            .respond(status: status, headers: ["Location": target.baseURL.absoluteString + request.target])
        }
    }

    @Test func anotherPortOfTheSameHostGetsNoCredentials() async throws {
        let target = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
        let origin = try redirecting(to: target)
        let client = try makeClient(origin) {
            $0.authToken = "tok"
            $0.passportToken = "pass"
            $0.headerProvider = { ["X-Api-Key": "k", "X-Session-Id": "s", "X-Trace": "t"] }
        }
        defer { client.close() }
        let response: AppResponse<Greeting> = await client.get("/hello")
        #expect(response.data?.message == "hi")
        let first = try #require(origin.requests.first)
        #expect(first.header("authorization") == "Bearer tok")
        let followed = try #require(target.requests.first)
        #expect(followed.header("authorization") == nil)
        #expect(followed.header("x-ron-passport") == nil)
        #expect(followed.header("x-api-key") == nil)
        #expect(followed.header("x-session-id") == nil)
        #expect(followed.header("x-trace") == "t")
    }

    @Test func theSameOriginKeepsCredentials() async throws {
        let hits = Locked(0)
        let server = try LoopbackServer { request in
            let count = hits.update { value -> Int in
                value += 1
                return value
            }
            return count == 1 ? .respond(status: 302, headers: ["Location": "/app/there"]) : .json(200, "{}")
        }
        let client = try makeClient(server) { $0.authToken = "tok" }
        defer { client.close() }
        let response: AppResponse<JSONValue> = await client.get("/here")
        #expect(response.ok)
        #expect(server.requests.map { $0.header("authorization") } == ["Bearer tok", "Bearer tok"])
    }

    @Test func aBodyIsNotResentToAnotherOrigin() async throws {
        let target = try LoopbackServer { _ in .json(200, "{}") }
        let origin = try redirecting(to: target, status: 307)
        let client = try makeClient(origin)
        defer { client.close() }
        let response: AppResponse<JSONValue> = await client.post("/items", body: ["a": 1])
        #expect(response.problem?.code == "cross_origin_redirect")
        #expect(response.problem?.message.contains("another origin") == true)
        #expect(response.problem?.retryable == false)
        #expect(target.requests.isEmpty)
    }

    @Test(arguments: ["Authorization", "x-ron-anything", "X-Api-Key", "Cookie", "x-auth-user"])
    func credentialHeadersAreOneList(name: String) {
        #expect(CredentialPolicy.isCredential(name))
        #expect(Redactor.isSensitiveHeader(name))
    }

    @Test func originComparesSchemeHostAndPort() {
        #expect(CredentialPolicy.origin(of: URL(string: "https://a.example/x")) == "https://a.example:443")
        #expect(
            CredentialPolicy.origin(of: URL(string: "https://A.example:443/y"))
                == CredentialPolicy.origin(of: URL(string: "https://a.example/")))
        #expect(
            CredentialPolicy.origin(of: URL(string: "http://a.example:8080"))
                != CredentialPolicy.origin(of: URL(string: "http://a.example:8081")))
    }
}
