import Foundation
import RonAppSdkSwift
import Testing

/// The README and seed snippets, compiled and run against the loopback server.
@Suite struct ReadmeSnippetTests {
    struct LoginRequest: Codable {
        let user: String
        let pass: String
    }

    struct LoginResponse: Codable {
        let token: String
    }

    // Seed §7.1 "Facet-style worker loop", as written.
    func login(user: String, pass: String, client: RonClient) async throws -> LoginResponse {
        let auth = client.facet("auth")
        let res: AppResponse<LoginResponse> = await auth.post(
            "/login",
            body: LoginRequest(user: user, pass: pass)
        )

        if res.ok, let data = res.data {
            return data
        }
        if let problem = res.problem {
            throw RonSdkError.problem(problem)
        }
        throw RonSdkError.unknown
    }

    @Test func seedWorkerLoop() async throws {
        let server = try LoopbackServer { request in
            request.target == "/app/facets/auth/login" && request.method == "POST"
                ? .json(200, #"{"token":"t-1"}"#) : .json(401, #"{"code":"unauthorized","message":"no"}"#)
        }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        #expect(try await login(user: "ann", pass: "pw", client: client).token == "t-1")
    }

    @Test func readmeConfigurationAndErrors() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
        defer { server.stop() }
        let config = RonConfig(
            baseUrl: server.baseURL,
            overallTimeoutMs: 5_000,
            authToken: "eyJhbGciOi...",
            headerProvider: { ["X-Tenant": "acme"] },
            allowInsecureHttp: true
        )
        let client = try RonClient(config: config)

        let res: AppResponse<Greeting> = await client.get("/hello")
        if res.ok, let data = res.data {
            #expect(data.message == "hi")
        } else if let problem = res.problem {
            Issue.record("\(problem.code) \(problem.message) \(problem.retryable ?? false) \(res.correlationId ?? "-")")
        }
        #expect(server.requests.first?.header("x-tenant") == "acme")
        #expect(server.requests.first?.header("authorization") == "Bearer eyJhbGciOi...")
    }

    @Test func readmePagination() async throws {
        let server = try LoopbackServer { request in
            let second = request.target.contains("page_token=p2")
            let item =
                #"{"id":"\#(second ? "b" : "a")","name":"n","state":"draft","size_bytes":1,"version":"1","created_at":"2024-01-01T00:00:00Z"}"#
            return .json(200, #"{"items":[\#(item)],"next_page_token":\#(second ? "null" : "\"p2\"")}"#)
        }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        var seen: [String] = []
        for try await page in client.pages(Item.self, path: "/items", pageSize: 50) {
            for item in page.items {
                seen.append(item.id)
            }
        }
        #expect(seen == ["a", "b"])
        let first200 = try await client.listAll(Item.self, path: "/items", pageSize: 100, limit: 200)
        #expect(first200.count == 2)
    }
}
