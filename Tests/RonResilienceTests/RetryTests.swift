import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Retry middleware over loopback")
    struct RetryTests {
        /// Replies with the statuses in order, then 200.
        static func sequence(_ replies: [LoopbackServer.Reply])
            -> @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply
        {
            let index = Locked(0)
            return { _ in
                let n = index.update { value -> Int in
                    value += 1
                    return value - 1
                }
                return n < replies.count ? replies[n] : .json(200, #"{"message":"ok"}"#)
            }
        }

        @Test func retriesTransientStatusesUntilSuccess() async throws {
            let server = try LoopbackServer(handler: Self.sequence([.json(503, "{}"), .json(502, "{}")]))
            let delays = Locked<[Int]>([])
            let policy = RetryPolicy(maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 150, maxTotalDelayMs: 1_000)
            let client = try makeClient(server) {
                $0.middleware = [
                    RetryMiddleware(policy: policy, random: { 0.5 }, sleep: { ms in delays.update { $0.append(ms) } })
                ]
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(res.data?.message == "ok")
            #expect(server.requests.count == 3)
            // Full jitter: half of min(cap, base * 2^n) with the random source fixed at 0.5.
            #expect(delays.value == [50, 75])
        }

        @Test func stopsAfterMaxAttemptsAndReturnsTheLastResponse() async throws {
            let server = try LoopbackServer { _ in .json(503, #"{"code":"too_busy","message":"busy"}"#) }
            let client = try makeClient(server) { $0.retry = fastPolicy(attempts: 4) }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 503)
            #expect(res.problem?.code == "too_busy")
            #expect(server.requests.count == 4)
        }

        @Test func offByDefault() async throws {
            let server = try LoopbackServer { _ in .json(503, "{}") }
            let client = try makeClient(server)
            let _: AppResponse<Greeting> = await client.get("/hello")
            #expect(server.requests.count == 1)
        }

        @Test func oneLineToTurnOn() async throws {
            let server = try LoopbackServer(handler: Self.sequence([.json(503, "{}")]))
            let client = try RonClient(
                config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true, middleware: [.retry(fastPolicy())]))
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(server.requests.count == 2)
        }

        @Test func doesNotRetryNonTransientStatuses() async throws {
            let server = try LoopbackServer { _ in .json(500, "{}") }
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 500)
            #expect(server.requests.count == 1)
        }

        @Test func honoursRetryAfterHeader() async throws {
            let server = try LoopbackServer(
                handler: Self.sequence([.respond(status: 429, headers: ["Retry-After": "2"])]))
            let delays = Locked<[Int]>([])
            let policy = RetryPolicy(maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxTotalDelayMs: 10_000)
            let client = try makeClient(server) {
                $0.middleware = [RetryMiddleware(policy: policy, sleep: { ms in delays.update { $0.append(ms) } })]
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(delays.value == [2_000])
        }

        @Test func honoursRetryAfterMsInProblemBody() async throws {
            let body = #"{"code":"rate_limited","message":"slow down","retryable":true,"retry_after_ms":250}"#
            let server = try LoopbackServer(handler: Self.sequence([.json(429, body)]))
            let delays = Locked<[Int]>([])
            let client = try makeClient(server) {
                $0.middleware = [
                    RetryMiddleware(policy: fastPolicy(), sleep: { ms in delays.update { $0.append(ms) } })
                ]
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(delays.value == [250])
        }

        @Test func realSleepWaitsForRetryAfter() async throws {
            let body = #"{"code":"rate_limited","message":"slow down","retry_after_ms":300}"#
            let server = try LoopbackServer(handler: Self.sequence([.json(429, body)]))
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let start = Date()
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(Date().timeIntervalSince(start) >= 0.29)
        }

        @Test func givesUpWhenRetryAfterIsTooLong() async throws {
            let server = try LoopbackServer { _ in .respond(status: 503, headers: ["Retry-After": "3600"]) }
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 503)
            #expect(res.problem?.retryAfterMs == 3_600_000)
            #expect(server.requests.count == 1)
        }

        @Test func idempotentPostIsRetriedWithTheSameKey() async throws {
            let server = try LoopbackServer(handler: Self.sequence([.json(503, "{}"), .reset]))
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let res: AppResponse<Greeting> = await client.post(
                "/notes", body: Greeting(message: "hi"), idempotent: true)
            #expect(res.ok)
            let keys = server.requests.map { $0.header("idempotency-key") }
            #expect(keys.count == 3)
            #expect(Set(keys).count == 1)
            #expect(keys.first??.isEmpty == false)
            #expect(Set(server.requests.map { $0.header("x-request-id") }).count == 1)
        }

        @Test func postWithAnInventedKeyIsNotRetried() async throws {
            let server = try LoopbackServer { _ in .json(503, "{}") }
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let res: AppResponse<Greeting> = await client.post("/notes", body: Greeting(message: "hi"))
            #expect(res.status == 503)
            #expect(server.requests.count == 1)
            #expect(server.requests.first?.header("idempotency-key")?.isEmpty == false)
            let patched: AppResponse<Greeting> = await client.patch("/notes/1", body: Greeting(message: "hi"))
            #expect(patched.status == 503)
            #expect(server.requests.count == 2)
        }

        @Test func serverThatDedupesLetsKeyedWritesRetry() async throws {
            let server = try LoopbackServer(handler: Self.sequence([.json(503, "{}"), .json(503, "{}")]))
            let client = try makeClient(server) {
                var policy = fastPolicy()
                policy.retriesWritesWithIdempotencyKey = true
                $0.retry = policy
            }
            let res: AppResponse<Greeting> = await client.post("/notes", body: Greeting(message: "hi"))
            #expect(res.ok)
            #expect(Set(server.requests.map { $0.header("idempotency-key") }).count == 1)
        }

        @Test func postWithoutKeyIsNotRetried() async throws {
            struct StripKey: RonMiddleware {
                func intercept(
                    _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
                ) async throws -> TransportResponse {
                    var request = request
                    request.setHeader("Idempotency-Key", nil)
                    return try await next(request)
                }
            }
            let server = try LoopbackServer { _ in .json(503, "{}") }
            let client = try makeClient(server) { $0.middleware = [StripKey(), .retry(fastPolicy())] }
            let res: AppResponse<Greeting> = await client.post("/notes", body: Greeting(message: "hi"))
            #expect(res.status == 503)
            #expect(server.requests.count == 1)
            #expect(server.requests.first?.header("idempotency-key") == nil)
        }

        @Test func patchWithoutKeyIsNotRetriedButPutIs() {
            let policy = RetryPolicy.standard
            let url = URL(string: "https://h/app/x")!
            #expect(!policy.isSafeToRetry(TransportRequest(method: "PATCH", url: url)))
            #expect(
                !policy.isSafeToRetry(TransportRequest(method: "POST", url: url, headers: ["X-Idempotency-Key": ""])))
            #expect(
                !policy.isSafeToRetry(TransportRequest(method: "POST", url: url, headers: ["idempotency-key": "k"])))
            var dedupes = policy
            dedupes.retriesWritesWithIdempotencyKey = true
            #expect(
                dedupes.isSafeToRetry(TransportRequest(method: "POST", url: url, headers: ["idempotency-key": "k"])))
            #expect(policy.isSafeToRetry(TransportRequest(method: "POST", url: url, idempotent: true)))
            #expect(!policy.isSafeToRetry(TransportRequest(method: "GET", url: url, idempotent: false)))
            #expect(policy.isSafeToRetry(TransportRequest(method: "PUT", url: url)))
            #expect(policy.isSafeToRetry(TransportRequest(method: "options", url: url)))
        }

        @Test func retriesConnectFailures() async throws {
            let client = try makeClient(port: try closedPort()) { $0.retry = fastPolicy(attempts: 3) }
            let events = client.events()
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 0)
            #expect(res.problem?.code == "connect_failed")
            client.close()
            var retried: [RonRequestRetriedEvent] = []
            for await event in events {
                if case .retried(let info) = event { retried.append(info) }
            }
            #expect(retried.map(\.attempt) == [2, 3])
            #expect(retried.allSatisfy { $0.cause == "connect_failed" })
        }

        @Test func overallTimeoutBoundsTheWholeChain() async throws {
            let server = try LoopbackServer { _ in .delay(milliseconds: 300, then: .json(503, "{}")) }
            let client = try makeClient(server) {
                $0.overallTimeoutMs = 400
                $0.retry = RetryPolicy(maxAttempts: 20, baseDelayMs: 1, maxDelayMs: 5, maxTotalDelayMs: 10_000)
            }
            let start = Date()
            let res: AppResponse<Greeting> = await client.get("/slow")
            let elapsed = Date().timeIntervalSince(start)
            // Unbounded, 20 attempts of 300 ms would take 6 s.
            #expect(elapsed < 3)
            #expect(res.status == 0 || res.status == 503)
            #expect(server.requests.count <= 3)
        }

        /// The first attempt of every fifth call answers 503; all thousand calls, made at once, come
        /// back with their own answer, each failed one after exactly one retry. Attempts are counted
        /// per path: with one counter for all requests ("every fifth request fails"), how the calls
        /// interleave decided which attempts failed, and now and then (once in a CI run) a call met a
        /// multiple of five on all five of its attempts and rightly gave up.
        @Test func thousandConcurrentCallsWithRetriesAllReturn() async throws {
            let attempts = Locked([String: Int]())
            let server = try LoopbackServer { request in
                let attempt = attempts.update { table -> Int in
                    table[request.path, default: 0] += 1
                    return table[request.path, default: 0]
                }
                let index = request.path.split(separator: "/").last.flatMap { Int($0) } ?? 0
                return index % 5 == 0 && attempt == 1
                    ? .json(503, "{}") : .json(200, #"{"message":"\#(request.path)"}"#)
            }
            let client = try makeClient(server) {
                $0.overallTimeoutMs = 120_000
                $0.retry = RetryPolicy(maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 20, maxTotalDelayMs: 1_000)
            }
            let results = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<1_000 {
                    group.addTask {
                        let res: AppResponse<Greeting> = await client.get("/n/\(index)")
                        return res.ok && res.data?.message == "/app/n/\(index)"
                    }
                }
                var oks = 0
                for await ok in group where ok { oks += 1 }
                return oks
            }
            #expect(results == 1_000)
            #expect(server.requests.count == 1_200)
            #expect(attempts.value.values.filter { $0 == 2 }.count == 200)
        }
    }
}
