import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension ResilienceTests {
    @Suite("Lifecycle and HTTP semantics over loopback")
    struct HardeningTests {
        /// `{"message":"hello gzip"}`, gzip-coded.
        static let gzipGreeting = Data([
            0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x4d, 0x2d, 0x2e, 0x4e, 0x4c,
            0x4f, 0x55, 0xb2, 0x52, 0xca, 0x48, 0xcd, 0xc9, 0xc9, 0x57, 0x48, 0xaf, 0xca, 0x2c, 0x50, 0xaa, 0x05, 0x00,
            0xd6, 0xce, 0x39, 0x93, 0x18, 0x00, 0x00, 0x00,
        ])

        @Test func closingWhileHundredsOfCallsRunNeverCrashes() async throws {
            let server = try LoopbackServer { _ in .delay(milliseconds: 5, then: .json(200, #"{"message":"hi"}"#)) }
            for round in 0..<4 {
                let client = try makeClient(server) {
                    $0.headerProvider = { ["X-Round": "r"] }
                }
                let codes = await withTaskGroup(of: String.self) { group in
                    for _ in 0..<150 {
                        group.addTask {
                            let res: AppResponse<Greeting> = await client.get("/hello")
                            return res.ok ? "ok" : res.problem?.code ?? "?"
                        }
                    }
                    group.addTask {
                        try? await Task.sleep(nanoseconds: UInt64(round) * 2_000_000)
                        client.close()
                        return "closed"
                    }
                    var all: [String] = []
                    for await code in group { all.append(code) }
                    return all
                }
                #expect(Set(codes).isSubset(of: ["ok", "client_closed", "closed"]), "round \(round): \(Set(codes))")
                let after: AppResponse<Greeting> = await client.get("/hello")
                #expect(after.problem?.code == "client_closed")
            }
        }

        @Test func aCallWaitingInTheHeaderProviderEndsWithClientClosed() async throws {
            let server = try LoopbackServer { _ in .json(200, #"{"message":"hi"}"#) }
            let entered = Locked(false)
            let client = try makeClient(server) {
                $0.headerProvider = {
                    entered.update { $0 = true }
                    try? await Task.sleep(nanoseconds: 200_000_000)
                    return [:]
                }
            }
            async let res: AppResponse<Greeting> = client.get("/hello")
            #expect(await eventually { entered.value })
            client.close()
            #expect(await res.problem?.code == "client_closed")
            #expect(server.requests.isEmpty)
        }

        @Test func headOfARouteWithABodyIsNotTruncated() async throws {
            let server = try LoopbackServer { _ in
                .raw(
                    Data(
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\nConnection: close\r\n\r\n"
                            .utf8))
            }
            let client = try makeClient(server) { $0.retry = fastPolicy() }
            let res: AppResponse<EmptyBody> = await client.request(AppRequest(method: .head, path: "/hello"))
            #expect(res.ok, "\(String(describing: res.problem))")
            #expect(res.header("content-length") == "16")
            #expect(server.requests.count == 1)
        }

        @Test func aGzipAnswerIsDecodedNotTruncated() async throws {
            let server = try LoopbackServer { _ in
                var head = Data(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(Self.gzipGreeting.count)\r\nConnection: close\r\n\r\n"
                        .utf8)
                head.append(Self.gzipGreeting)
                return .raw(head)
            }
            let client = try makeClient(server)
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.data?.message == "hello gzip", "\(String(describing: res.problem))")
            #expect(server.requests.first?.header("accept-encoding")?.contains("gzip") == true)
        }

        @Test func aRedirectToAnotherPortDropsEveryCredential() async throws {
            let target = try LoopbackServer { _ in .json(200, #"{"message":"moved"}"#) }
            let origin = try LoopbackServer { _ in
                .respond(status: 302, headers: ["Location": "http://127.0.0.1:\(target.port)/app/elsewhere"])
            }
            let client = try makeClient(origin) {
                $0.authToken = "secret-token"
                $0.passportToken = "passport-1"
                $0.headerProvider = { ["X-Api-Key": "key-1", "X-RON-Facet-Grant": "g"] }
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.data?.message == "moved")
            let forwarded = try #require(target.requests.first)
            for name in ["authorization", "x-ron-passport", "x-api-key", "x-ron-facet-grant"] {
                #expect(forwarded.header(name) == nil, "\(name) was forwarded")
            }
            #expect(forwarded.header("x-request-id") != nil)
            #expect(origin.requests.first?.header("authorization") == "Bearer secret-token")
        }

        @Test func callsAndStreamsStartFromTheConfiguredSession() async throws {
            let server = try LoopbackServer { request in
                request.path == "/app/events"
                    ? .events { writer in
                        writer.send("data: {\"message\":\"e\"}\n\n")
                        _ = writer.waitForPeerClose(timeoutMs: 2_000)
                    }
                    : .json(200, #"{"message":"hi"}"#)
            }
            let client = try makeClient(server) {
                $0.sessionConfiguration = {
                    let configuration = URLSessionConfiguration.ephemeral
                    configuration.httpAdditionalHeaders = ["X-Proxy-Tag": "custom-session"]
                    return configuration
                }
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            let stream = try await client.subscribe(Greeting.self, path: "/events")
            for try await greeting in stream {
                #expect(greeting.message == "e")
                break
            }
            #expect(server.requests.count == 2)
            #expect(server.requests.allSatisfy { $0.header("x-proxy-tag") == "custom-session" })
        }

        @Test func aRedirectLoopEndsWithAMappedProblem() async throws {
            let server = try LoopbackServer { request in
                .respond(status: 302, headers: ["Location": "/app/loop\(request.target.count)"])
            }
            let client = try makeClient(server) { $0.maxRedirects = 3 }
            let res: AppResponse<Greeting> = await client.get("/loop")
            #expect(res.problem?.code == "too_many_redirects")
            #expect(res.status == 0)
            #expect(server.requests.count == 4)
        }
    }
}
