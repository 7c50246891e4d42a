import Foundation
import RonTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw HTTP/1.1 client over one TCP connection, so the tests see the mock's bytes as sent.
final class MockHTTPClient {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private var buffer = Data()

    /// A connection to 127.0.0.1:`port`; a read waits at most 20 s, so a server that never answers
    /// fails the test instead of hanging it.
    init(port: Int) throws {
        guard let fd = LoopbackSocket.connect(port: port) else { throw Failure(description: "cannot connect") }
        self.fd = fd
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { _ = close(fd) }

    /// Writes `text` as it is.
    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Foundation.send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                guard sent > 0 else { throw Failure(description: "send failed") }
                offset += sent
            }
        }
    }

    /// One request (with `Content-Length` when there is a body) and its answer.
    func request(
        _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> Answer {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        try send(head + "\r\n" + (body ?? ""))
        return try readAnswer(headOnly: method == "HEAD")
    }

    /// The next answer on the connection (its body by `Content-Length`).
    func readAnswer(headOnly: Bool = false) throws -> Answer {
        let end = Data("\r\n\r\n".utf8)
        while buffer.range(of: end) == nil { try fill() }
        let range = buffer.range(of: end)!
        let lines = String(decoding: buffer[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        buffer = Data(buffer[range.upperBound...])
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = headOnly ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Data(buffer.prefix(length))
        buffer = Data(buffer.dropFirst(length))
        return Answer(status: status, headers: headers, body: body)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: "the connection ended (or timed out) before an answer") }
        buffer.append(contentsOf: chunk[0..<count])
    }
}
