import Foundation
import RonAppSdkSwift
import RonMock
import RonTestSupport
import Testing

/// Faults and latency on demand, over real HTTP on loopback and through the SDK: configured per
/// operation or for all (options, a faults file), asked for with `Prefer`, and drawn from a seed.
@Suite struct MockFaultTests {
    struct Item: Codable, Equatable {
        var id: String
        var name: String
        var price: Double
    }

    static let v1 = RonPath.server("/v1")

    static func faults(
        _ all: MockFaults.Rule = .init(), operations: [String: MockFaults.Rule] = [:], seed: UInt64? = nil
    ) -> MockServer.Configuration {
        .init(faults: MockFaults(all: all, operations: operations, seed: seed))
    }

    // MARK: Latency

    @Test func aConfiguredLatencyDelaysAnswersAndAnOperationsOwnRuleWins() throws {
        let mock = try DocumentMock(
            shopWith: Self.faults(
                .init(latency: .init(milliseconds: 250)), operations: ["health": .init(latency: .init(milliseconds: 0))]
            ))
        let clock = ContinuousClock()
        let start = clock.now
        let item = try mock.request("GET", "/v1/items/i-1")
        #expect(clock.now - start >= .milliseconds(250))
        #expect(item.status == 200)
        #expect(item.headers["x-ron-mock-latency"] == "250")
        let health = try mock.request("GET", "/v1/health")
        #expect(health.headers["x-ron-mock-latency"] == nil)
        #expect(mock.log.value.first == "GET /v1/items/i-1 -> 200 (Fixtures/Item/getItem.json; 250 ms late)")
    }

