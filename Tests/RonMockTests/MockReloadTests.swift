import Foundation
import RonMock
import RonTestSupport
import Testing

/// Fixtures and examples changed on disk are served without a restart, and the built mock's log
/// reaches a file line by line, before it is stopped with SIGTERM.
@Suite struct MockReloadTests {
    @Test func aChangedOrNewFixtureIsServedAtTheNextRequest() throws {
        let shop = try ShopSchema()
        defer { shop.remove() }
        let reloads = LockedLines()
        let source = try MockSource(
            schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures,
            onReload: { reloads.append(MockSource.reloadLine($0)) })
        let server = MockServer(source: source)
        defer { server.stop() }
        let port = try server.start().port ?? 0
        let before = try MockHTTPClient(port: port).request("GET", "/v1/items/i-1")
        #expect(before.text.contains("Lamp"))
        #expect(reloads.lines.isEmpty)
        try Data(#"{"id": "i-1", "name": "Desk lamp", "price": 12.5}"#.utf8)
            .write(to: shop.fixtures.appending(path: "Item/getItem.json"))
        try Data(#"{"id": "i-9", "name": "Fresh", "price": 1}"#.utf8)
            .write(to: shop.fixtures.appending(path: "Item/fresh.json"))
        let after = try MockHTTPClient(port: port).request("GET", "/v1/items/i-1")
        #expect(after.text.contains("Desk lamp"))
        let fresh = try MockHTTPClient(port: port).request("GET", "/v1/items/i-1", headers: ["Prefer": "example=fresh"])
        #expect(fresh.status == 200)
        #expect(fresh.headers["x-ron-mock-source"] == "Fixtures/Item/fresh.json")
        #expect(reloads.lines.count == 1)
        #expect(reloads.lines.first?.hasPrefix("reloaded: ") == true)
        // A folder that no longer reads keeps the last reading.
        try Data("{ not json".utf8).write(to: shop.schema.appending(path: "shop.openapi.json"))
        let broken = try MockHTTPClient(port: port).request("GET", "/v1/items/i-1")
        #expect(broken.text.contains("Desk lamp"))
        #expect(reloads.lines.last?.hasPrefix("not reloaded (still serving the last reading): ") == true)
    }

    @Test func theBuiltMockWritesEachRequestLineToAFileAtOnceAndOnSIGTERM() throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let shop = try ShopSchema()
        defer { shop.remove() }
        let log = shop.root.appending(path: "mock.log")
        try Data().write(to: log)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "mock", "--schema", shop.schema.path, "--fixtures", shop.fixtures.path, "--port", "0", "--ignore-stdin",
        ]
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let text = { String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self) }
        let listening = try #require(Self.waitFor(in: text) { $0.contains("listening on http://127.0.0.1:") })
        let port = Int(
            listening.split(separator: "\n").first { $0.hasPrefix("listening on") }?.split(separator: ":").last ?? "")
        // The items of the fixtures, i-1 to i-3 (the mock keeps state: another id is 404).
        for index in 1...3 {
            _ = try MockHTTPClient(port: port ?? 0).request("GET", "/v1/items/i-\(index)")
            // Each line is in the file before the next request, while the mock still runs.
            #expect(Self.waitFor(in: text) { $0.contains("GET /v1/items/i-\(index) -> 200") } != nil)
        }
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text().components(separatedBy: " -> 200").count == 4)
    }

    /// The text once `done` holds of it, polling for up to ten seconds; `nil` if it never does.
    private static func waitFor(in text: () -> String, _ done: (String) -> Bool) -> String? {
        for _ in 0..<200 {
            let now = text()
            if done(now) { return now }
            usleep(50_000)
        }
        return nil
    }
}

/// Lines appended from any thread.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}
