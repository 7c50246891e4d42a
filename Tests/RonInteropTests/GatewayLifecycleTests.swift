import Foundation
import RonGateway
import RonGenerated
import RonTestSupport
import Testing

/// Collects log records from the gateway's threads.
private actor RecordBox {
    var records: [GatewayLogRecord] = []
    func add(_ record: GatewayLogRecord) { records.append(record) }
}

@Suite("Gateway lifecycle, logging and fixtures")
struct GatewayLifecycleTests {
    @Test func startReturnsALoopbackURLAndStopReleasesThePort() async throws {
        let gateway = EmbeddedGateway()
        let base = try await gateway.start()
        #expect(base.host == "127.0.0.1")
        #expect((base.port ?? 0) > 0)
        #expect(await gateway.url == base)
        await #expect(throws: GatewayError.alreadyStarted) { _ = try await gateway.start() }
        try await gateway.stop()
        #expect(await gateway.url == nil)
        await #expect(throws: (any Error).self) { _ = try await HTTPExchange.send(url(base, "/app/hello"), timeout: 2) }
        await #expect(throws: GatewayError.alreadyStopped) { _ = try await gateway.start() }
        try await gateway.stop()
    }

    /// A connection accepted while the listener is closing reaches a server stream that has ended:
    /// it must be closed, not trap. (SwiftNIO's child `NIOAsyncChannel` traps in debug builds when it
    /// is released without its writer finished, swift-nio#2637; it happened once in CI, as a test's
    /// client reconnected during `stop()`.) Connections arrive on a thread of their own, in bursts,
    /// while the gateway stops; each round must stop, and the process must still be here.
    @Test func connectionsArrivingDuringStopAreClosedNotTrapped() async throws {
        for round in 0..<30 {
            let gateway = EmbeddedGateway()
            let base = try await gateway.start()
            let port = try #require(base.port)
            let started = DispatchSemaphore(value: 0)
            let connector = Thread {
                started.signal()
                var sockets: [Int32] = []
                for _ in 0..<64 {
                    guard let fd = LoopbackSocket.connect(port: port) else { break }
                    sockets.append(fd)
                }
                for fd in sockets { close(fd) }
            }
            connector.start()
            started.wait()
            if round % 2 == 1 { try await Task.sleep(for: .microseconds(200)) }
            try await gateway.stop()
            #expect(await gateway.url == nil)
        }
    }

    @Test func stopLetsARequestInFlightFinish() async throws {
        let gateway = EmbeddedGateway()
        let base = try await gateway.start()
        let slow = Task { try await HTTPExchange.send(url(base, "/app/_test/slow?delay_ms=400")) }
        try await Task.sleep(for: .milliseconds(150))
        try await gateway.stop()
        #expect(try await slow.value.status == 200)
    }

    @Test func stopClosesRequestsThatOutliveTheGracePeriod() async throws {
        var configuration = GatewayConfiguration()
        configuration.shutdownGracePeriod = .milliseconds(100)
        let gateway = EmbeddedGateway(configuration: configuration)
        let base = try await gateway.start()
        let slow = Task { try await HTTPExchange.send(url(base, "/app/_test/slow?delay_ms=10000")) }
        try await Task.sleep(for: .milliseconds(150))
        let clock = ContinuousClock()
        let started = clock.now
        try await gateway.stop()
        #expect(clock.now - started < .seconds(3))
        _ = await slow.result
    }

