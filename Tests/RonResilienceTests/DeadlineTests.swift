import Foundation
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    /// Every call's overall deadline sits on one timer per client; a call that ends takes its deadline off.
    @Suite("Overall deadlines on one timer")
    struct DeadlineTests {
        struct Flag: Decodable, Sendable {
            var ok: Bool
        }

        /// Answers after `delayMs` whatever happens, ignoring cancellation (a transport that does not cooperate).
        struct StubbornTransport: RonTransport {
            var delayMs: Int

            func send(_ request: TransportRequest) async throws -> TransportResponse {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delayMs)) {
                        continuation.resume()
                    }
                }
                return TransportResponse(status: 200, body: Data(#"{"ok":true}"#.utf8))
            }
        }

        /// Answers at once.
        struct InstantTransport: RonTransport {
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                TransportResponse(status: 200, body: Data(#"{"ok":true}"#.utf8))
            }
        }

        static func client(_ transport: some RonTransport, timeoutMs: Int = 10_000) throws -> RonClient {
            try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "http://127.0.0.1:9"), overallTimeoutMs: timeoutMs, allowInsecureHttp: true,
                    transport: transport))
        }

        @Test(.timeLimit(.minutes(1)))
        func aShorterDeadlineStartedLaterStillEndsItsCall() async throws {
            // The first call arms the timer for two minutes; the second, due much sooner, must re-arm it
            // (or it would wait for the first's deadline and pass the test's time limit).
            let client = try Self.client(StubbornTransport(delayMs: 150_000), timeoutMs: 120_000)
            defer { client.close() }
            let long = Task { () -> AppResponse<Flag> in await client.get("/slow") }
            while client.deadlines.count < 1 { try await Task.sleep(nanoseconds: 1_000_000) }
            let short: AppResponse<Flag> = await client.request(AppRequest(path: "/slow", timeoutMs: 200))
            #expect(short.problem?.code == "local_timeout")
            long.cancel()
            let cancelled = await long.value
            #expect(cancelled.problem?.kind == "transport")
            #expect(client.deadlines.count == 0)
        }

        @Test func callsThatEndTakeTheirDeadlineOff() async throws {
            let client = try Self.client(InstantTransport())
            defer { client.close() }
            for _ in 0..<200 {
                let response: AppResponse<Flag> = await client.get("/fast")
                #expect(response.ok)
            }
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        let response: AppResponse<Flag> = await client.get("/fast")
                        return response.ok
                    }
                }
                for await ok in group { #expect(ok) }
            }
            #expect(client.deadlines.count == 0)
        }

        @Test func aDeadlineThatPassesEndsTheCallAndLeavesNoEntry() async throws {
            let client = try Self.client(StubbornTransport(delayMs: 2_000), timeoutMs: 100)
            defer { client.close() }
            for _ in 0..<3 {
                let response: AppResponse<Flag> = await client.get("/slow")
                #expect(response.problem?.code == "local_timeout")
            }
            #expect(client.deadlines.count == 0)
        }

        @Test func defaultIdsAreRandomVersion4UUIDsInLowercase() {
            let ids = (0..<500).map { _ in RandomUUID.lowercased() }
            #expect(Set(ids).count == ids.count)
            for id in ids {
                let parsed = UUID(uuidString: id)
                #expect(parsed?.uuidString.lowercased() == id)
                let characters = Array(id)
                #expect(characters.count == 36)
                #expect(characters[14] == "4")
                #expect("89ab".contains(characters[19]))
                #expect(id.allSatisfy { "0123456789abcdef-".contains($0) })
            }
        }
    }
}
