import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 answer read off a loopback socket as it was sent: every header field in order,
/// repeated ones too, and a redirect not followed. For the tests of the mock's proxy, which name
/// each problem in a header field of its own.
package struct RawHTTPAnswer {
    /// Why a request could not be made or its answer read.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
    }

    /// The status code.
    package var status: Int
    /// Every header field, in order.
    package var fields: [(name: String, value: String)]
    /// Everything after the head.
    package var body: Data

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }
    /// The body as a JSON object, or `nil`.
    package var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }

    /// The first field `name` (any case).
    package func header(_ name: String) -> String? { all(name).first }

    /// Every field `name` (any case), in order.
    package func all(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// One request on a new loopback connection (`Connection: close`), read to the end (20 s at
    /// most).
    package static func request(
        port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil
    ) throws -> RawHTTPAnswer {
        guard let fd = LoopbackSocket.connect(port: port) else { throw Failure(description: "no connection") }
        defer { _ = close(fd) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        let request = Data((head + "\r\n" + (body ?? "")).utf8)
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { throw Failure(description: "send failed") }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[0..<count])
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no answer") }
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else {
            throw Failure(description: "not an HTTP status line: \(lines[0])")
        }
        let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return RawHTTPAnswer(status: status, fields: fields, body: Data(received[end.upperBound...]))
    }
}
