import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Auth refresh middleware over loopback")
    struct AuthRefreshTests {
        static func gate(_ accepted: String) -> @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply {
            { request in
                request.header("authorization") == accepted
                    ? .json(200, #"{"message":"hi"}"#)
                    : .json(401, #"{"code":"unauthorized","message":"token expired"}"#)
            }
        }

        @Test func fiftyConcurrent401sShareOneRefresh() async throws {
            let server = try LoopbackServer(handler: Self.gate("Bearer new-token"))
            let refreshes = Locked(0)
            let auth = AuthRefreshMiddleware {
                refreshes.update { $0 += 1 }
                try await Task.sleep(nanoseconds: 100_000_000)
                return "new-token"
            }
            let client = try makeClient(server) {
                $0.authToken = "old-token"
                $0.middleware = [auth]
            }
            let oks = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let res: AppResponse<Greeting> = await client.get("/hello")
                        return res.ok
                    }
                }
                var count = 0
                for await ok in group where ok { count += 1 }
                return count
            }
            #expect(oks == 50)
            #expect(refreshes.value == 1)
            #expect(await auth.coordinator.refreshCount == 1)
            let sentOld = server.requests.filter { $0.header("authorization") == "Bearer old-token" }.count
            let sentNew = server.requests.filter { $0.header("authorization") == "Bearer new-token" }.count
            #expect(sentNew == 50)
            #expect(sentOld >= 1 && sentOld <= 50)
            // Later calls use the refreshed token from the start.
            let before = server.requests.count
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            #expect(server.requests.count == before + 1)
        }

        @Test func secondUnauthorizedIsReturnedAsIs() async throws {
            let server = try LoopbackServer(handler: Self.gate("never"))
            let auth = AuthRefreshMiddleware { "still-wrong" }
            let client = try makeClient(server) {
                $0.authToken = "old"
                $0.middleware = [auth]
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 401)
            #expect(res.problem?.code == "unauthorized")
            #expect(server.requests.count == 2)
            #expect(server.requests.last?.header("authorization") == "Bearer still-wrong")
            #expect(await auth.coordinator.refreshCount == 1)
        }

        @Test func failedRefreshReturnsTheFirst401() async throws {
            struct Denied: Error {}
            let server = try LoopbackServer(handler: Self.gate("never"))
            let client = try makeClient(server) {
                $0.middleware = [AuthRefreshMiddleware { throw Denied() }]
            }
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.status == 401)
            #expect(server.requests.count == 1)
        }

        @Test func refreshReplayIsReportedAsRetry() async throws {
            let server = try LoopbackServer(handler: Self.gate("Macaroon m1"))
            let client = try makeClient(server) {
                $0.middleware = [AuthRefreshMiddleware { "Macaroon m1" }]
            }
            let events = client.events()
            let res: AppResponse<Greeting> = await client.get("/hello")
            #expect(res.ok)
            client.close()
            var causes: [String] = []
            for await event in events {
                if case .retried(let info) = event { causes.append(info.cause) }
            }
            #expect(causes == ["auth_refresh"])
        }
    }
}
