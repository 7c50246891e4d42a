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

/// `ron-codegen mock --proxy` in front of a real server nobody here wrote: httpbin, described by
/// the Swagger 2.0 document it serves itself (`/spec.json`). The mock passes httpbin's answers on
/// and names the divergences httpbin really has from its own description.
@Suite struct HTTPBinProxyTests {
    @Test func theMockProxiesHTTPBinAndNamesWhereItBreaksItsOwnDescription() async throws {
        let binary = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        let httpbin = try HTTPBinServer.start()
        defer { httpbin.stop() }
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-httpbin-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appending(path: "Schema"), withIntermediateDirectories: true)
        let (spec, _) = try await URLSession.shared.data(from: httpbin.baseURL.appending(path: "spec.json"))
        #expect(String(decoding: spec, as: UTF8.self).contains(#""swagger": "2.0""#))
        try spec.write(to: folder.appending(path: "Schema/httpbin.json"))
        let report = folder.appending(path: "report.jsonl")
        let errors = folder.appending(path: "stderr.log")
        let base = httpbin.baseURL.absoluteString
        let tool = try ProxyTool(
            binary,
            [
                "mock", "--schema", folder.appending(path: "Schema").path, "--port", "0", "--proxy", base,
                "--proxy-report", report.path,
            ],
            errors: errors)

        // httpbin's description documents 100, 200, 300, 400 and 500 for /status/{codes}: not 418.
        let teapot = try rawRequest(port: tool.port, "GET", "/status/418")
        #expect(teapot.status == 418)
        #expect(teapot.text.contains("teapot"))
        #expect(teapot.header("x-more-info") == "http://tools.ietf.org/html/rfc2324")
        #expect(teapot.header("x-ron-mock-source") == "proxy \(base)/status/418")
        #expect(
            teapot.all("x-ron-mock-proxy-problem") == [
                "answer status: 418 is not documented (documented: 100, 200, 300, 400, 500)"
            ])
        // Conforming exchanges pass clean: a documented status, a request that fits.
        let fine = try rawRequest(port: tool.port, "GET", "/status/200")
        #expect(fine.status == 200)
        #expect(fine.all("x-ron-mock-proxy-problem").isEmpty)
        let echo = try rawRequest(port: tool.port, "GET", "/get?color=red", headers: ["Authorization": "Bearer t-1"])
        #expect(echo.status == 200)
        #expect(echo.all("x-ron-mock-proxy-problem").isEmpty)
        // Credentials and the query reach httpbin unchanged (it echoes them).
        let echoed = try #require(try JSONSerialization.jsonObject(with: echo.body) as? [String: Any])
        #expect((echoed["headers"] as? [String: String])?["Authorization"] == "Bearer t-1")
        #expect((echoed["args"] as? [String: String])?["color"] == "red")
        // A redirect is passed on, not followed.
        let redirect = try rawRequest(port: tool.port, "GET", "/redirect/1")
        #expect(redirect.status == 302)
        #expect(redirect.header("location") == "/get")
        #expect(redirect.all("x-ron-mock-proxy-problem").isEmpty)
        // A request httpbin's description refuses (numbytes is an integer) is still forwarded, and
        // httpbin fails on it with a status its description does not document.
        let unreadable = try rawRequest(port: tool.port, "GET", "/drip?numbytes=many&duration=0&delay=0")
        #expect(unreadable.status == 500)
        #expect(unreadable.header("x-ron-mock-source") == "proxy \(base)/drip")
        #expect(
            unreadable.all("x-ron-mock-proxy-problem") == [
                "request query parameter 'numbytes': expected an integer, got 'many'",
                "answer status: 500 is not documented (documented: 200)",
            ])

        try tool.stop()
        let lines = try String(contentsOf: errors, encoding: .utf8).split(separator: "\n").map(String.init)
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

/// `ron-codegen mock` started in the background, its standard input a pipe (closing it stops the
/// tool) and its standard error a file, once it printed `listening on http://HOST:PORT`.
private struct ProxyTool {
    let process = Process()
    let input = Pipe()
    let port: Int

    init(_ binary: URL, _ arguments: [String], errors: URL) throws {
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let line = String(decoding: ChildProcess.firstLine(of: output.fileHandleForReading), as: UTF8.self)
        port = Int(line.split(separator: ":").last ?? "") ?? 0
        #expect(line.hasPrefix("listening on http://127.0.0.1:"), "\(line)")
    }

    func stop() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// An answer with every header field as sent.
private struct RawAnswer {
    var status: Int
    var fields: [(name: String, value: String)]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { all(name).first }

    func all(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }
}

private struct RawFailure: Error, CustomStringConvertible {
    var description: String
}

/// One request on a new loopback connection (`Connection: close`), read to the end (20 s at most),
/// so that the redirect is seen as it is and repeated fields are kept.
private func rawRequest(
    port: Int, _ method: String, _ target: String, headers: [String: String] = [:]
) throws -> RawAnswer {
    guard let fd = LoopbackSocket.connect(port: port) else { throw RawFailure(description: "no connection") }
    defer { _ = close(fd) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    let request = Data((head + "\r\n").utf8)
    let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    guard sent == request.count else { throw RawFailure(description: "send failed") }
    var received = Data()
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        received.append(contentsOf: chunk[0..<count])
    }
    guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw RawFailure(description: "no answer") }
    let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    return RawAnswer(status: status, fields: fields, body: Data(received[end.upperBound...]))
}
