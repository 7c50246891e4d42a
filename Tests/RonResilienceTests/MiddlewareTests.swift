import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Middleware chain, validator and metrics")
    struct MiddlewareTests {
        /// Appends its name to a header on the way in and to a response header on the way out.
        struct Tag: RonMiddleware {
            let name: String
            func intercept(
                _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
            ) async throws -> TransportResponse {
                var request = request
                request.setHeader("X-Trail", (request.header("x-trail").map { $0 + "," } ?? "") + name)
                var response = try await next(request)
                response.headers["x-out"] = (response.headers["x-out"].map { $0 + "," } ?? "") + name
                return response
            }
        }

        @Test func firstMiddlewareIsOutermost() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let client = try makeClient(server) { $0.middleware = [Tag(name: "a"), Tag(name: "b"), Tag(name: "c")] }
            let res: AppResponse<Greeting> = await client.get("/x")
            #expect(res.ok)
            #expect(server.requests.first?.header("x-trail") == "a,b,c")
            #expect(res.header("x-out") == "c,b,a")
        }

        @Test func contextCarriesTheCallsIds() async throws {
            struct Capture: RonMiddleware {
                let seen: Locked<[String]>
                func intercept(
                    _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
                ) async throws -> TransportResponse {
                    seen.update { $0 = [context.method.rawValue, context.path, context.requestId ?? "-"] }
                    #expect(context.remainingMs > 0)
                    return try await next(request)
                }
            }
            let seen = Locked<[String]>([])
            let server = try LoopbackServer { _ in .json(200, "{}") }
            let client = try makeClient(server) {
                $0.middleware = [Capture(seen: seen)]
                $0.requestIdFactory = { "req-1" }
            }
            let _: AppResponse<EmptyBody> = await client.delete("/things/1")
            #expect(seen.value == ["DELETE", "/things/1", "req-1"])
            #expect(server.requests.first?.header("x-request-id") == "req-1")
        }

        @Test func validatorRejectsNonJSONSuccess() async throws {
            let server = try LoopbackServer { _ in
                .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html></html>".utf8))
            }
            let client = try makeClient(server) { $0.middleware = [.validator()] }
            let res: AppResponse<Greeting> = await client.get("/page")
            #expect(!res.ok)
            #expect(res.status == 200)
            #expect(res.problem?.code == "unexpected_content_type")
            #expect(res.problem?.kind == "validation")
        }

        @Test func validatorAcceptsJSONVariantsAndRespectsOwnAccept() async throws {
            let server = try LoopbackServer { request in
                request.path.hasSuffix("/text")
                    ? .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("plain".utf8))
                    : .json(
                        200, #"{"message":"hi"}"#, headers: ["Content-Type": "application/problem+json; charset=utf-8"])
            }
            let client = try makeClient(server) { $0.middleware = [ResponseValidatorMiddleware()] }
            let json: AppResponse<Greeting> = await client.get("/json")
            #expect(json.ok)
            let text: AppResponse<String> = await client.get("/text", headers: ["Accept": "text/plain"])
            #expect(text.ok)
            #expect(text.data == "plain")
        }

        @Test func validatorEnforcesMaxSize() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"\#(String(repeating: "x", count: 100))"}"#)
            }
            let client = try makeClient(server) { $0.middleware = [.validator(maxBytes: 50)] }
            let res: AppResponse<Greeting> = await client.get("/big")
            #expect(res.problem?.code == "response_too_large")
            #expect(res.problem?.details?["limit"] == .integer(50))
        }

        @Test func metricsCountStatusClassesAndFailures() async throws {
            let server = try LoopbackServer { request in
                request.path.hasSuffix("/missing") ? .json(404, "{}") : .json(200, #"{"message":"hi"}"#)
            }
            let metrics = MetricsMiddleware()
            let client = try makeClient(server) { $0.middleware = [metrics] }
            for _ in 0..<3 {
                let _: AppResponse<Greeting> = await client.get("/ok")
            }
            let _: AppResponse<Greeting> = await client.get("/missing")
            let offline = try makeClient(port: try closedPort()) { $0.middleware = [metrics] }
            let _: AppResponse<Greeting> = await offline.get("/down")
            let snapshot = metrics.snapshot()
            #expect(snapshot.calls == 5)
            #expect(snapshot.inFlight == 0)
            #expect(snapshot.statusClasses == ["2xx": 3, "4xx": 1])
            #expect(snapshot.failures == 1)
            #expect(snapshot.durationBuckets.reduce(0, +) == 5)
            #expect(snapshot.maxDurationMs >= 0 && snapshot.averageDurationMs <= Double(snapshot.maxDurationMs))
            metrics.reset()
            #expect(metrics.snapshot().calls == 0)
        }

        @Test func middlewareProblemIsReturnedAsIs() async throws {
            struct Deny: RonMiddleware {
                func intercept(
                    _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
                ) async throws -> TransportResponse {
                    throw RonProblem(code: "blocked_locally", message: "blocked", kind: "policy")
                }
            }
            let server = try LoopbackServer { _ in .json(200, "{}") }
            let client = try makeClient(server) { $0.middleware = [Deny()] }
            let res: AppResponse<Greeting> = await client.get("/x")
            #expect(res.problem?.code == "blocked_locally")
            #expect(res.status == 0)
            #expect(server.requests.isEmpty)
        }
    }
}
