import Foundation
import RonFacets
import RonGateway
import RonGenerated
import RonTestSupport
import Testing

/// The package's `Schema/` folder, read at run time by `--schema`.
private let packageSchema = packageFixtures.deletingLastPathComponent().appendingPathComponent("Schema")

/// `ron drift` against the embedded gateway (no drift) and against servers that answer other shapes.
@Suite("ron drift", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftCommandTests {
    /// The JSON report of `ron drift --format json` with `arguments`.
    private func report(_ arguments: [String]) async throws -> (
        status: Int32, entries: [[String: String]], error: String
    ) {
        let result = try await RonBinary.run(["drift", "--format", "json"] + arguments)
        return (result.status, DriftJSON.entries(result.output), result.error + result.output)
    }

    private func entry(_ entries: [[String: String]], _ operation: String) -> [String: String]? {
        entries.first { $0["operation"] == operation }
    }

    /// The gateway with the facet the description's examples name (`GET /facets/hello/ping`).
    static func gatewayWithTheExampleFacet() -> GatewayConfiguration {
        packageConfiguration(facets: [
            FacetDefinition(
                id: "hello", kind: .echo,
                routes: [.init(method: "GET", path: "/ping"), .init(method: "POST", path: "/ping")])
        ])
    }

    @Test func theEmbeddedGatewayHasNoDrift() async throws {
        try await withGateway(Self.gatewayWithTheExampleFacet()) { base in
            let result = try await RonBinary.run(["drift", "--base", base.absoluteString])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            let lines = result.output.split(separator: "\n").map(String.init)
            // An ok line shows the status and the type the answer was read as.
            for (operation, route, type) in [
                ("getHealth", "GET /healthz", "Health"), ("getHello", "GET /hello", "Hello"),
                ("listItems", "GET /items", "ItemPage"), ("subscribeEvents", "GET /events", "StreamTick"),
            ] {
                #expect(lines.contains("ok        \(operation) (\(route)): 200 \(type)"), "\(result.output)")
            }
            // The path parameters' examples in the description are what was called.
            #expect(lines.contains { $0.hasPrefix("ok        getFacetResource (GET /facets/{id}/{path}): 200 ") })
            let unsafe = "changes the server: called only with --unsafe, against a server that may be changed"
            #expect(lines.contains("skipped   echo (POST /echo): \(unsafe)"), "\(result.output)")
            #expect(lines.contains("skipped   postFacetResource (POST /facets/{id}/{path}): \(unsafe)"))
            // Two summary lines end the report, the GET operations first, and the report ends with a newline.
            #expect(
                Array(lines.suffix(2)) == [
                    "drift: 5 GET operations: 5 called (5 fit, 0 drifted, 0 tolerated), 0 skipped",
                    "drift: 2 other operations: 0 called (0 fit, 0 drifted, 0 tolerated), 2 skipped (changes the server: 2)",
                ], "\(result.output)")
            #expect(result.output.hasSuffix(" skipped (changes the server: 2)\n"))
        }
    }

    @Test func aReadWithNoFacetBehindItsExampleFailsWithTheDocumentedStatus() async throws {
        try await withGateway(packageConfiguration()) { base in
            let result = try await RonBinary.run([
                "drift", "--base", base.absoluteString, "--schema", packageSchema.path, "--operation",
                "getFacetResource",
            ])
            #expect(result.status == 2, "\(result.output)\(result.error)")
            #expect(
                result.output.split(separator: "\n").map(String.init) == [
                    "failed    getFacetResource (GET /facets/{id}/{path}): 404 (documented): 404 NOT_FOUND: no facet 'hello'",
                    "drift: 1 GET operation: 1 called (0 fit, 0 drifted, 0 tolerated, 1 failed), 0 skipped",
                ], "\(result.output)")
        }
    }

    /// `--unsafe` calls what changes the server too, with a body made from the description's schema
    /// (read with `--schema`); an operation on an item drift did not create is still not called.
    @Test func unsafeCallsTheOperationsThatChangeTheServer() async throws {
        try await withGateway(Self.gatewayWithTheExampleFacet()) { base in
            let result = try await RonBinary.run([
                "drift", "--base", base.absoluteString, "--schema", packageSchema.path, "--unsafe",
            ])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("ok        echo (POST /echo): 200 EchoReply"), "\(result.output)")
            #expect(
                lines.contains(
                    "skipped   postFacetResource (POST /facets/{id}/{path}): changes an item drift did not create: not called"
                ), "\(result.output)")
            #expect(
                lines.last
                    == "drift: 2 other operations: 1 called (1 fit, 0 drifted, 0 tolerated), 1 skipped "
                    + "(changes an item drift did not create: 1)", "\(result.output)")
        }
    }

    @Test func aWrongShapeIsDriftWithTypePointerExpectedAndGot() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/app/healthz": return .json(200, #"{"ok": "yes"}"#)
            case "/app/items": return .json(200, #"{"items": [{"name": "no id"}], "next_page_token": null}"#)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let (status, entries, output) = try await report([
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

    @Test func strictModeGivesEveryUndeclaredMemberItsOwnLine() async throws {
        let server = try LoopbackServer { request in
            request.path == "/app/healthz"
                ? .json(200, #"{"ok": true, "zone": "eu", "build": 7}"#)
                : .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
        }
        defer { server.stop() }
        let arguments = ["drift", "--base", "http://127.0.0.1:\(server.port)", "--operation", "getHealth"]
        let lenient = try await RonBinary.run(arguments)
        #expect(lenient.status == 0, "Health keeps the members: \(lenient.output)\(lenient.error)")
        let strict = try await RonBinary.run(arguments + ["--strict"])
        #expect(strict.status == 1, "\(strict.output)\(strict.error)")
        let expected = "expected no member the schema of Health does not declare (strict)"
        #expect(
            strict.output.split(separator: "\n").map(String.init) == [
                "drift     getHealth (GET /healthz): 200 Health at /build: \(expected), got 7",
                #"drift     getHealth (GET /healthz): 200 Health at /zone: \#(expected), got "eu""#,
                "drift: 1 GET operation: 1 called (0 fit, 1 drifted, 0 tolerated), 0 skipped",
            ], "\(strict.output)")
        let json = try await RonBinary.run(arguments + ["--strict", "--format", "json"])
        #expect(DriftJSON.problems(json.output, of: "getHealth").map { $0["pointer"] } == ["/build", "/zone"])
        #expect(DriftJSON.entries(json.output).first?["pointer"] == "/build")
    }

    /// A token may start with `-` or `--` (a random URL-safe token does one time in 64): it is
    /// still the token, not the next option.
    @Test(arguments: [["--token", "sekrit-token"], ["--token", "-sekrit-token"], ["--token", "--sekrit-token"]])
    func aFailedCallIsFailedAndTheTokenIsSentButNeverPrinted(_ tokenOption: [String]) async throws {
        let server = try LoopbackServer { _ in
            .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
        }
        defer { server.stop() }
        let (status, entries, output) = try await report(
            ["--base", "http://127.0.0.1:\(server.port)", "--operation", "getHello"] + tokenOption)
        #expect(status == 2, "\(output)")
        let hello = try #require(entry(entries, "getHello"), "\(output)")
        #expect(hello["outcome"] == "failed")
        #expect(hello["message"] == "404: 404 NOT_FOUND: no route", "\(hello)")
        #expect(
            output.contains("drift: 1 GET operation: 1 called (0 fit, 0 drifted, 0 tolerated, 1 failed), 0 skipped"),
            "\(output)")
        #expect(server.requests.first?.header("authorization") == "Bearer \(tokenOption[1])")
        #expect(!output.contains("sekrit"))
    }

    /// `--format json` writes the JSON document alone on standard output (the summary goes to
    /// standard error), so `> report.json` is JSON.
    @Test func theJSONReportIsAloneOnStandardOutput() async throws {
        let server = try LoopbackServer { _ in
            .json(501, #"{"code": "no_example", "message": "no example", "retryable": false}"#)
        }
        defer { server.stop() }
        let result = try await RonBinary.run([
            "drift", "--format", "json", "--base", "http://127.0.0.1:\(server.port)", "--operation", "getHello",
        ])
        #expect(result.status == 2, "\(result.output)\(result.error)")
        let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        #expect(document?.first?["outcome"] as? String == "failed", "\(result.output)")
        #expect(document?.first?["status"] as? Int == 501, "\(result.output)")
        let request = document?.first?["request"] as? [String: Any]
        #expect(request?["method"] as? String == "GET")
        #expect(request?["url"] as? String == "/app/hello", "\(result.output)")
        #expect(!result.output.contains("drift: 1 GET operation"))
        #expect(
            result.error.contains(
                "drift: 1 GET operation: 1 called (0 fit, 0 drifted, 0 tolerated, 1 failed), 0 skipped"),
            "\(result.error)")
    }

    /// `--value` gives a parameter its value (by name, or for one operation), the JSON report says
    /// where each value came from, and `--exchanges` writes every request and answer as a JSON line.
    @Test func valuesGivenOnTheCommandLineAreCalledAndEveryExchangeIsWritten() async throws {
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exchanges = folder.appending(path: "exchanges.jsonl")
        let echoer = FacetDefinition(id: "echoer", kind: .echo, routes: [.init(method: "GET", path: "/who")])
        try await withGateway(packageConfiguration(facets: [echoer])) { base in
            let result = try await RonBinary.run([
                "drift", "--format", "json", "--base", base.absoluteString, "--operation", "getFacetResource",
                "--operation", "getHello", "--value", "getFacetResource.id=echoer", "--value", "path=who",
                "--exchanges", exchanges.path, "--token", "tok-secret",
            ])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
            let facet = try #require(document?.first { $0["operation"] as? String == "getFacetResource" })
            #expect(facet["outcome"] as? String == "ok", "\(result.output)")
            #expect(facet["values"] as? [String: String] == ["id": "--value", "path": "--value"], "\(result.output)")
            #expect((facet["request"] as? [String: Any])?["url"] as? String == "/app/facets/echoer/who")
            #expect(facet["contentType"] as? String == "application/json")
        }
        let lines = try String(contentsOf: exchanges, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let written = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let facet = try #require(written.first { $0["operation"] as? String == "getFacetResource" })
        #expect(facet["method"] as? String == "GET")
        #expect((facet["url"] as? String)?.hasSuffix("/app/facets/echoer/who") == true, "\(facet)")
        #expect(facet["status"] as? Int == 200)
        #expect((facet["responseBody"] as? String)?.contains("echo") == true, "\(facet)")
        #expect(!lines.joined().contains("tok-secret"))
    }

    @Test func anUnknownOperationIsAUsageError() async throws {
        let result = try await RonBinary.run(["drift", "--base", "http://127.0.0.1:9", "--operation", "nope"])
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
        try await withGateway(DriftCommandTests.gatewayWithTheExampleFacet()) { base in
            let result = try await RonBinary.run([
                "fixtures", "record", "--base", base.absoluteString, "--output", folder.path, "--token", "tok-secret",
            ])
            #expect(result.status == 0, "\(result.output)\(result.error)")
            #expect(result.output.contains("wrote \(folder.lastPathComponent)/Hello/recorded_getHello.json"))
        }
        for (type, operation) in [("Health", "getHealth"), ("Hello", "getHello"), ("ItemPage", "listItems")] {
            let data = try Data(contentsOf: folder.appending(path: "\(type)/recorded_\(operation).json"))
            #expect(try RonSchemaCatalog.reencode(data, as: type) != nil)
            #expect(!String(decoding: data, as: UTF8.self).contains("tok-secret"))
        }
        // An answer of no named type (the facet's, any JSON) goes to the folder of its wire type.
        let facet = try Data(contentsOf: folder.appending(path: "JSONValue/recorded_getFacetResource.json"))
        #expect(String(decoding: facet, as: UTF8.self).contains(#""echo""#))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["Health", "Hello", "ItemPage", "JSONValue"])
        // The fixture test reads every file where it was written.
        #expect(RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self) == [])
    }

    @Test func aCallThatFailsIsNamedAndExitsOne() async throws {
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No facet behind the description's example: its read answers 404.
        try await withGateway(packageConfiguration()) { base in
            let result = try await RonBinary.run([
                "fixtures", "record", "--base", base.absoluteString, "--output", folder.path,
            ])
            #expect(result.status == 1, "\(result.output)\(result.error)")
            #expect(
                result.error.contains("ron: getFacetResource: 404: 404 NOT_FOUND: no facet 'hello'; not written"),
                "\(result.error)")
            // The other answers are written all the same.
            #expect(result.output.contains("wrote \(folder.lastPathComponent)/Health/recorded_getHealth.json"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "JSONValue").path))
    }

    @Test func credentialsInABodyAreNeverWritten() async throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"message": "hi tok-secret", "Authorization": "Bearer tok-secret"}"#)
        }
        defer { server.stop() }
        let folder = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await RonBinary.run([
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
