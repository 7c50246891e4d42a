import Foundation
import RonAppSdkSwift
import Testing

/// Many calls at once through one client: fast, slow and failing routes mixed.
@Suite struct ConcurrencyTests {
    /// The route of call `index` and the outcome it must have.
    static func route(_ index: Int) -> (mode: ChaosMode, code: String?, status: Int) {
        switch index % 10 {
        case 0...4: return (.ok, nil, 200)
        case 5, 6: return (.slow, nil, 200)
        case 7: return (.problem, "too_busy", 503)
        case 8: return (.htmlError, "http_502", 502)
        default: return (.truncatedLength, "truncated_body", 0)
        }
    }

    @Test func aThousandConcurrentCallsAllReturnTheRightOutcome() async throws {
        let server = try ChaosServer(lifetime: 300)
        defer { server.stop() }
        let client = try RonClient(
            config: RonConfig(
                baseUrl: server.baseURL, overallTimeoutMs: 120_000, readTimeoutMs: 60_000, allowInsecureHttp: true))
        defer { client.close() }
        let count = ChaosSettings.concurrentCount
        let counter = CallCounter()
        let clock = ContinuousClock()
        let started = clock.now

        let outcomes = await withTaskGroup(of: (Int, CallOutcome).self) { group in
            for index in 0..<count {
                group.addTask {
                    counter.started()
                    let outcome = await timedCall(
                        client, "/chaos/\(Self.route(index).mode.rawValue)", as: Greeting.self)
                    counter.returned()
                    return (index, outcome)
                }
            }
            var all: [(Int, CallOutcome)] = []
            for await pair in group { all.append(pair) }
            return all
        }
        let elapsed = clock.now - started

        #expect(counter.counts.started == count)
        #expect(counter.counts.returned == count)
        #expect(outcomes.count == count)
        var wrong: [String] = []
        for (index, outcome) in outcomes {
            let expected = Self.route(index)
            let right =
                outcome.code == expected.code && outcome.status == expected.status
                && outcome.ok == (expected.code == nil)
            if !right { wrong.append("#\(index) \(expected.mode.rawValue): \(outcome)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first: \(wrong.prefix(5))")
        #expect(server.acceptedCount == count)
        #expect(await server.waitUntilIdle(timeout: 10))
        print("ConcurrencyTests: \(count) calls in \(elapsed), \(server.acceptedCount) connections")
    }
}
