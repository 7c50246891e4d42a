import Foundation
import RonGateway
import RonGenerated
import RonTestSupport
import Testing

/// `ron drift` against the embedded gateway (no drift) and against servers that answer other shapes.
@Suite("ron drift", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftCommandTests {
    /// The JSON report of `ron drift --format json` with `arguments`.
    private func report(_ arguments: [String]) throws -> (status: Int32, entries: [[String: String]], error: String) {
        let result = try RonBinary.run(["drift", "--format", "json"] + arguments)
        return (result.status, DriftJSON.entries(result.output), result.error + result.output)
    }

    private func entry(_ entries: [[String: String]], _ operation: String) -> [String: String]? {
        entries.first { $0["operation"] == operation }
    }

    @Test func theEmbeddedGatewayHasNoDrift() async throws {
        try await withGateway(packageConfiguration()) { base in
            let result = try RonBinary.run(["drift", "--base", base.absoluteString])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            for operation in ["getHealth", "getHello", "listItems", "subscribeEvents"] {
                #expect(result.output.contains("ok      \(operation) "), "\(result.output)")
            }
            #expect(result.output.contains("skipped echo (POST /echo)"))
            // One summary line ends the report, and the report ends with a newline.
            let last = try #require(result.output.split(separator: "\n").last.map(String.init))
            #expect(last.hasPrefix("drift: ") && last.hasSuffix(" skipped"), "\(result.output)")
            #expect(last.contains(" fit, 0 drifted, 0 failed, "), "\(last)")
            #expect(result.output.hasSuffix(" skipped\n"))
        }
    }

    @Test func aWrongShapeIsDriftWithTypePointerExpectedAndGot() throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/healthz": return .json(200, #"{"ok": "yes"}"#)
            case "/app/items": return .json(200, #"{"items": [{"name": "no id"}], "next_page_token": null}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let (status, entries, output) = try report([
            "--base", base, "--operation", "getHealth", "--operation", "listItems",
        ])
        #expect(status == 1, "\(output)")
        let health = try #require(entry(entries, "getHealth"), "\(output)")
        #expect(health["outcome"] == "drift")
        #expect(health["type"] == "Health")
        #expect(health["pointer"] == "/ok")
        #expect(health["expected"] == "a Bool")
        #expect(health["got"] == #""yes""#)
        let items = try #require(entry(entries, "listItems"))
        #expect(items["outcome"] == "drift")
        #expect(items["pointer"] == "/items/0/id")
        #expect(items["expected"] == "the required member 'id'")
        #expect(items["got"] == "nothing")
        #expect(entries.count == 2)
    }

    @Test func strictModeGivesEveryUndeclaredMemberItsOwnLine() throws {
        let server = try LoopbackServer { request in
            request.path == "/app/healthz"
                ? .json(200, #"{"ok": true, "zone": "eu", "build": 7}"#)
                : .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
        }
        defer { server.stop() }
        let arguments = ["drift", "--base", "http://127.0.0.1:\(server.port)", "--operation", "getHealth"]
        let lenient = try RonBinary.run(arguments)
        #expect(lenient.status == 0, "Health keeps the members: \(lenient.output)\(lenient.error)")
        let strict = try RonBinary.run(arguments + ["--strict"])
        #expect(strict.status == 1, "\(strict.output)\(strict.error)")
        let expected = "expected no member the schema of Health does not declare (strict)"
        #expect(
            strict.output.split(separator: "\n").map(String.init) == [
                "drift   getHealth (GET /healthz): Health at /build: \(expected), got 7",
                #"drift   getHealth (GET /healthz): Health at /zone: \#(expected), got "eu""#,
                "drift: 1 operation: 0 fit, 1 drifted, 0 failed, 0 skipped",
            ], "\(strict.output)")
        let json = try RonBinary.run(arguments + ["--strict", "--format", "json"])
        #expect(DriftJSON.problems(json.output, of: "getHealth").map { $0["pointer"] } == ["/build", "/zone"])
        #expect(DriftJSON.entries(json.output).first?["pointer"] == "/build")
    }

    @Test func aFailedCallIsFailedAndTheTokenIsSentButNeverPrinted() throws {
        let server = try LoopbackServer { _ in
            .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
        }
        defer { server.stop() }
        let (status, entries, output) = try report([
            "--base", "http://127.0.0.1:\(server.port)", "--operation", "getHello", "--token", "sekrit-token",
        ])
        #expect(status == 2, "\(output)")
        let hello = try #require(entry(entries, "getHello"), "\(output)")
        #expect(hello["outcome"] == "failed")
        #expect(hello["message"]?.contains("NOT_FOUND") == true)
        #expect(output.contains("drift: 1 operation: 0 fit, 0 drifted, 1 failed, 0 skipped"), "\(output)")
        #expect(server.requests.first?.header("authorization") == "Bearer sekrit-token")
        #expect(!output.contains("sekrit"))
    }

    /// `--format json` writes the JSON document alone on standard output (the summary goes to
    /// standard error), so `> report.json` is JSON.
    @Test func theJSONReportIsAloneOnStandardOutput() throws {
        let server = try LoopbackServer { _ in
            .json(501, #"{"code": "no_example", "message": "no example", "retryable": false}"#)
        }
        defer { server.stop() }
        let result = try RonBinary.run([
            "drift", "--format", "json", "--base", "http://127.0.0.1:\(server.port)", "--operation", "getHello",
        ])
        #expect(result.status == 2, "\(result.output)\(result.error)")
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        #expect(document?.first?["outcome"] as? String == "failed", "\(result.output)")
        #expect(!result.output.contains("drift: 1 operation"))
        #expect(result.error.contains("drift: 1 operation: 0 fit, 0 drifted, 1 failed, 0 skipped"), "\(result.error)")
    }

    @Test func anUnknownOperationIsAUsageError() throws {
        let result = try RonBinary.run(["drift", "--base", "http://127.0.0.1:9", "--operation", "nope"])
        #expect(result.status == 64)
        #expect(result.error.contains("no operation 'nope'"))
    }
}