    @Test func runReturnsWhenCancelled() async throws {
        let gateway = EmbeddedGateway()
        let running = Task { try await gateway.run() }
        var base: URL?
        for _ in 0..<200 where base == nil {
            try await Task.sleep(for: .milliseconds(10))
            base = await gateway.url
        }
        let started = try #require(base)
        #expect(try await HTTPExchange.send(url(started, "/app/healthz")).status == 200)
        running.cancel()
        try await running.value
        for _ in 0..<200 where await gateway.url != nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await gateway.url == nil)
    }

    @Test func logSinkGetsOneLinePerRequest() async throws {
        let box = RecordBox()
        let configuration = GatewayConfiguration(log: GatewayLogSink { record in Task { await box.add(record) } })
        try await withGateway(configuration) { base in
            _ = try await HTTPExchange.send(url(base, "/app/hello?x=1"), headers: ["x-correlation-id": "log-1"])
            _ = try await HTTPExchange.send(url(base, "/app/nope"))
        }
        // The line is written after the response, from another task: wait for both (bounded).
        for _ in 0..<200 where await box.records.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let records = await box.records
        #expect(records.count == 2)
        let hello = try #require(records.first { $0.path == "/app/hello" })
        #expect(hello.method == "GET")
        #expect(hello.status == 200)
        #expect(hello.correlationId == "log-1")
        #expect(hello.description.hasPrefix("GET /app/hello 200 "))
        #expect(hello.description.hasSuffix("corr=log-1"))
        #expect(records.contains { $0.path == "/app/nope" && $0.status == 404 })
    }

    @Test func aStopRightAfterTheResponseLosesNoLogLine() async throws {
        // The line of a call answered just before `stop()` is written by the time `stop()` returns.
        for round in 0..<20 {
            let paths = Collector<String>()
            try await withGateway(GatewayConfiguration(log: GatewayLogSink { paths.append($0.path) })) { base in
                _ = try await HTTPExchange.send(url(base, "/app/hello"))
            }
            #expect(paths.values == ["/app/hello"], "round \(round)")
        }
    }

    @Test func withoutFixturesTheBuiltInBodiesAreServed() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ron-none-\(UUID().uuidString)")
        try await withGateway(GatewayConfiguration(fixturesDirectory: empty)) { base in
            let health = try await HTTPExchange.send(url(base, "/app/healthz"))
            #expect(
                try JSONDecoder().decode(Health.self, from: health.body) == Health(ok: true, note: "app plane mounted"))
            let page = try await HTTPExchange.send(url(base, "/app/items?page_size=100"))
            #expect(try JSONDecoder().decode(ItemPage.self, from: page.body).items.first?.id == "item-0001")
        }
    }

    @Test func fixturesReplaceTheBuiltInBodies() async throws {
        let directory = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ type: String, _ name: String, _ json: String) throws {
            let folder = directory.appendingPathComponent(type, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write("Hello", "basic.json", #"{"message":"from a fixture"}"#)
        try write("Health", "a_down.json", #"{"ok":false}"#)
        try write("Health", "b_up.json", #"{"ok":true,"note":"fixture note"}"#)
        try write(
            "Item", "one.json",
            #"{"id":"fx-1","name":"Fixture","state":"published","size_bytes":5,"version":"7","#
                + #""created_at":"2024-05-01T12:00:00.123456Z"}"#)
        try await withGateway(GatewayConfiguration(fixturesDirectory: directory)) { base in
            let hello = try await HTTPExchange.send(url(base, "/app/hello"))
            #expect(String(decoding: hello.body, as: UTF8.self) == #"{"message":"from a fixture"}"#)
            let health = try await HTTPExchange.send(url(base, "/app/healthz"))
            #expect(try JSONDecoder().decode(Health.self, from: health.body).note == "fixture note")
            let page = try await HTTPExchange.send(url(base, "/app/items?page_size=2"))
            let first = try #require((page.jsonObject?["items"] as? [[String: Any]])?.first)
            #expect(first["id"] as? String == "fx-1")
            #expect(first["created_at"] as? String == "2024-05-01T12:00:00.123456Z")
        }
    }

    @Test func aFixtureThatDoesNotDecodeStopsTheStart() async throws {
        let directory = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("Hello", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"greeting":"wrong shape"}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(fixturesDirectory: directory))
        await #expect(throws: GatewayError.self) { _ = try await gateway.start() }
    }

    @Test func packageFixturesAreWhatTheGatewayServes() async throws {
        try await withGateway(packageConfiguration()) { base in
            let decoder = JSONDecoder()
            if let healthCase = try fixtureCases("Health").first(where: {
                try decoder.decode(Health.self, from: Data(contentsOf: $0)).ok
            }) {
                let served = try await HTTPExchange.send(url(base, "/app/healthz")).body
                #expect(served == (try Data(contentsOf: healthCase)))
            }
            if let helloCase = try fixtureCases("Hello").first {
                let served = try await HTTPExchange.send(url(base, "/app/hello")).body
                #expect(served == (try Data(contentsOf: helloCase)))
            }
            let served = try decoder.decode(
                [String: [JSONValue]].self,
                from: try await HTTPExchange.send(url(base, "/app/items?page_size=100")).body.withoutNullToken())
            let servedItems = try #require(served["items"])
            for itemCase in try fixtureCases("Item") {
                let expected = try decoder.decode(JSONValue.self, from: Data(contentsOf: itemCase))
                #expect(servedItems.contains(expected), "\(itemCase.lastPathComponent) is served verbatim")
            }
        }
    }

    @Test func invalidPortIsRefused() async throws {
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(port: 70_000))
        await #expect(throws: GatewayError.self) { _ = try await gateway.start() }
    }
}

/// The package's fixture cases of `type` (`Fixtures/<type>/*.json`), sorted by file name.
func fixtureCases(_ type: String) throws -> [URL] {
    let folder = packageFixtures.appendingPathComponent(type, isDirectory: true)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
}

extension Data {
    /// A page body with its `next_page_token` removed, so it decodes as `[String: [JSONValue]]`.
    fileprivate func withoutNullToken() throws -> Data {
        guard case .object(var members) = try JSONDecoder().decode(JSONValue.self, from: self) else { return self }
        members["next_page_token"] = nil
        return try JSONEncoder().encode(JSONValue.object(members))
    }
}
