import Foundation
import Logging
import RonAppSdkSwift
import Testing

/// Every fault of ``ChaosServer`` ends in one mapped problem, in time, many times at once, with
/// every call returning and every held connection released by the client.
@Suite(.serialized) struct ChaosTests {
    static let overallTimeoutMs = 2_000
    static let readTimeoutMs = 1_000

    static func client(_ server: ChaosServer, lines: Collector<String>? = nil) throws -> RonClient {
        try RonClient(
            config: RonConfig(
                baseUrl: server.baseURL, overallTimeoutMs: overallTimeoutMs, readTimeoutMs: readTimeoutMs,
                writeTimeoutMs: readTimeoutMs, allowInsecureHttp: true,
                logger: lines.map { sink in
                    Logger(label: "chaos") { _ in CapturingLogHandler(sink: sink, includeSource: true) }
                }))
    }

    @Test(arguments: ChaosExpectation.all)
    func faultEndsInItsMappedProblem(_ expected: ChaosExpectation) async throws {
        let server = try ChaosServer(onAccept: expected.mode == .immediateClose ? .immediateClose : nil)
        defer { server.stop() }
        let lines = Collector<String>()
        let client = try Self.client(server, lines: lines)
        defer { client.close() }
        let count = ChaosSettings.repeatCount
        let counter = CallCounter()
        let path = "/chaos/\(expected.mode.rawValue)"

        let outcomes = await runConcurrently(count, counter: counter) { _ in
            await timedCall(client, path, as: Greeting.self)
        }

        #expect(counter.counts.started == count)
        #expect(counter.counts.returned == count)
        #expect(outcomes.count == count)
        let limit = Self.overallTimeoutMs + ChaosSettings.slackMs
        var seen: [String: Int] = [:]
        for outcome in outcomes {
            seen["\(outcome.code ?? "ok")/\(outcome.kind ?? "-")/\(outcome.status)", default: 0] += 1
            #expect(outcome.elapsedMs < limit, "\(expected): took \(outcome.elapsedMs) ms")
        }
        let failures = Set(lines.values.filter { $0.contains("transport failure") }.map { $0.prefix(160) })
        #expect(
            seen == ["\(expected.code)/\(expected.kind)/\(expected.status)": count],
            "\(expected): \(seen) \(failures.sorted()); server sockets closed by another part of the process: \(server.lostCount)"
        )
        #expect(outcomes.allSatisfy { !$0.ok })
        #expect(server.acceptedCount >= 1)
        if expected.clientMustHangUp {
            // The server keeps these connections open until the client goes away: every one must be
            // released soon after its call returned (the transfer was cancelled, not left running).
            let idle = await server.waitUntilIdle(timeout: 10)
            #expect(idle, "\(expected): \(server.openCount) connection(s) still open")
            #expect(server.peerClosedCount == server.acceptedCount, "\(expected): client did not hang up")
        }
    }

    @Test func retryableFlagsFollowTheCause() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let lines = Collector<String>()
        let client = try Self.client(server, lines: lines)
        defer { client.close() }
        let expectations: [(ChaosMode, Bool)] = [
            (.truncatedLength, true), (.neverAnswer, true), (.tooLargeLength, false), (.htmlError, true),
            (.problem, true), (.notFound, false), (.empty200, false),
        ]
        for (mode, retryable) in expectations {
            let outcome = await timedCall(client, "/chaos/\(mode.rawValue)", as: Greeting.self)
            #expect(
                outcome.retryable == retryable,
                """
                \(mode): \(String(describing: outcome.retryable)), \(outcome.code ?? "ok") after \(outcome.elapsedMs) ms; \
                \(lines.values.filter { $0.contains("transport failure") }.suffix(2)); \
                server sockets closed by another part of the process: \(server.lostCount)
                """)
        }
    }

    @Test func perCallTimeoutBeatsTheClientTimeout() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let client = try Self.client(server)
        defer { client.close() }
        let outcome = await timedCall(client, "/chaos/neverAnswer", as: Greeting.self, timeoutMs: 300)
        #expect(outcome.code == "local_timeout")
        #expect(outcome.elapsedMs < 300 + ChaosSettings.slackMs)
    }

    @Test func closingTheClientEndsCallsInFlight() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let client = try RonClient(
            config: RonConfig(baseUrl: server.baseURL, overallTimeoutMs: 20_000, allowInsecureHttp: true))
        let counter = CallCounter()
        let count = min(ChaosSettings.repeatCount, 20)
        async let outcomes = runConcurrently(count, counter: counter) { _ in
            await timedCall(client, "/chaos/neverAnswer", as: Greeting.self)
        }
        // URLSession may queue some calls behind its per-host connection limit; close once the
        // server holds at least one and the rest had a moment to start.
        let deadline = Date().addingTimeInterval(5)
        while server.acceptedCount < 1, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        client.close()
        let all = await outcomes
        #expect(counter.counts.returned == count)
        for outcome in all {
            #expect(["cancelled", "client_closed"].contains(outcome.code ?? "ok"), "\(outcome)")
            #expect(outcome.elapsedMs < 5_000 + ChaosSettings.slackMs)
        }
        #expect(await server.waitUntilIdle(timeout: 10))
    }

    @Test func cancellingTheCallingTaskReturnsCancelled() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let client = try Self.client(server)
        defer { client.close() }
        let task = Task { await timedCall(client, "/chaos/neverAnswer", as: Greeting.self) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        let outcome = await task.value
        #expect(outcome.code == "cancelled")
        #expect(outcome.retryable == false)
        #expect(outcome.elapsedMs < 200 + ChaosSettings.slackMs)
        #expect(await server.waitUntilIdle(timeout: 10))
    }
}
