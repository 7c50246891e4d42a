import Foundation
import Logging
import RonAppSdkSwift
import Testing

/// No log line (debug on, every line captured) and no hook info ever shows a credential, whatever
/// the server does.
@Suite struct LeakTests {
    static let tokens = [
        "tok-AUTH-1111", "tok-PASS-2222", "tok-HDR-3333", "tok-QUERY-4444", "tok-COOKIE-5555",
    ]

    struct Capture {
        let lines = Collector<String>()
        let requests = Collector<String>()
        let responses = Collector<String>()
    }

    static func client(_ server: ChaosServer, _ capture: Capture) throws -> RonClient {
        let tokens = Self.tokens
        return try RonClient(
            config: RonConfig(
                // Timeouts that only guard (redaction is what is tested) leave the sanitizer's slack.
                baseUrl: server.baseURL, overallTimeoutMs: 2_000 + ChaosSettings.slackMs,
                readTimeoutMs: 1_000 + ChaosSettings.slackMs, writeTimeoutMs: 1_000 + ChaosSettings.slackMs,
                authToken: tokens[0], passportToken: tokens[1],
                headerProvider: { ["X-RON-Token": tokens[2], "Cookie": "session=\(tokens[4])"] },
                allowInsecureHttp: true, debug: true,
                logger: Logger(label: "leak-test") { _ in CapturingLogHandler(sink: capture.lines, includeSource: true)
                },
                onRequest: { capture.requests.append(String(reflecting: $0)) },
                onResponse: { capture.responses.append(String(reflecting: $0)) }))
    }

    static func leaks(in capture: Capture, calls: Int) async -> [String] {
        let requests = await capture.requests.wait(for: calls)
        let responses = await capture.responses.wait(for: calls)
        #expect(requests.count == calls)
        #expect(responses.count == calls)
        #expect(capture.lines.values.count >= 2 * calls)
        let everything = capture.lines.values + requests + responses
        return everything.filter { line in tokens.contains { line.contains($0) } }
    }

    @Test func noCredentialInLogsOrHooksForAnyFault() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let capture = Capture()
        let client = try Self.client(server, capture)
        defer { client.close() }
        let modes = ChaosMode.allCases.filter { ![.immediateClose, .echo, .echoProblem].contains($0) }
        await withTaskGroup(of: Void.self) { group in
            for mode in modes {
                group.addTask {
                    let _: AppResponse<Greeting> = await client.get(
                        "/chaos/\(mode.rawValue)", query: ["api_token": Self.tokens[3], "q": "1"])
                }
            }
        }
        let leaked = await Self.leaks(in: capture, calls: modes.count)
        #expect(leaked.isEmpty, "\(leaked)")
        #expect(server.requestsByMode.values.reduce(0, +) == modes.count)
    }

    @Test func echoedRequestHeadersAreRedactedInDebugBodies() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let capture = Capture()
        let client = try Self.client(server, capture)
        defer { client.close() }
        let res: AppResponse<Data> = await client.get("/chaos/echo")
        #expect(res.ok)
        // The echo really carried the secrets, so a clean log means they were redacted.
        let echoed = String(decoding: res.raw ?? Data(), as: UTF8.self)
        #expect(echoed.contains(Self.tokens[0]) && echoed.contains(Self.tokens[2]))
        let leaked = await Self.leaks(in: capture, calls: 1)
        #expect(!leaked.contains { $0.contains(Self.tokens[0]) || $0.contains(Self.tokens[1]) })
        #expect(!leaked.contains { $0.contains(Self.tokens[2]) })
        #expect(leaked.isEmpty, "\(leaked)")
    }

    @Test func echoedTokenQueryIsRedactedInDebugBodies() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let capture = Capture()
        let client = try Self.client(server, capture)
        defer { client.close() }
        let res: AppResponse<Data> = await client.get("/chaos/echo", query: ["api_token": Self.tokens[3]])
        #expect(res.ok)
        let leaked = await Self.leaks(in: capture, calls: 1)
        #expect(!leaked.contains { $0.contains(Self.tokens[3]) }, "\(leaked)")
    }

    @Test func aProblemMessageRepeatingTheTokenIsRedactedInHooks() async throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let capture = Capture()
        let client = try Self.client(server, capture)
        defer { client.close() }
        let res: AppResponse<Greeting> = await client.get("/chaos/echoProblem")
        #expect(res.status == 401)
        #expect(res.problem?.code == "unauthorized")
        let leaked = await Self.leaks(in: capture, calls: 1)
        // The log lines carry only the problem's code and kind; the hook gets the whole problem.
        #expect(!capture.lines.values.contains { $0.contains(Self.tokens[0]) })
        #expect(leaked.isEmpty, "\(leaked)")
    }
}
