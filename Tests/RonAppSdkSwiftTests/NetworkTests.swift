import Foundation
import Logging
import Testing

@testable import RonAppSdkSwift

/// Real HTTP over loopback against ``LoopbackServer``.
@Suite struct NetworkTests {
    @Test func seedHelloWorldFlow() async throws {
        let server = try LoopbackServer { request in
            request.target == "/app/hello" ? .json(200, #"{"message":"hello from ron"}"#) : .text(404, "not found")
        }
        defer { server.stop() }
        let config = try RonConfig.fromEnvironment(
            overrides: RonConfig(allowInsecureHttp: true, debug: true),
            environment: ["RON_SDK_GATEWAY_ADDR": server.baseURL.absoluteString])
        let client = try RonClient(config: config)
        defer { client.close() }

        let res: AppResponse<Greeting> = await client.get("/hello")

        #expect(res.ok)
        #expect(res.data?.message == "hello from ron")
        #expect(res.problem == nil)
        #expect(res.status == 200)
        #expect(res.raw == Data(#"{"message":"hello from ron"}"#.utf8))
    }

    @Test func sendsTheComposedHeadersAndBody() async throws {
        let server = try LoopbackServer { _ in .json(201, #"{"message":"made"}"#) }
        defer { server.stop() }
        let client = try makeClient(server) {
            $0.authToken = "tok"
            $0.passportToken = "pp"
            $0.headerProvider = { ["X-Rotating": "r1"] }
            $0.requestIdFactory = { "rid-7" }
            $0.idempotencyKeyFactory = { "idem-7" }
        }
        let res: AppResponse<Greeting> = await client.post(
            "/things/a b", body: Greeting(message: "hi"), query: ["q": "x&y"], headers: ["X-Correlation-Id": "mine"])
        #expect(res.ok)
        #expect(res.status == 201)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/app/things/a%20b?q=x%26y")
        #expect(request.header("authorization") == "Bearer tok")
        #expect(request.header("x-ron-passport") == "pp")
        #expect(request.header("x-rotating") == "r1")
        #expect(request.header("x-request-id") == "rid-7")
        #expect(request.header("x-correlation-id") == "mine")
        #expect(request.header("idempotency-key") == "idem-7")
        #expect(request.header("x-idempotency-key") == nil)
        #expect(request.header("content-type") == "application/json")
        #expect(request.header("accept") == "application/json")
        #expect(request.header("user-agent") == "ron-app-sdk-swift/0.1.0")
        #expect(try JSONDecoder().decode(Greeting.self, from: request.body) == Greeting(message: "hi"))
    }

    @Test func basePathPrefixAndFacetRouting() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"message":"ok"}"#) }
        defer { server.stop() }
        let client = try RonClient(
            config: RonConfig(baseUrl: server.baseURL.appendingPathComponent("prefix"), allowInsecureHttp: true))
        let docs = client.facet("my docs")
        let res: AppResponse<Greeting> = await docs.get("/page/1")
        #expect(res.ok)
        #expect(server.requests.first?.target == "/prefix/app/facets/my%20docs/page/1")

        for bad in ["", "a/b", "..", "x\ny"] {
            let invalid: AppResponse<Greeting> = await client.facet(bad).get("/x")
            #expect(invalid.problem?.code == "invalid_facet_id")
            #expect(invalid.problem?.kind == "local")
            #expect(invalid.status == 0)
        }
        #expect(server.requests.count == 1)
    }

    @Test func jsonProblemFromTheWire() async throws {
        let server = try LoopbackServer { _ in
            .json(
                503, #"{"code":"too_busy","message":"Server busy","retryable":true,"retry_after_ms":250}"#,
                headers: ["Retry-After": "0", "x-request-id": "r-00000000000000aa"])
        }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Greeting> = await client.get("/busy")
        #expect(!res.ok)
        #expect(res.status == 503)
        #expect(res.data == nil)
        let problem = try #require(res.problem)
        #expect(problem.code == "too_busy")
        #expect(problem.retryAfterMs == 250)
        #expect(problem.correlationId == "r-00000000000000aa")
        #expect(res.correlationId == "r-00000000000000aa")
        #expect(throws: RonProblem.self) { try res.value() }
    }

    @Test func plainTextErrorFromTheWire() async throws {
        let server = try LoopbackServer { _ in .text(413, "payload too large") }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Greeting> = await client.post("/upload", body: ["k": "v"])
        #expect(res.status == 413)
        #expect(res.problem?.kind == "transport")
        #expect(res.problem?.code == "http_413")
        #expect(res.problem?.message.contains("payload too large") == false)
        #expect(res.raw == Data("payload too large".utf8))
    }

    @Test func overallTimeoutDoesNotHang() async throws {
        let server = try LoopbackServer { _ in .delay(milliseconds: 5_000, then: .json(200, #"{"message":"late"}"#)) }
        defer { server.stop() }
        let client = try makeClient(server) { $0.overallTimeoutMs = 300 }
        let started = Date()
        let res: AppResponse<Greeting> = await client.get("/slow")
        let elapsed = Date().timeIntervalSince(started)
        #expect(res.status == 0)
        #expect(res.problem?.code == "local_timeout")
        #expect(res.problem?.kind == "transport")
        #expect(res.problem?.retryable == true)
        #expect(elapsed < 2.5)
    }

    @Test func neverBlockingTransportThatIgnoresCancellationStillEndsAtTheDeadline() async throws {
        struct Suspends: RonTransport {
            var neverBlocks: Bool { true }
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                // Suspends for 3 s and ignores cancellation on purpose.
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 3) { continuation.resume() }
                }
                return TransportResponse(status: 200)
            }
        }
        let client = try RonClient(
            config: RonConfig(baseUrl: URL(string: "https://suspends.invalid"), transport: Suspends()))
        let started = Date()
        let res: AppResponse<EmptyBody> = await client.request(AppRequest(path: "/x", timeoutMs: 200))
        #expect(res.problem?.code == "local_timeout")
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func onlyTheSdksTransportsDeclareThatTheyNeverBlock() {
        struct Custom: RonTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse { TransportResponse(status: 204) }
        }
        #expect(Custom().neverBlocks == false)
        let session = URLSessionTransport()
        defer { session.invalidate() }
        #expect(session.neverBlocks)
    }

    @Test func crossHostRedirectDropsCredentials() async throws {
        let target = try LoopbackServer { _ in .json(200, #"{"message":"moved"}"#) }
        defer { target.stop() }
        let origin = try LoopbackServer { _ in
            .respond(status: 302, headers: ["Location": "http://localhost:\(target.port)/app/landing"])
        }
        defer { origin.stop() }
        let client = try makeClient(origin) {
            $0.authToken = "tok"
            $0.passportToken = "pp"
        }
        let res: AppResponse<Greeting> = await client.get("/start")
        #expect(res.data?.message == "moved")
        #expect(origin.requests.first?.header("authorization") == "Bearer tok")
        let landed = try #require(target.requests.first)
        #expect(landed.target == "/app/landing")
        #expect(landed.header("authorization") == nil)
        #expect(landed.header("x-ron-passport") == nil)
    }

    @Test func unresolvableHost() async throws {
        // `.invalid` never resolves (RFC 6761); a resolver that cannot be reached ends as a timeout.
        let client = try RonClient(
            config: RonConfig(baseUrl: URL(string: "https://ron-sdk-test.invalid"), overallTimeoutMs: 3_000))
        let started = Date()
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.status == 0)
        #expect(["dns_failed", "local_timeout"].contains(res.problem?.code ?? ""))
        #expect(res.problem?.retryable == true)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func refusedPort() async throws {
        let port = try LoopbackServer.closedPort()
        let client = try RonClient(
            config: RonConfig(
                baseUrl: URL(string: "http://127.0.0.1:\(port)"), overallTimeoutMs: 5_000, allowInsecureHttp: true))
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.status == 0)
        #expect(res.problem?.code == "connect_failed")
        #expect(res.problem?.kind == "transport")
        #expect(res.problem?.retryable == true)
    }

    @Test func connectionReset() async throws {
        let server = try LoopbackServer { _ in .reset }
        defer { server.stop() }
        let client = try makeClient(server) { $0.overallTimeoutMs = 5_000 }
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.status == 0)
        #expect(["connection_reset", "truncated_body"].contains(res.problem?.code ?? ""))
        #expect(res.problem?.retryable == true)
    }

