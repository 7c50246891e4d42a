import Foundation
import RonGateway
import RonGenerated
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
        try await Task.sleep(for: .milliseconds(50))
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

    @Test func fixturesReplaceTheBuiltInBodies() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"message":"from a fixture"}"#.utf8).write(to: directory.appendingPathComponent("Hello.json"))
        try Data(#"{"ok":true,"note":"fixture note"}"#.utf8).write(to: directory.appendingPathComponent("health.json"))
        let item =
            #"{"id":"fx-1","name":"Fixture","state":"published","size_bytes":5,"version":"7","#
            + #""created_at":"2024-05-01T12:00:00Z"}"#
        try Data(item.utf8).write(to: directory.appendingPathComponent("item.json"))
        try await withGateway(GatewayConfiguration(fixturesDirectory: directory)) { base in
            let hello = try await HTTPExchange.send(url(base, "/app/hello"))
            #expect(try JSONDecoder().decode(Hello.self, from: hello.body) == Hello(message: "from a fixture"))
            let health = try await HTTPExchange.send(url(base, "/app/healthz"))
            #expect(try JSONDecoder().decode(Health.self, from: health.body).note == "fixture note")
            let page = try JSONDecoder().decode(
                ItemPage.self, from: try await HTTPExchange.send(url(base, "/app/items?page_size=2")).body)
            #expect(page.items.first?.id == "fx-1")
            #expect(page.items.first?.version == 7)
        }
    }

    @Test func aFixtureThatDoesNotDecodeStopsTheStart() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"greeting":"wrong shape"}"#.utf8).write(to: directory.appendingPathComponent("hello.json"))
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(fixturesDirectory: directory))
        await #expect(throws: GatewayError.self) { _ = try await gateway.start() }
    }

    @Test func packageFixturesMatchWhatTheGatewayServes() async throws {
        try await withGateway(packageConfiguration()) { base in
            let decoder = JSONDecoder()
            for (name, path) in [("Health", "/app/healthz"), ("Hello", "/app/hello")] {
                guard let fixture = fixtureFile(named: name) else { continue }
                let served = try await HTTPExchange.send(url(base, path)).body
                let expected = try Data(contentsOf: fixture)
                if name == "Health" {
                    #expect(
                        try decoder.decode(Health.self, from: served) == decoder.decode(Health.self, from: expected))
                } else {
                    #expect(try decoder.decode(Hello.self, from: served) == decoder.decode(Hello.self, from: expected))
                }
            }
            if let fixture = fixtureFile(named: "ItemPage") {
                let expected = try decoder.decode(ItemPage.self, from: Data(contentsOf: fixture))
                let served = try decoder.decode(
                    ItemPage.self, from: try await HTTPExchange.send(url(base, "/app/items?page_size=100")).body)
                #expect(Array(served.items.prefix(expected.items.count)) == expected.items)
            }
        }
    }

    @Test func invalidPortIsRefused() async throws {
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(port: 70_000))
        await #expect(throws: GatewayError.self) { _ = try await gateway.start() }
    }
}

/// The package fixture for `type`, found the way the gateway finds it.
func fixtureFile(named type: String) -> URL? {
    guard
        let enumerator = FileManager.default.enumerator(at: packageFixtures, includingPropertiesForKeys: nil)
    else { return nil }
    let wanted = type.lowercased()
    var found: [URL] = []
    for case let file as URL in enumerator where file.pathExtension.lowercased() == "json" {
        let stem = file.deletingPathExtension().lastPathComponent.lowercased().filter { !"-_.".contains($0) }
        if stem == wanted { found.append(file) }
    }
    return found.sorted { $0.path < $1.path }.first
}
