import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (one thread per connection, `Connection: close`) for
/// exercising the client over real sockets.
final class TestHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: Data

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    enum Reply: Sendable {
        /// A normal response; `Content-Length` is added unless `chunked`.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data(), chunked: Bool = false)
        /// Writes these bytes as they are, then closes.
        case raw(Data)
        /// Waits, then replies.
        indirect case delay(milliseconds: Int, then: Reply)
        /// Closes the connection with a TCP reset without answering.
        case reset

        static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> Reply {
            var all = headers
            all["Content-Type"] = "application/json"
            return .respond(status: status, headers: all, body: Data(text.utf8))
        }

        static func text(_ status: Int, _ text: String) -> Reply {
            .respond(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
        }
    }

    #if os(Linux)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (fd, port) = try Self.openListener()
        listener = fd
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            _ = shutdown(listener, Int32(SHUT_RDWR))
            _ = close(listener)
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// A port on which nothing listens (bound, then closed).
    static func closedPort() throws -> Int {
        let (fd, port) = try openListener()
        _ = close(fd)
        return port
    }

    private static func openListener() throws -> (Int32, Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            _ = close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if isStopped { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let request = readRequest(fd) else {
            _ = close(fd)
            return
        }
        lock.lock()
        received.append(request)
        lock.unlock()
        perform(handler(request), on: fd)
    }

    private func perform(_ reply: Reply, on fd: Int32) {
        switch reply {
        case .delay(let milliseconds, let then):
            let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
            while Date() < deadline, !isStopped { usleep(10_000) }
            perform(then, on: fd)
        case .reset:
            var option = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            _ = close(fd)
        case .raw(let bytes):
            write(bytes, to: fd)
            _ = shutdown(fd, Int32(SHUT_WR))
            usleep(50_000)
            _ = close(fd)
        case .respond(let status, let headers, let body, let chunked):
            var head = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
            write(Data(head.utf8), to: fd)
            if chunked {
                var offset = 0
                while offset < body.count, !isStopped {
                    let piece = body[offset..<min(offset + 65_536, body.count)]
                    var chunk = Data((String(piece.count, radix: 16) + "\r\n").utf8)
                    chunk.append(piece)
                    chunk.append(Data("\r\n".utf8))
                    if !write(chunk, to: fd) { break }
                    offset += piece.count
                }
                write(Data("0\r\n\r\n".utf8), to: fd)
            } else {
                write(body, to: fd)
            }
            _ = shutdown(fd, Int32(SHUT_WR))
            usleep(20_000)
            _ = close(fd)
        }
    }

    @discardableResult
    private func write(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let n = send(fd, base + sent, buffer.count - sent, Self.sendFlags)
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }

    private func readRequest(_ fd: Int32) -> Request? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            if buffer.first == 0x16 {
                // A TLS ClientHello: answer in plain HTTP so the handshake fails at once.
                write(Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8), to: fd)
                return nil
            }
            headerEnd = buffer.range(of: separator)
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        var body = Data(buffer[end.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            body.append(contentsOf: chunk[0..<n])
        }
        return Request(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}