    @Test func truncatedBody() async throws {
        let server = try LoopbackServer { _ in
            .raw(Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mess".utf8))
        }
        defer { server.stop() }
        let logs = Collector<String>()
        let client = try makeClient(server) {
            $0.overallTimeoutMs = 5_000
            $0.logger = .capturing(into: logs)
        }
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.status == 0)
        #expect(res.problem?.code == "truncated_body", "\(logs.values)")
    }

    @Test func tlsFailureAgainstAPlainServer() async throws {
        let server = try LoopbackServer { _ in .text(200, "not tls") }
        defer { server.stop() }
        let client = try RonClient(
            config: RonConfig(baseUrl: URL(string: "https://127.0.0.1:\(server.port)"), overallTimeoutMs: 5_000))
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.status == 0)
        #expect(res.problem?.code == "tls_failed")
    }

    @Test func bodyOverOneMiBIsRefusedByContentLength() async throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: RonSDK.maxResponseBytes + 1)
        let server = try LoopbackServer { _ in .respond(status: 200, body: big) }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Data> = await client.get("/big")
        #expect(res.status == 0)
        #expect(res.problem?.code == "response_too_large")
        #expect(res.problem?.retryable == false)
    }

    @Test func chunkedBodyOverOneMiBIsCutOff() async throws {
        let big = Data(repeating: UInt8(ascii: "a"), count: 3 * RonSDK.maxResponseBytes)
        let server = try LoopbackServer { _ in .respond(status: 200, body: big, chunked: true) }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Data> = await client.get("/big")
        #expect(res.problem?.code == "response_too_large")
    }

    @Test func exactlyOneMiBIsAccepted() async throws {
        let body = Data(repeating: UInt8(ascii: "b"), count: RonSDK.maxResponseBytes)
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/octet-stream"], body: body)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Data> = await client.get("/exact")
        #expect(res.ok)
        #expect(res.data == body)
    }

    @Test func decodeFailureKeepsRaw() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"msg":"wrong shape"}"#) }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(!res.ok)
        #expect(res.status == 200)
        #expect(res.problem?.kind == "decode")
        #expect(res.problem?.code == "decode_failed")
        #expect(res.problem?.message.contains("Greeting") == true)
        #expect(res.problem?.message.contains("message") == true)
        #expect(res.raw == Data(#"{"msg":"wrong shape"}"#.utf8))
    }

    @Test func noContentRawBytesAndText() async throws {
        let server = try LoopbackServer { request in
            switch request.target {
            case "/app/none", "/app/none-as-greeting": return .respond(status: 204)
            case "/app/text": return .text(200, "plain words")
            default: return .json(200, #"{"a":1}"#)
            }
        }
        defer { server.stop() }
        let client = try makeClient(server)
        let none: AppResponse<EmptyBody> = await client.delete("/none")
        #expect(none.ok)
        #expect(none.status == 204)
        let text: AppResponse<String> = await client.get("/text")
        #expect(text.data == "plain words")
        let raw: AppResponse<Data> = await client.get("/json")
        #expect(raw.data == Data(#"{"a":1}"#.utf8))
        let missing: AppResponse<Greeting> = await client.get("/none-as-greeting")
        #expect(missing.ok == false)
        #expect(missing.problem?.code == "decode_failed")
        #expect(missing.problem?.message.contains("EmptyBody") == true)
    }

    @Test func localFailuresAreProblemsNotThrows() async throws {
        struct Unencodable: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "nope"))
            }
        }
        let server = try LoopbackServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let client = try makeClient(server)
        let encode: AppResponse<EmptyBody> = await client.post("/x", body: Unencodable())
        #expect(encode.problem?.code == "encode_failed")
        #expect(encode.problem?.kind == "local")
        let path: AppResponse<EmptyBody> = await client.get("/a/../b")
        #expect(path.problem?.code == "invalid_path")
        let header: AppResponse<EmptyBody> = await client.get("/x", headers: ["X-A": "1\r\nX-B: 2"])
        #expect(header.problem?.code == "invalid_header")
        #expect(server.requests.isEmpty)
        client.close()
        let closed: AppResponse<EmptyBody> = await client.get("/x")
        #expect(closed.problem?.code == "client_closed")
    }

    @Test func hooksAndLogsAreRedacted() async throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"message":"ok","token":"server-secret"}"#, headers: ["x-correlation-id": "corr-1"])
        }
        defer { server.stop() }
        let requests = Collector<RonRequestInfo>()
        let responses = Collector<RonResponseInfo>()
        let logs = Collector<String>()
        let client = try makeClient(server) {
            $0.authToken = "sekret-token"
            $0.passportToken = "sekret-passport"
            $0.debug = true
            $0.logger = .capturing(into: logs)
            $0.onRequest = { requests.append($0) }
            $0.onResponse = { responses.append($0) }
        }
        let res: AppResponse<Greeting> = await client.get("/x", query: ["api_token": "sekret-query", "q": "v"])
        #expect(res.ok)
        let request = try #require(await requests.wait(for: 1).first)
        let response = try #require(await responses.wait(for: 1).first)
        #expect(request.method == "GET")
        #expect(request.headers["Authorization"] == Redactor.placeholder)
        #expect(request.headers["X-RON-Passport"] == Redactor.placeholder)
        #expect(!request.url.contains("sekret"))
        #expect(response.status == 200)
        #expect(response.correlationId == "corr-1")
        let lines = logs.values
        #expect(lines.contains { $0.contains("ron request") && $0.contains("GET") })
        #expect(lines.contains { $0.contains("ron response") && $0.contains("status=200") && $0.contains("corr-1") })
        #expect(lines.contains { $0.contains("duration_ms=") })
        for line in lines {
            #expect(!line.contains("sekret"), "leaked: \(line)")
            #expect(!line.contains("server-secret"), "leaked: \(line)")
        }
    }

    @Test func bodiesAreNotLoggedWithoutDebug() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"message":"body-marker"}"#) }
        defer { server.stop() }
        let logs = Collector<String>()
        let client = try makeClient(server) { $0.logger = .capturing(into: logs) }
        let _: AppResponse<Greeting> = await client.post("/x", body: Greeting(message: "request-marker"))
        #expect(logs.values.count == 2)
        #expect(!logs.values.contains { $0.contains("marker") })
    }

    /// The hooks block until the test lets them go, after the call has returned: a call that waited
    /// for a hook would find it still blocked, and the hook would give up waiting (10 s) and say so.
    @Test func slowHooksDoNotStallCalls() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"message":"ok"}"#) }
        defer { server.stop() }
        let gate = DispatchSemaphore(value: 0)
        let ran = Collector<String>()
        let client = try makeClient(server) {
            $0.onRequest = { _ in
                let released = gate.wait(timeout: .now() + 10) == .success
                ran.append(released ? "request: released" : "request: gave up")
            }
            $0.onResponse = { _ in ran.append("response") }
        }
        let res: AppResponse<Greeting> = await client.get("/x")
        #expect(res.ok)
        #expect(ran.values.isEmpty, "a hook finished before the call returned: \(ran.values)")
        gate.signal()
        #expect(await ran.wait(for: 2) == ["request: released", "response"])
    }

    @MainActor @Test func usableFromTheMainActorWithNonSendableTypes() async throws {
        final class Model: Decodable { let message: String }
        let server = try LoopbackServer { _ in .json(200, #"{"message":"main"}"#) }
        defer { server.stop() }
        let client = try makeClient(server)
        let res: AppResponse<Model> = await client.get("/x")
        #expect(res.data?.message == "main")
    }
}

extension NetworkTests {
    /// The tests whose transport or middleware blocks its thread on purpose. One at a time: two of
    /// them at once would hold both threads of the cooperative pool on a 2-core machine, and every
    /// other test running beside them (TSan runs suites in parallel) would stall until they let go.
    @Suite(.serialized) struct ThreadBlockingTests {
        @Test func perCallTimeoutAndNonCooperativeTransportDoNotHang() async throws {
            struct Stuck: RonTransport {
                let release: DispatchSemaphore
                let unblocked: Locked<Bool>
                func send(_ request: TransportRequest) async throws -> TransportResponse {
                    // Blocks its thread and ignores cancellation on purpose, until the test lets it go
                    // once the call has ended (or 10 s pass, which the test then reports).
                    _ = release.wait(timeout: .now() + 10)
                    unblocked.update { $0 = true }
                    return TransportResponse(status: 200)
                }
            }
            let release = DispatchSemaphore(value: 0)
            defer { release.signal() }
            let unblocked = Locked(false)
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "https://stuck.invalid"),
                    transport: Stuck(release: release, unblocked: unblocked)))
            let res: AppResponse<EmptyBody> = await client.request(AppRequest(path: "/x", timeoutMs: 200))
            #expect(res.problem?.code == "local_timeout")
            #expect(!unblocked.value, "the call waited for the blocked transport")
        }

        @Test func blockingMiddlewareEndsAtTheDeadlineEvenOnANeverBlockingTransport() async throws {
            struct Instant: RonTransport {
                var neverBlocks: Bool { true }
                func send(_ request: TransportRequest) async throws -> TransportResponse {
                    TransportResponse(status: 204)
                }
            }
            struct Blocking: RonMiddleware {
                let release: DispatchSemaphore
                let unblocked: Locked<Bool>
                func intercept(_ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext)
                    async throws -> TransportResponse
                {
                    // Blocks its thread on purpose, until the test lets it go once the call has ended
                    // (or 10 s pass, which the test then reports).
                    _ = release.wait(timeout: .now() + 10)
                    unblocked.update { $0 = true }
                    return try await next(request)
                }
            }
            let release = DispatchSemaphore(value: 0)
            defer { release.signal() }
            let unblocked = Locked(false)
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "https://blocking.invalid"), transport: Instant(),
                    middleware: [Blocking(release: release, unblocked: unblocked)]))
            let res: AppResponse<EmptyBody> = await client.request(AppRequest(path: "/x", timeoutMs: 200))
            #expect(res.problem?.code == "local_timeout")
            #expect(!unblocked.value, "the call waited for the blocking middleware")
        }
    }
}
