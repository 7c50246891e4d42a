import Foundation
import RonTestSupport
import Testing

/// `ron-codegen mock` and `ron-mock` as a user runs them, and `ron drift --schema` against the mock:
/// it passes on the fixtures, and names every changed member when the mock serves changed ones.
@Suite struct MockCommandTests {
    @Test func theBuiltToolPrintsItsURLServesAndEndsWithItsStandardInput() throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let shop = try ShopSchema()
        defer { shop.remove() }
        let tool = try StartedTool(
            binary,
            ["mock", "--schema", shop.schema.path, "--fixtures", shop.fixtures.path, "--port", "0", "--quiet"])
        #expect(tool.firstLine.hasPrefix("listening on http://127.0.0.1:"))
        let answer = try MockHTTPClient(port: tool.port).request("GET", "/v1/items/i-1")
        #expect(answer.status == 200)
        #expect(answer.headers["x-ron-mock-source"] == "Fixtures/Item/getItem.json")
        try tool.input.fileHandleForWriting.close()
        tool.process.waitUntilExit()
        #expect(tool.process.terminationStatus == 0)
    }

    @Test func ronServeWithASchemaServesTheMockReadsChangedFixturesAndStopsOnSIGTERM() throws {
        let binary = try #require(RonBinary.url, "ron is not built")
        let shop = try ShopSchema()
        defer { shop.remove() }
        let tool = try StartedTool(
            binary,
            ["serve", "--schema", shop.schema.path, "--fixtures", shop.fixtures.path, "--port", "0", "--quiet"])
        #expect(tool.firstLine.hasPrefix("listening on http://127.0.0.1:"))
        let answer = try MockHTTPClient(port: tool.port).request("GET", "/v1/items?limit=1")
        #expect(answer.status == 200)
        // A fixture written while it serves is served at the next request.
        try Data(#"{"id": "i-1", "name": "Desk lamp", "price": 12.5}"#.utf8)
            .write(to: shop.fixtures.appending(path: "Item/getItem.json"))
        let changed = try MockHTTPClient(port: tool.port).request("GET", "/v1/items/i-1")
        #expect(changed.text.contains("Desk lamp"))
        tool.process.terminate()
        tool.process.waitUntilExit()
        #expect(tool.process.terminationStatus == 0)
    }

    @Test func usageErrorsAndHelp() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-mock"), "ron-mock is not built")
        let help = try await ChildProcess.run(binary, ["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: ron-mock [--schema <dir>]"))
        let port = try await ChildProcess.run(binary, ["--port", "http"])
        #expect(port.status == 2)
        #expect(port.error.hasPrefix("error: --port wants a whole number from 0 to 65535, got 'http'"))
        let missing = try await ChildProcess.run(binary, ["--schema", "/nonexistent/Schema", "--port", "0"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("/nonexistent/Schema"))
        // A URL file it cannot write: the server stops and the file is named.
        let shop = try ShopSchema()
        defer { shop.remove() }
        let unwritable = try await ChildProcess.run(
            binary,
            [
                "--schema", shop.schema.path, "--fixtures", shop.fixtures.path, "--port", "0", "--ignore-stdin",
                "--url-file", "/nonexistent/folder/url",
            ])
        #expect(unwritable.status == 2)
        #expect(unwritable.error.contains("error: /nonexistent/folder/url: cannot write the URL ("))
    }

    /// `ron-codegen mock` runs the `ron-mock` beside it with the arguments after `mock` (the same
    /// answers, status and streams); with none beside it, it says which program to build.
    @Test func ronCodegenMockRunsTheMockBesideIt() async throws {
        let codegen = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let help = try await ChildProcess.run(codegen, ["mock", "--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: ron-mock [--schema <dir>]"))
        let port = try await ChildProcess.run(codegen, ["mock", "--port", "http"])
        #expect(port.status == 2)
        #expect(port.error.hasPrefix("error: --port wants a whole number from 0 to 65535, got 'http'"))

        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-codegen-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appending(path: "ron-codegen")
        try FileManager.default.copyItem(at: codegen, to: alone)
        let lost = try await ChildProcess.run(alone, ["mock", "--help"])
        #expect(lost.status == 64)
        #expect(lost.error.contains("runs ron-mock, which is not built beside \(alone.path)"), "\(lost.error)")
        #expect(lost.output.isEmpty)
    }

    @Test func driftPassesAgainstTheMock() async throws {
        let mock = try MockServing()
        let drift = try await RonBinary.run(["drift", "--schema", mock.shop.schema.path, "--base", mock.url])
        #expect(drift.status == 0, "\(drift.output)\(drift.error)")
        #expect(drift.output.contains("ok        listItems (GET /items): 200 [Item]"))
        #expect(drift.output.contains("ok        getItem (GET /items/{item_id}): 200 Item"))
        #expect(drift.output.contains("ok        itemChanges (GET /items/changes): 200 Item"))
    }

    @Test func driftNamesEveryChangedMemberOfWhatTheMockServes() async throws {
        // The server changed: price became a string and name went away.
        let mock = try MockServing(fixtures: [
            "Item/getItem.json": #"{"id": "i-1", "price": "12.50", "quantity": 3, "color": "red"}"#
        ])
        let drift = try await RonBinary.run(["drift", "--schema", mock.shop.schema.path, "--base", mock.url])
        #expect(drift.status == 1, "\(drift.output)\(drift.error)")
        let lines = drift.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("drift     getItem (GET /items/{item_id}): 200 Item at /name: ") })
        #expect(
            lines.contains(
                "drift     getItem (GET /items/{item_id}): 200 Item at /price: expected a number, got \"12.50\""))
        #expect(lines.contains { $0.hasPrefix("drift     listItems (GET /items): 200 [Item] at /0/name: ") })
        #expect(lines.contains { $0.hasPrefix("drift     listItems (GET /items): 200 [Item] at /0/price: ") })
        #expect(
            lines.contains { $0.hasPrefix("drift     itemChanges (GET /items/changes): 200 Item at /events/0/name: ") })
    }
}

/// A tool started in the background with its standard input a pipe, once it printed its first line.
private struct StartedTool {
    let process = Process()
    let input = Pipe()
    let firstLine: String

    init(_ binary: URL, _ arguments: [String]) throws {
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        firstLine = String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    /// The port of `listening on http://HOST:PORT`.
    var port: Int { Int(firstLine.split(separator: ":").last ?? "") ?? 0 }
}