    @Test func aTestAsksForLatencyThroughTheSDKAndSeesTheTime() async throws {
        let mock = try DocumentMock(shopWith: .init())
        let client = try makeClient(port: mock.port)
        defer { client.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let item: AppResponse<Item> = await client.get(Self.v1 + "/items/i-1", headers: ["Prefer": "latency=300"])
        let elapsed = clock.now - start
        #expect(item.data?.id == "i-1")
        #expect(elapsed >= .milliseconds(300))
        #expect(item.durationMs >= 300)
        #expect(item.header("X-Ron-Mock-Latency") == "300")
    }

    @Test func jitterStaysWithinItsBounds() throws {
        let mock = try DocumentMock(
            shopWith: Self.faults(.init(latency: .init(milliseconds: 20, jitterMilliseconds: 20)), seed: 3))
        var delays: Set<Int> = []
        for _ in 0..<12 {
            let answer = try mock.request("GET", "/v1/health")
            delays.insert(Int(answer.headers["x-ron-mock-latency"] ?? "0") ?? -1)
        }
        #expect(delays.allSatisfy { (0...40).contains($0) }, "\(delays)")
        #expect(delays.count > 3, "\(delays)")
    }

    // MARK: Error statuses

    @Test func a503WithRetryAfterTwiceThenSuccessIsRetriedByTheSDK() async throws {
        let twice = MockFaults.Failure(share: 1, fault: .status(503), retryAfterSeconds: 1, times: 2)
        let mock = try DocumentMock(shopWith: Self.faults(.init(failures: [twice])))
        let client = try makeClient(port: mock.port) {
            $0.retry = RetryPolicy(maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxTotalDelayMs: 5_000)
        }
        defer { client.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let item: AppResponse<Item> = await client.get(Self.v1 + "/items/i-1")
        #expect(item.status == 200)
        #expect(item.data?.id == "i-1")
        // Retry-After: 1 was honoured twice.
        #expect(clock.now - start >= .milliseconds(1_900))
        let log = mock.log.value
        #expect(log.count == 3)
        #expect(log.first == "GET /v1/items/i-1 -> 503 (generated; fault 503, share 1 of all)")
        #expect(log.last == "GET /v1/items/i-1 -> 200 (Fixtures/Item/getItem.json)")
    }

    @Test func aFailedAnswerIsTheDocumentedOneWithRetryAfterAndTheRequestIsNotProcessed() throws {
        let limited = MockFaults.Failure(share: 1, fault: .status(429), retryAfterSeconds: 7)
        let broken = MockFaults.Failure(share: 1, fault: .status(404))
        let mock = try DocumentMock(
            shopWith: Self.faults(operations: [
                "listItems": .init(failures: [limited]), "getItem": .init(failures: [broken]),
            ]))
        // Not documented: the envelope, retryable, with Retry-After; the invalid query is not looked at.
        let list = try mock.request("GET", "/v1/items?limit=500")
        #expect(list.status == 429)
        #expect(list.headers["retry-after"] == "7")
        #expect(list.json?["code"] as? String == "rate_limited")
        #expect(list.json?["retryable"] as? Bool == true)
        #expect(list.headers["x-ron-mock-fault"] == "429, share 1 of listItems")
        // Documented: its example.
        let item = try mock.request("GET", "/v1/items/i-1")
        #expect(item.status == 404)
        #expect(item.json?["message"] as? String == "no item i-1")
        #expect(item.headers["retry-after"] == nil)
        // Other operations are left alone.
        #expect(try mock.request("GET", "/v1/health").status == 200)
    }

    // MARK: Reset and stall

    @Test func aResetConnectionIsATransportProblemOfTheSDKWithoutAHang() async throws {
        let mock = try DocumentMock(
            shopWith: Self.faults(operations: ["getItem": .init(failures: [.init(share: 1, fault: .reset)])]))
        let client = try makeClient(port: mock.port) { $0.overallTimeoutMs = 20_000 }
        defer { client.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let item: AppResponse<Item> = await client.get(Self.v1 + "/items/i-1")
        #expect(clock.now - start < .seconds(10))
        #expect(item.status == 0)
        #expect(item.problem?.kind == "transport")
        #expect(item.problem?.code == "connection_reset")
        // Asked for with Prefer, on any operation.
        let health: AppResponse<String> = await client.get(Self.v1 + "/health", headers: ["Prefer": "fault=reset"])
        #expect(health.problem?.code == "connection_reset")
        #expect(mock.log.value.last == "GET /v1/health -> reset (fault reset, asked with Prefer)")
        // A raw client sees the connection end with no answer.
        #expect(throws: MockHTTPClient.Failure.self) { try mock.request("GET", "/v1/items/i-1") }
    }

    @Test func aStallEndsWithTheSDKsTimeoutAndHoldsUpNoOtherConnection() async throws {
        let mock = try DocumentMock(shopWith: .init())
        let client = try makeClient(port: mock.port) {
            $0.readTimeoutMs = 500
            $0.overallTimeoutMs = 1_500
        }
        defer { client.close() }
        let clock = ContinuousClock()
        let start = clock.now
        async let stalled: AppResponse<Item> = client.get(Self.v1 + "/items/i-1", headers: ["Prefer": "fault=stall"])
        // Meanwhile another connection is answered.
        #expect(try mock.request("GET", "/v1/health").text == "ok")
        let item = await stalled
        #expect(clock.now - start < .seconds(10))
        #expect(item.status == 0)
        #expect(item.problem?.kind == "transport")
        #expect(item.problem?.code == "local_timeout")
    }

    @Test func aStallEndsAtItsBoundOrWhenTheServerStops() throws {
        let bounded = try DocumentMock(shopWith: .init(stallLimitSeconds: 1))
        let clock = ContinuousClock()
        var start = clock.now
        #expect(throws: MockHTTPClient.Failure.self) {
            try bounded.request("GET", "/v1/health", headers: ["Prefer": "fault=stall"])
        }
        #expect(clock.now - start >= .milliseconds(900))
        #expect(clock.now - start < .seconds(10))
        // A server that stops ends its stalls at once (the default bound is 60 s).
        let mock = try DocumentMock(shopWith: .init())
        let client = try MockHTTPClient(port: mock.port)
        try client.send("GET /v1/health HTTP/1.1\r\nHost: x\r\nPrefer: fault=stall\r\n\r\n")
        // The log line is written once the stall begins.
        let begun = clock.now
        while mock.log.value.isEmpty, clock.now - begun < .seconds(5) { Thread.sleep(forTimeInterval: 0.01) }
        #expect(mock.log.value == ["GET /v1/health -> stall (fault stall, asked with Prefer)"])
        start = clock.now
        mock.server.stop()
        #expect(throws: MockHTTPClient.Failure.self) { try client.readAnswer() }
        #expect(clock.now - start < .seconds(5))
    }

    // MARK: The seed

    @Test func theSameSeedGivesTheSameFaultsForTheSameRequests() throws {
        let rule = MockFaults.Rule(
            latency: .init(milliseconds: 5, jitterMilliseconds: 5),
            failures: [
                .init(share: 0.3, fault: .status(503)), .init(share: 0.15, fault: .reset),
                .init(share: 0.1, fault: .status(500)),
            ])
        func outcomes(seed: UInt64) throws -> [String] {
            let mock = try DocumentMock(shopWith: Self.faults(rule, seed: seed))
            return (0..<24).map { index in
                let target = index.isMultiple(of: 2) ? "/v1/items/i-1" : "/v1/health"
                guard let answer = try? mock.request("GET", target) else { return "reset" }
                return "\(answer.status)+\(answer.headers["x-ron-mock-latency"] ?? "0")"
            }
        }
        let first = try outcomes(seed: 42)
        #expect(try outcomes(seed: 42) == first)
        let statuses = Set(first.map { $0.split(separator: "+")[0] })
        #expect(statuses.isSuperset(of: ["200", "503", "reset"]), "\(first)")
        #expect(try outcomes(seed: 43) != first)
    }

    // MARK: Configuration

    @Test func theCommandLineOptionsMakeRulesByOperation() throws {
        let faults = try MockFaults.commandLine(
            latency: ["200±50", "getItem=10+-0"], fail: ["0.2:503", "5%:reset", "getItem=1:503:retry-after=2:times=2"],
            seed: 9)
        #expect(faults.all.latency == .init(milliseconds: 200, jitterMilliseconds: 50))
        #expect(faults.all.failures == [.init(share: 0.2, fault: .status(503)), .init(share: 0.05, fault: .reset)])
        #expect(faults.operations["getItem"]?.latency == .init(milliseconds: 10))
        #expect(
            faults.operations["getItem"]?.failures == [
                .init(share: 1, fault: .status(503), retryAfterSeconds: 2, times: 2)
            ])
        #expect(faults.seed == 9)
        #expect(
            faults.description
                == "all: latency 200±50 ms, fail 0.2:503, 0.05:reset; getItem: latency 10 ms, fail 1:503:retry-after=2:times=2 (seed 9)"
        )
        let errors: [([String], [String], String)] = [
            (
                ["soon"], [],
                "--latency: a latency is milliseconds from 0 to 600000, optionally ±jitter (200, 200±50 or 200+-50), got 'soon'"
            ),
            (
                [], ["0.2"],
                "--fail: a failure is SHARE:FAULT[:retry-after=SECONDS][:times=N] (0.2:503, 5%:reset), got '0.2'"
            ),
            ([], ["1.5:503"], "--fail: a share is a number from 0 to 1 (or a percentage), got '1.5'"),
            ([], ["0.2:302"], "--fail: a fault is a status from 400 to 599, reset or stall, got '302'"),
            ([], ["0.2:500:retry-after=1"], "--fail: retry-after is sent with 429 and 503 only, not with 500"),
            ([], ["0.2:503:often"], "--fail: 'often' in '0.2:503:often' is neither retry-after=SECONDS nor times=N"),
            ([], ["0.7:503", "0.7:reset"], "--fail (all): the shares of failures add up to 1.4, more than 1"),
        ]
        for (latency, fail, message) in errors {
            #expect(throws: MockFaults.ConfigurationError.self) {
                try MockFaults.commandLine(latency: latency, fail: fail)
            }
            do {
                _ = try MockFaults.commandLine(latency: latency, fail: fail)
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test func aFaultsFileSetsRulesTheOptionsWinAndAMalformedOneIsNamedByItsPointer() throws {
        let folder = try makeScratchFolder("ron-mock-faults")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "faults.json")
        try Data(
            #"""
            {"seed": 5,
             "all": {"latency": "100±20", "fail": [{"share": 0.1, "status": 503, "retryAfter": 2}, "0.05:stall"]},
             "operations": {"getItem": {"latency": 0, "fail": [{"share": 1, "fault": "reset", "times": 1}]},
                            "health": {"fail": []}}}
            """#.utf8
        ).write(to: file)
        let read = try MockFaults(contentsOf: file)
        #expect(read.seed == 5)
        #expect(read.all.latency == .init(milliseconds: 100, jitterMilliseconds: 20))
        #expect(
            read.all.failures == [
                .init(share: 0.1, fault: .status(503), retryAfterSeconds: 2), .init(share: 0.05, fault: .stall),
            ])
        #expect(
            read.operations["getItem"]
                == .init(latency: .init(milliseconds: 0), failures: [.init(share: 1, fault: .reset, times: 1)]))
        #expect(read.operations["health"] == .init(failures: []))
        // The options replace the file's latency or failures of the same operation, and its seed.
        let merged = try MockFaults.commandLine(latency: ["getItem=30"], file: file.path, seed: 6)
        #expect(merged.operations["getItem"]?.latency == .init(milliseconds: 30))
        #expect(merged.operations["getItem"]?.failures == [.init(share: 1, fault: .reset, times: 1)])
        #expect(merged.all == read.all)
        #expect(merged.seed == 6)
        let malformed: [(String, String)] = [
            (
                #"{"operations": {"getItem": {"fail": [{"share": 1.5, "status": 503}]}}}"#,
                "at /operations/getItem/fail/0/share: a share is a number from 0 to 1, found 1.5"
            ),
            (
                #"{"all": {"fail": [{"share": 0.5, "status": 503}, {"share": 0.6, "fault": "stall"}]}}"#,
                "at /all/fail: the shares of failures add up to 1.1, more than 1"
            ),
            (
                #"{"all": {"fail": [{"share": 0.5, "fault": "explode"}]}}"#,
                #"at /all/fail/0/fault: a fault is "reset" or "stall", found "explode""#
            ),
            (#"{"all": {"latencyMs": 5}}"#, "at /all/latencyMs: unknown member 'latencyMs' (expected fail, latency)"),
            (
                #"{"operations": {"a/b": {"latency": true}}}"#,
                #"at /operations/a~1b/latency: a latency is milliseconds (200) or "200±50", found true"#
            ),
            ("{\"all\": {\n  \"latency\": 5,,}}", "at 2:"),
        ]
        for (text, message) in malformed {
            try Data(text.utf8).write(to: file)
            do {
                _ = try MockFaults(contentsOf: file)
                Issue.record("\(text) was read")
            } catch {
                #expect(error.description.hasPrefix("\(file.path): \(message)"), "\(error)")
            }
        }
    }

    @Test func theToolsTakeTheOptionsAndNameAMalformedFaultsFile() async throws {
        let codegen = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let ron = try #require(RonBinary.url, "ron is not built")
        let shop = try ShopSchema()
        defer { shop.remove() }
        let file = shop.root.appending(path: "faults.json")
        try Data(#"{"all": {"fail": [{"share": 2, "status": 503}]}}"#.utf8).write(to: file)
        let expected = "\(file.path): at /all/fail/0/share: a share is a number from 0 to 1, found 2"
        for (binary, command) in [(codegen, ["mock"]), (ron, ["serve"])] {
            let run = try await ChildProcess.run(
                binary, command + ["--schema", shop.schema.path, "--faults", file.path, "--port", "0"])
            #expect(run.status == (command == ["mock"] ? 2 : 64), "\(command)")
            #expect(run.error.contains(expected), "\(command): \(run.error)")
        }
        let usage = try await ChildProcess.run(codegen, ["mock", "--fail", "often"])
        #expect(usage.status == 2)
        #expect(usage.error.hasPrefix("error: --fail: a failure is SHARE:FAULT"))
        // Running: a failure for one operation, with its Retry-After.
        for (binary, command) in [(codegen, ["mock"]), (ron, ["serve"])] {
            let tool = try RunningTool(
                binary,
                command + [
                    "--schema", shop.schema.path, "--fixtures", shop.fixtures.path, "--port", "0", "--quiet",
                    "--fail", "getItem=1:503:retry-after=3", "--latency", "health=50", "--seed", "1",
                ])
            defer { tool.stop() }
            let failed = try MockHTTPClient(port: tool.port).request("GET", "/v1/items/i-1")
            #expect(failed.status == 503, "\(command)")
            #expect(failed.headers["retry-after"] == "3", "\(command)")
            let health = try MockHTTPClient(port: tool.port).request("GET", "/v1/health")
            #expect(health.status == 200, "\(command)")
            #expect(health.headers["x-ron-mock-latency"] == "50", "\(command)")
        }
    }
}

/// A tool started in the background, once it printed the line with its URL.
private struct RunningTool {
    let process = Process()
    let port: Int

    init(_ binary: URL, _ arguments: [String]) throws {
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
        }
        let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first ?? ""
        port = Int(line.split(separator: ":").last ?? "") ?? 0
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
