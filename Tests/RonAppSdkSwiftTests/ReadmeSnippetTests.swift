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

    // The "Caching responses" article's first snippet (once README's "Response cache"), as written (the base URL is the loopback server's).
    @Test func readmeResponseCache() async throws {
        let server = try LoopbackServer { _ in
            .respond(
                status: 200, headers: ["Cache-Control": "max-age=60", "Content-Type": "text/plain"],
                body: Data("hi".utf8))
        }
        defer { server.stop() }
        let responseCache = try ResponseCache(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("ron-cache-\(UUID().uuidString)"))
        let cachedClient = try RonClient(
            config: RonConfig(
                baseUrl: server.baseURL, authToken: "token", allowInsecureHttp: true, cache: responseCache))
        let first: AppResponse<String> = await cachedClient.request(
            AppRequest(path: "/hello").cache(.returnStaleIfOffline))
        let hello: AppResponse<String> = await cachedClient.request(
            AppRequest(path: "/hello").cache(.returnStaleIfOffline))
        print(hello.cache?.source as Any, hello.cache?.ageSeconds as Any)  // nil when it came from the network
        #expect(first.cache == nil)
        #expect(hello.data == "hi")
        #expect(hello.cache?.source == .hit)
        #expect(server.requests.count == 1)
        responseCache.clear()
    }

    // The "Offline queue" article's snippets (once README's "Offline queue"), as written (the node is down, then back).
    @Test func readmeOfflineQueue() async throws {
        let up = Locked(false)
        let server = try LoopbackServer { _ in
            up.value ? .json(201, #"{"text":"hi"}"#) : .json(503, #"{"code":"unavailable","message":"later"}"#)
        }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ron-queue-\(UUID().uuidString).json")
        let queue = try RonOfflineQueue(fileURL: file, client: client, maxAgeSeconds: 7 * 86_400)
        struct Note: Codable { let text: String }
        var queued = false
        switch try await queue.submit(AppRequest(method: .post, path: "/notes", body: .json(Note(text: "hi")))) {
        case .delivered(let response): print("sent:", response.status)
        case .queued(let entry):
            print("stored until the node is reachable:", entry.id)
            queued = true
        case .deadLettered(let entry): print("failed for good:", entry.lastProblem?.code ?? "-")
        }
        let key = queue.makeIdempotencyKey()  // keep it with the draft before submitting
        _ = try await queue.submit(
            AppRequest(method: .post, path: "/notes", body: .json(Note(text: "once"))), idempotencyKey: key)
        up.update { $0 = true }
        let report = await queue.flush()  // e.g. when the app comes back online
        print(report.delivered.count, report.remaining, await queue.deadLetters.count)
        #expect(queued)
        #expect(report.delivered.count == 2)
        #expect(server.requests.last?.header("idempotency-key") == key)
        await queue.close()
    }
}