/// `ron fixtures record`: a live node's answers become wire examples, without credentials.
@Suite("ron fixtures record", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct FixturesRecordTests {
    @Test func theGatewaysAnswersBecomeFixturesThatDecode() async throws {
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withGateway(packageConfiguration()) { base in
            let result = try RonBinary.run([
                "fixtures", "record", "--base", base.absoluteString, "--output", folder.path, "--token", "tok-secret",
            ])
            #expect(result.status == 0, "\(result.output)\(result.error)")
        }
        for (type, operation) in [("Health", "getHealth"), ("Hello", "getHello"), ("ItemPage", "listItems")] {
            let data = try Data(contentsOf: folder.appending(path: "\(type)/recorded_\(operation).json"))
            #expect(try RonSchemaCatalog.reencode(data, as: type) != nil)
            #expect(!String(decoding: data, as: UTF8.self).contains("tok-secret"))
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["Health", "Hello", "ItemPage"])
    }

    @Test func credentialsInABodyAreNeverWritten() throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"message": "hi tok-secret", "Authorization": "Bearer tok-secret"}"#)
        }
        defer { server.stop() }
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RonBinary.run([
            "fixtures", "record", "--base", "http://127.0.0.1:\(server.port)", "--output", folder.path,
            "--operation", "getHello", "--token", "tok-secret",
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(server.requests.first?.header("authorization") == "Bearer tok-secret")
        let text = try String(contentsOf: folder.appending(path: "Hello/recorded_getHello.json"), encoding: .utf8)
        #expect(!text.contains("tok-secret"))
        #expect(text.contains(#""message" : "hi redacted""#))
        #expect(text.contains(#""Authorization" : "redacted""#))
    }
}
