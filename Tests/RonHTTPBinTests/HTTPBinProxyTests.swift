import Foundation
import RonTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ron-codegen mock --proxy` (which runs `ron-mock`) in front of a real server nobody here wrote: httpbin, described by
/// the Swagger 2.0 document it serves itself (`/spec.json`). The mock passes httpbin's answers on
/// and names the divergences httpbin really has from its own description.
@Suite struct HTTPBinProxyTests {
    @Test func theMockProxiesHTTPBinAndNamesWhereItBreaksItsOwnDescription() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let httpbin = try await HTTPBinServer.start()
        defer { httpbin.stop() }
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-httpbin-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "Schema"), withIntermediateDirectories: true)
        let (spec, _) = try await URLSession.shared.data(from: httpbin.baseURL.appending(path: "spec.json"))
        try #require(
            String(decoding: spec, as: UTF8.self).contains(#""swagger": "2.0""#),
            "httpbin serves no /spec.json: it needs flasgger (python3 -m pip install flasgger)")
        try spec.write(to: folder.appending(path: "Schema/httpbin.json"))
        let report = folder.appending(path: "report.jsonl")
        let base = httpbin.baseURL.absoluteString
        let tool = try BackgroundTool(
            binary,
            [
                "mock", "--schema", folder.appending(path: "Schema").path, "--port", "0", "--proxy", base,
                "--proxy-report", report.path,
            ])
        defer { tool.stop() }
        try #require(tool.firstLine.hasPrefix("listening on http://127.0.0.1:"), "\(tool.firstLine)\n\(tool.log)")

        // httpbin's description documents 100, 200, 300, 400 and 500 for /status/{codes}: not 418.
        let teapot = try RawHTTPAnswer.request(port: tool.port, "GET", "/status/418")
        #expect(teapot.status == 418)
        #expect(teapot.text.contains("teapot"))
        #expect(teapot.header("x-more-info") == "http://tools.ietf.org/html/rfc2324")
        #expect(teapot.header("x-ron-mock-source") == "proxy \(base)/status/418")
        #expect(
            teapot.all("x-ron-mock-proxy-problem") == [
                "answer status: 418 is not documented (documented: 100, 200, 300, 400, 500)"
            ])
        // Conforming exchanges pass clean: a documented status, a request that fits.
        let fine = try RawHTTPAnswer.request(port: tool.port, "GET", "/status/200")
        #expect(fine.status == 200)
        #expect(fine.all("x-ron-mock-proxy-problem").isEmpty)
        let echo = try RawHTTPAnswer.request(
            port: tool.port, "GET", "/get?color=red", headers: ["Authorization": "Bearer t-1"])
        #expect(echo.status == 200)
        #expect(echo.all("x-ron-mock-proxy-problem").isEmpty)
        // Credentials and the query reach httpbin unchanged (it echoes them).
        let echoed = try #require(try JSONSerialization.jsonObject(with: echo.body) as? [String: Any])
        #expect((echoed["headers"] as? [String: String])?["Authorization"] == "Bearer t-1")
        #expect((echoed["args"] as? [String: String])?["color"] == "red")
        // A redirect is passed on, not followed.
        let redirect = try RawHTTPAnswer.request(port: tool.port, "GET", "/redirect/1")
        #expect(redirect.status == 302)
        #expect(redirect.header("location") == "/get")
        #expect(redirect.all("x-ron-mock-proxy-problem").isEmpty)
        // A request httpbin's description refuses (numbytes is an integer) is still forwarded, and
        // httpbin fails on it with a status its description does not document.
        let unreadable = try RawHTTPAnswer.request(port: tool.port, "GET", "/drip?numbytes=many&duration=0&delay=0")
        #expect(unreadable.status == 500)
        #expect(unreadable.header("x-ron-mock-source") == "proxy \(base)/drip")
        #expect(
            unreadable.all("x-ron-mock-proxy-problem") == [
                "request query parameter 'numbytes': expected an integer, got 'many'",
                "answer status: 500 is not documented (documented: 200)",
            ])

        #expect(try tool.finish() == 0)
        let lines = tool.log.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "GET /status/418 -> 418 (proxied to \(base)/status/418; 1 problem: answer status: 418 is not "
                    + "documented (documented: 100, 200, 300, 400, 500))"))
        #expect(lines.contains("GET /status/200 -> 200 (proxied to \(base)/status/200)"))
        #expect(!lines.contains { $0.contains("t-1") })
        let entries = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(entries.count == 5)
        let counted = entries.map { ($0["operation"] as? String ?? "", ($0["problems"] as? [Any])?.count ?? -1) }
        #expect(counted.map(\.0) == ["getStatusByCodes", "getStatusByCodes", "getGet", "getRedirectByN", "getDrip"])
        #expect(counted.map(\.1) == [1, 0, 0, 0, 2])
    }
}
