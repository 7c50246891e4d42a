import Foundation
import RonTestSupport
import Testing

@testable import RonMock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Proxy mode over real HTTP on loopback: the shop's mock forwards to an upstream (another mock,
/// stateless, serving a *different* description of the same API below `/api`) and names where the
/// upstream's answers and the client's requests break the shop's description.
@Suite struct MockProxyTests {
    @Test func theUpstreamsAnswersArePassedOnAndEachDivergenceIsNamedWithItsLocation() throws {
        let proxied = try ProxiedShop()
        // The same bytes as the upstream's own answer, with the problems named beside them.
        let item = try proxied.request("GET", "/v1/items/i-1")
        let direct = try MockHTTPClient(port: proxied.upstreamPort).request("GET", "/api/items/i-1")
        #expect(item.status == 200)
        #expect(item.body == direct.body)
        #expect(item.header("content-type") == "application/json")
        #expect(item.header("x-ron-mock-source") == "proxy http://127.0.0.1:\(proxied.upstreamPort)/api/items/i-1")
        #expect(item.header("x-ron-mock-proxy-problems") == "2")
        let problems = item.all("x-ron-mock-proxy-problem")
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix("answer body: expected ") && $0.contains("'name'") })
        #expect(
            problems.contains {
                $0.hasPrefix("answer body at /price: expected a number") && $0.contains("shop.schema.json#/$defs/Item")
            })
        // A status the shop does not document, asked of the upstream with Prefer (forwarded as sent).
        let conflict = try proxied.request("GET", "/v1/items/i-1", headers: ["Prefer": "code=409"])
        #expect(conflict.status == 409)
        #expect(
            conflict.all("x-ron-mock-proxy-problem") == ["answer status: 409 is not documented (documented: 200, 404)"])
        // A content type the shop does not document.
        let colors = try proxied.request("GET", "/v1/colors")
        #expect(colors.status == 200)
        #expect(colors.text == "red, blue")
        #expect(
            colors.all("x-ron-mock-proxy-problem") == [
                "answer Content-Type: text/plain is not documented for 200 (documented: application/json)"
            ])
        // A conforming answer has no problem header.
        let list = try proxied.request("GET", "/v1/items?limit=10")
        #expect(list.status == 200)
        #expect(list.header("x-ron-mock-source") == "proxy http://127.0.0.1:\(proxied.upstreamPort)/api/items")
        #expect(list.header("x-ron-mock-proxy-problems") == nil)
        #expect(list.all("x-ron-mock-proxy-problem").isEmpty)
        // The log line and the report say the same.
        let lines = proxied.log.value
        let upstream = "http://127.0.0.1:\(proxied.upstreamPort)/api"
        #expect(
            lines.contains(
                "GET /v1/items/i-1 -> 409 (proxied to \(upstream)/items/i-1; 1 problem: answer status: 409 is not "
                    + "documented (documented: 200, 404))"))
        #expect(lines.contains("GET /v1/items?limit=10 -> 200 (proxied to \(upstream)/items)"))
        let report = try proxied.report()
        #expect(report.count == 4)
        #expect(report[0]["operation"] as? String == "getItem")
        #expect(report[0]["status"] as? Int == 200)
        #expect(
            Set((report[0]["problems"] as? [[String: String]] ?? []).map { $0["location"] ?? "" })
                == ["body", "body at /price"])
        #expect((report[1]["problems"] as? [[String: String]])?.first?["side"] == "answer")
        #expect((report[3]["problems"] as? [[String: String]])?.isEmpty == true)
        #expect(report[3]["path"] as? String == "/v1/items")
    }

    @Test func anInvalidRequestIsReportedAndForwardedOrRefusedWhenAsked() throws {
        let proxied = try ProxiedShop()
        // The upstream's description has neither the limit's maximum nor the color's enum: it answers.
        let list = try proxied.request("GET", "/v1/items?limit=500&color=green")
        #expect(list.status == 200)
        #expect(list.body == (try MockHTTPClient(port: proxied.upstreamPort).request("GET", "/api/items")).body)
        #expect(
            list.all("x-ron-mock-proxy-problem") == [
                "request query parameter 'limit': 500 is above the maximum 50",
                "request query parameter 'color': expected one of red, blue (a value of Color), got 'green'",
            ])
        let created = try proxied.request(
            "POST", "/v1/items", headers: ["Content-Type": "application/json"], body: #"{"name": "Desk", "price": "9"}"#
        )
        #expect(created.status == 201)
        #expect(created.all("x-ron-mock-proxy-problem").contains { $0.hasPrefix("request body at /price: expected") })
        #expect(proxied.upstreamRequests.value == ["GET /api/items", "GET /api/items", "POST /api/items"])
        let report = try proxied.report()
        #expect((report[0]["problems"] as? [[String: String]])?.map { $0["side"] ?? "" } == ["request", "request"])

        let refusing = try ProxiedShop(refusesInvalidRequests: true)
        let refused = try refusing.request("GET", "/v1/items?limit=500")
        #expect(refused.status == 400)
        #expect(refused.json?["code"] as? String == "invalid_request")
        #expect(refused.header("x-ron-mock-source")?.hasPrefix("proxy refused (not forwarded to http://") == true)
        #expect(
            refused.all("x-ron-mock-proxy-problem") == ["request query parameter 'limit': 500 is above the maximum 50"])
        #expect(refusing.upstreamRequests.value.isEmpty)
    }

    @Test func anUnreachableOrSlowUpstreamIsA502Or504NamingTheURL() throws {
        // A port nothing listens on: bound, then closed.
        let closed = MockServer(api: try ProxiedShop.upstreamAPI())
        let port = try closed.start().port ?? 0
        closed.stop()
        let proxied = try ProxiedShop(upstream: "http://127.0.0.1:\(port)/api")
        let answer = try proxied.request("GET", "/v1/items/i-1")
        #expect(answer.status == 502)
        #expect(answer.json?["code"] as? String == "bad_gateway")
        let message = answer.json?["message"] as? String ?? ""
        #expect(message.hasPrefix("the proxied server did not answer GET http://127.0.0.1:\(port)/api/items/i-1: "))
        #expect(answer.header("x-ron-mock-problem") == message)
        #expect(try proxied.report().first?["error"] as? String == message)

        // The upstream is slower than the proxy waits.
        let slowly = MockFaults(all: MockFaults.Rule(latency: .init(milliseconds: 3000)))
        let slow = try ProxiedShop(timeoutSeconds: 1, upstreamFaults: slowly)
        let started = Date()
        let late = try slow.request("GET", "/v1/items/i-1")
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(late.status == 504)
        #expect((late.json?["message"] as? String)?.contains("no answer within 1 s") == true)
    }

    @Test func faultsAndLatencyStillApplyAndAFaultIsNotForwarded() throws {
        let faults = MockFaults(operations: [
            "deleteItem": MockFaults.Rule(failures: [.init(share: 1, fault: .status(503))])
        ])
        let proxied = try ProxiedShop(faults: faults)
        let failed = try proxied.request("DELETE", "/v1/items/i-1")
        #expect(failed.status == 503)
        #expect(failed.header("retry-after") == "1")
        #expect(failed.header("x-ron-mock-fault") == "503, share 1 of deleteItem")
        #expect(proxied.upstreamRequests.value.isEmpty)
        let late = try proxied.request("GET", "/v1/items?limit=1", headers: ["Prefer": "latency=150"])
        #expect(late.status == 200)
        #expect(late.header("x-ron-mock-latency") == "150")
        #expect(proxied.upstreamRequests.value == ["GET /api/items"])
    }

    @Test func credentialsAreForwardedUnchangedAndNeverLoggedOrReported() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-proxy-keyed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.keyedDocument.utf8).write(to: folder.appending(path: "keyed.openapi.json"))
        let targets = Locked<[String]>([])
        let upstream = MockServer(api: try MockAPI(schemaDirectory: folder, fixturesDirectory: nil, state: .stateless))
        { request, _ in
            targets.update { $0.append("\(request.target) \(request.header("x-token") ?? "-")") }
        }
        let upstreamPort = try upstream.start().port ?? 0
        defer { upstream.stop() }
        let report = folder.appending(path: "report.jsonl")
        let api = try MockAPI(schemaDirectory: folder, fixturesDirectory: nil, state: .stateless)
        let proxy = try MockProxy(.init(url: URL(string: "http://127.0.0.1:\(upstreamPort)")!, reportFile: report))
        let log = Locked<[String]>([])
        let server = MockServer(api: api, configuration: .init(proxy: proxy)) { request, response in
            log.update { $0.append("\(request.method) \(api.loggedTarget(of: request)) -> \(response.logDescription)") }
        }
        let port = try server.start().port ?? 0
        defer { server.stop() }
        let sent = try RawHTTPAnswer.request(
            port: port, "GET", "/keyed/things?api_key=s3cret-1&tag=x", headers: ["X-Token": "s3cret-2"], body: nil)
        #expect(sent.status == 200)
        #expect(sent.all("x-ron-mock-proxy-problem").isEmpty)
        let missing = try RawHTTPAnswer.request(port: port, "GET", "/keyed/things?tag=x", headers: [:], body: nil)
        #expect(missing.status == 401)
        #expect(
            missing.all("x-ron-mock-proxy-problem") == [
                "request credential queryKey (query parameter 'api_key'): missing",
                "request credential headerKey (header 'X-Token'): missing",
            ])
        // The real server got them as sent; the log and the report never show them.
        #expect(targets.value.first == "/keyed/things?api_key=s3cret-1&tag=x s3cret-2")
        let written = log.value.joined(separator: "\n") + String(decoding: try Data(contentsOf: report), as: UTF8.self)
        #expect(written.contains("GET /keyed/things?api_key=***&tag=x -> 200 (proxied to http://127.0.0.1:"))
        #expect(!written.contains("s3cret"))
    }

    /// A description whose operation takes two API keys, one in the query and one in a header.
    static let keyedDocument = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Keyed", "version": "1.0.0"},
          "servers": [{"url": "/keyed"}],
          "security": [{"queryKey": [], "headerKey": []}],
          "paths": {"/things": {"get": {"operationId": "listThings",
            "parameters": [{"name": "tag", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "Things.", "content": {"application/json": {"example": ["a"]}}},
                          "401": {"description": "No key."}}}}},
          "components": {"securitySchemes": {
            "queryKey": {"type": "apiKey", "in": "query", "name": "api_key"},
            "headerKey": {"type": "apiKey", "in": "header", "name": "X-Token"}}}
        }
        """#

    @Test func theCommandLinesTakeTheProxyOptions() async throws {
        let codegen = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let alone = try await ChildProcess.run(codegen, ["mock", "--proxy-timeout", "5"])
        #expect(alone.status == 2)
        #expect(
            alone.error.hasPrefix("error: --proxy-timeout, --proxy-report and --proxy-refuse-invalid go with --proxy"))
        let ftp = try await ChildProcess.run(codegen, ["mock", "--proxy", "ftp://127.0.0.1/x", "--port", "0"])
        #expect(ftp.status == 2)
        #expect(ftp.error.contains("--proxy wants an http or https URL"))
        #expect(try await ChildProcess.run(codegen, ["mock", "--help"]).output.contains("--proxy-report <file>"))
        // `ron serve --schema` forwards as `ron-mock` does.
        let binary = try #require(RonBinary.url, "ron is not built")
        let proxied = try ProxiedShop()
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "serve", "--schema", proxied.shop.schema.path, "--port", "0", "--quiet", "--proxy",
            "http://127.0.0.1:\(proxied.upstreamPort)/api",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let line = String(decoding: ChildProcess.firstLine(of: output.fileHandleForReading), as: UTF8.self)
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let port = Int(line.split(separator: ":").last ?? "") ?? 0
        let answer = try RawHTTPAnswer.request(port: port, "GET", "/v1/items/i-1", headers: [:], body: nil)
        #expect(answer.status == 200)
        #expect(answer.header("x-ron-mock-source") == "proxy http://127.0.0.1:\(proxied.upstreamPort)/api/items/i-1")
        #expect(answer.header("x-ron-mock-proxy-problems") == "2")
    }

    @Test func thePathBelowTheServerPathGoesBelowTheProxyURLsPath() throws {
        let withPath = try MockProxy(.init(url: URL(string: "http://127.0.0.1:8888/api/")!))
        #expect(withPath.upstreamPath(of: "/v1/items/1", serverPath: "/v1") == "/api/items/1")
        #expect(withPath.upstreamPath(of: "/v1", serverPath: "/v1") == "/api")
        #expect(withPath.upstreamPath(of: "/items/1", serverPath: "") == "/api/items/1")
        #expect(withPath.upstreamPath(of: "/other/1", serverPath: "/v1") == "/api/other/1")
        let bare = try MockProxy(.init(url: URL(string: "http://127.0.0.1:8888")!))
        #expect(bare.upstreamPath(of: "/v1/items/1", serverPath: "/v1") == "/v1/items/1")
        #expect(bare.description == "proxy to http://127.0.0.1:8888 (timeout 30 s)")
        #expect(throws: MockProxy.ConfigurationError.self) {
            try MockProxy(.init(url: URL(string: "ftp://127.0.0.1/x")!))
        }
        #expect(throws: MockProxy.ConfigurationError.self) {
            try MockProxy.commandLine(url: nil, timeout: "5", reportFile: nil, refusesInvalid: false)
        }
        #expect(try MockProxy.commandLine(url: nil, timeout: nil, reportFile: nil, refusesInvalid: false) == nil)
    }
}

/// The shop's mock in proxy mode in front of an upstream mock serving ``upstreamDocument`` below
/// `/api`, on free loopback ports; the shop's log lines and the report are kept.
private final class ProxiedShop {
    let shop: ShopSchema
    let upstreamFolder: URL
    let upstream: MockServer
    let upstreamPort: Int
    let server: MockServer
    let port: Int
    let reportFile: URL
    let log = Locked<[String]>([])
    /// `METHOD PATH` of each request the upstream answered.
    let upstreamRequests = Locked<[String]>([])

    /// `upstream`: where to forward to (by default the upstream mock, below `/api`).
    init(
        upstream target: String? = nil, timeoutSeconds: Double = 10, refusesInvalidRequests: Bool = false,
        faults: MockFaults = MockFaults(), upstreamFaults: MockFaults = MockFaults()
    ) throws {
        shop = try ShopSchema()
        upstreamFolder = FileManager.default.temporaryDirectory.appending(path: "ron-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: upstreamFolder, withIntermediateDirectories: true)
        try Data(Self.upstreamDocument.utf8).write(to: upstreamFolder.appending(path: "upstream.openapi.json"))
        let seen = upstreamRequests
        upstream = MockServer(
            api: try Self.upstreamAPI(in: upstreamFolder), configuration: .init(faults: upstreamFaults)
        ) { request, _ in
            seen.update { $0.append("\(request.method) \(request.path)") }
        }
        upstreamPort = try upstream.start().port ?? 0
        reportFile = upstreamFolder.appending(path: "report.jsonl")
        let proxy = try MockProxy(
            .init(
                url: URL(string: target ?? "http://127.0.0.1:\(upstreamPort)/api")!, timeoutSeconds: timeoutSeconds,
                refusesInvalidRequests: refusesInvalidRequests, reportFile: reportFile))
        let api = try MockAPI(schemaDirectory: shop.schema, fixturesDirectory: shop.fixtures, state: .stateless)
        let lines = log
        server = MockServer(api: api, configuration: .init(faults: faults, proxy: proxy)) { request, response in
            lines.update {
                $0.append("\(request.method) \(api.loggedTarget(of: request)) -> \(response.logDescription)")
            }
        }
        port = try server.start().port ?? 0
    }

    deinit {
        server.stop()
        upstream.stop()
        shop.remove()
        try? FileManager.default.removeItem(at: upstreamFolder)
    }

    /// One request to the shop's proxy, on a new connection, with every header field kept.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> RawHTTPAnswer {
        try RawHTTPAnswer.request(port: port, method, target, headers: headers, body: body)
    }

    /// The report's lines, parsed.
    func report() throws -> [[String: Any]] {
        try String(decoding: Data(contentsOf: reportFile), as: UTF8.self).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func upstreamAPI(in folder: URL? = nil) throws -> MockAPI {
        let folder =
            folder ?? FileManager.default.temporaryDirectory.appending(path: "ron-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(upstreamDocument.utf8).write(to: folder.appending(path: "upstream.openapi.json"))
        return try MockAPI(schemaDirectory: folder, fixturesDirectory: nil, state: .stateless)
    }

    /// The API as the real server does it: below `/api`, an item without a name and with its price
    /// as a string, a 409 the shop does not document, the colors as text, no limit's maximum.
    static let upstreamDocument = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Upstream", "version": "2.0.0"},
          "servers": [{"url": "http://upstream.example.com/api"}],
          "paths": {
            "/items": {
              "get": {
                "operationId": "listItems",
                "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}},
                               {"name": "color", "in": "query", "schema": {"type": "string"}}],
                "responses": {"200": {"description": "Items.", "content": {"application/json": {
                  "example": [{"id": "i-1", "name": "Lamp", "price": 12.5}]}}}}
              },
              "post": {
                "operationId": "createItem",
                "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {
                  "example": {"id": "i-9", "name": "Desk", "price": 9}}}}}
              }
            },
            "/items/{item_id}": {
              "get": {
                "operationId": "getItem",
                "parameters": [{"name": "item_id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {
                  "200": {"description": "An item.", "content": {"application/json": {
                    "example": {"id": "i-1", "price": "12.50"}}}},
                  "409": {"description": "Busy.", "content": {"application/json": {
                    "example": {"code": "busy", "message": "try later"}}}}
                }
              },
              "delete": {
                "operationId": "deleteItem",
                "parameters": [{"name": "item_id", "in": "path", "required": true, "schema": {"type": "string"}}],
                "responses": {"204": {"description": "Gone."}}
              }
            },
            "/colors": {
              "get": {
                "operationId": "listColors",
                "responses": {"200": {"description": "Colors.", "content": {"text/plain": {"example": "red, blue"}}}}
              }
            }
          }
        }
        """#
}
