import Foundation
import Logging
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Secrets never leave through a refused path; hooks are bounded")
    struct RedactionEverywhereTests {
        /// A path refused with a secret in its query (a `..` segment, or a fragment after it).
        @Test(arguments: ["/download/../admin?token=sup3rsecret", "/download?token=sup3rsecret#part"])
        func aRefusedPathWithATokenReachesNoHookEventOrLog(path: String) async throws {
            let server = try LoopbackServer { _ in .json(200, "{}") }
            let lines = Collector<String>()
            let infos = Collector<String>()
            let client = try makeClient(server) {
                $0.logger = .capturing(into: lines)
                $0.onResponse = { info in infos.append("\(info.url) \(info.problem?.message ?? "")") }
            }
            let events = client.events()
            let res: AppResponse<Data> = await client.get(path)
            #expect(res.problem?.code == "invalid_path")
            #expect(res.problem?.message.contains("sup3rsecret") == false)
            var finished: RonRequestFinishedEvent?
            for await event in events {
                if case .finished(let event) = event {
                    finished = event
                    break
                }
            }
            #expect(finished?.url.contains("sup3rsecret") == false)
            #expect(finished?.url.hasPrefix("[not built]") == true)
            let hooked = await infos.wait(for: 1)
            #expect(hooked.count == 1)
            #expect(!hooked.joined().contains("sup3rsecret"))
            #expect(!lines.values.joined().contains("sup3rsecret"))
            #expect(server.requests.isEmpty)
        }

        @Test func aSlowHookDropsAndCountsInsteadOfGrowing() async throws {
            let gate = DispatchSemaphore(value: 0)
            let ran = Locked(0)
            let transport = InMemoryTransport(json: "{}")
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "https://node.example"), transport: transport,
                    onResponse: { _ in
                        gate.wait()
                        ran.update { $0 += 1 }
                    }))
            let total = HookQueue.limit + 200
            for _ in 0..<total {
                let res: AppResponse<Data> = await client.get("/hello")
                #expect(res.ok)
            }
            // The first hook blocks; the queue holds at most `limit` calls, the rest are counted.
            #expect(client.droppedHookCalls >= total - HookQueue.limit - 1)
            #expect(client.droppedHookCalls <= total - HookQueue.limit)
            for _ in 0..<total { gate.signal() }
            #expect(await eventually(timeoutMs: 5_000) { ran.value + client.droppedHookCalls == total })
        }
    }
}
