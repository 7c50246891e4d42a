import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (one thread per connection, `Connection: close`) for
/// exercising the client over real sockets: plain, chunked, raw and streamed replies, delays and
/// resets. Servers that must misbehave byte by byte live with the chaos tests.
package final class LoopbackServer: @unchecked Sendable {
    /// One request as the server read it; header names are lowercased.
    package struct Request: Sendable {
        /// The method, for example `GET`.
        package var method: String
        /// The request target (path and query).
        package var target: String
        /// The headers, lowercased names, repeated fields joined with `, `.
        package var headers: [String: String]
        /// The body (by `Content-Length`).
        package var body: Data

        /// The value of header `name`, any case.
        package func header(_ name: String) -> String? { headers[name.lowercased()] }
        /// The target without its query.
        package var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    }

    /// What the server does with a request.
    package enum Reply: Sendable {
        /// A normal response; `Content-Length` is added unless `chunked`.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data(), chunked: Bool = false)
        /// Writes these bytes as they are, then closes.
        case raw(Data)
        /// Waits, then replies.
        indirect case delay(milliseconds: Int, then: Reply)
        /// Closes the connection with a TCP reset without answering.
        case reset
        /// A chunked response whose body `produce` writes; closing without the last chunk (see
        /// ``StreamWriter/drop()``) looks like a dropped connection to the client.
        case stream(status: Int, headers: [String: String], produce: @Sendable (StreamWriter) -> Void)

        /// A JSON answer.
        package static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> Reply {
            var all = headers
            all["Content-Type"] = "application/json"
            return .respond(status: status, headers: all, body: Data(text.utf8))
        }

        /// A plain-text answer.
        package static func text(_ status: Int, _ text: String) -> Reply {
            .respond(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
        }

        /// A `text/event-stream` answer written by `produce`.
        package static func events(_ produce: @escaping @Sendable (StreamWriter) -> Void) -> Reply {
            .stream(status: 200, headers: ["Content-Type": "text/event-stream"], produce: produce)
        }
    }

    /// Writes the chunks of a streamed body.
    package final class StreamWriter: @unchecked Sendable {
        fileprivate let fd: Int32
        fileprivate let server: LoopbackServer
        fileprivate var dropped = false

        fileprivate init(fd: Int32, server: LoopbackServer) {
            self.fd = fd
            self.server = server
        }

        /// Sends `text` as one chunk; `false` when the client is gone.
        @discardableResult
        package func send(_ text: String) -> Bool { send(bytes: Data(text.utf8)) }

        /// Sends `bytes` as one chunk; `false` when the client is gone.
        @discardableResult
        package func send(bytes: Data) -> Bool {
            var chunk = Data((String(bytes.count, radix: 16) + "\r\n").utf8)
            chunk.append(bytes)
            chunk.append(Data("\r\n".utf8))
            return server.write(chunk, to: fd)
        }

        /// Ends the body without the final chunk, as a dropped connection.
        package func drop() { dropped = true }

        /// Whether the client closed its side.
        package var peerClosed: Bool {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return false }
            if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_PEEK)) <= 0
        }

        /// Waits until the client closes or the server stops, up to `timeoutMs`; `true` when the client closed.
        package func waitForPeerClose(timeoutMs: Int) -> Bool {
            let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
            while Date() < deadline, !server.isStopped {
                if peerClosed { return true }
                usleep(10_000)
            }
            return peerClosed
        }

        /// Whether the server was stopped.
        package var serverStopped: Bool { server.isStopped }
    }

    #if os(Linux)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    /// The port the server listens on.
    package let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false
    /// Whether the accept loop still has the listener open (it alone closes it).
    private var listenerOpen = true

    /// `http://127.0.0.1:<port>`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request read so far, in order.
    package var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Starts a server on `port` (0: any free port) answering with `handler`.
    package init(port: Int = 0, handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (fd, bound) = try Self.openListener(port: port)
        listener = fd
        self.port = bound
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting connections; replies in progress end early.
    ///
    /// Only the accept loop closes the listener, when it ends: closing it here would free its
    /// descriptor number while the loop may still be about to `accept` on it, and another server
    /// of the same test run would get that number (the old loop would then take its connections).
    package func stop() {
        lock.lock()
        stopped = true
        if listenerOpen { _ = shutdown(listener, Int32(SHUT_RDWR)) }
        lock.unlock()
    }

    fileprivate var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// A port on which nothing listens (bound, then closed).
    package static func closedPort() throws -> Int {
        let (fd, port) = try openListener(port: 0)
        _ = close(fd)
        return port
    }

    private static func openListener(port: Int) throws -> (Int32, Int) {
        let (fd, bound) = try LoopbackSocket.openListener(port: port, backlog: 512)
        return (fd, bound)
    }

    private func acceptLoop() {
        while !isStopped {
            // Waits at most 50 ms at a time, so the loop sees a stop on every platform (a shut-down
            // listener does not wake a blocked `accept` everywhere).
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            let thread = Thread { [self] in serve(connection) }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        lock.lock()
        listenerOpen = false
        _ = close(listener)
        lock.unlock()
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
            while Date() < deadline, !isStopped { usleep(5_000) }
            perform(then, on: fd)
        case .reset:
            resetAndClose(fd)
        case .raw(let bytes):
            write(bytes, to: fd)
            finish(fd, lingerMicroseconds: 50_000)
        case .respond(let status, let headers, let body, let chunked):
            var head = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
            if chunked {
                write(Data(head.utf8), to: fd)
                let writer = StreamWriter(fd: fd, server: self)
                var offset = 0
                while offset < body.count, !isStopped {
                    let piece = body[offset..<min(offset + 65_536, body.count)]
                    if !writer.send(bytes: Data(piece)) { break }
                    offset += piece.count
                }
                write(Data("0\r\n\r\n".utf8), to: fd)
            } else {
                var all = Data(head.utf8)
                all.append(body)
                write(all, to: fd)
            }
            finish(fd, lingerMicroseconds: 20_000)
        case .stream(let status, let headers, let produce):
            var head = "HTTP/1.1 \(status) Status\r\nConnection: close\r\nCache-Control: no-cache\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            head += "Transfer-Encoding: chunked\r\n\r\n"
            write(Data(head.utf8), to: fd)
            let writer = StreamWriter(fd: fd, server: self)
            produce(writer)
            if writer.dropped {
                resetAndClose(fd)
            } else {
                write(Data("0\r\n\r\n".utf8), to: fd)
                finish(fd, lingerMicroseconds: 5_000)
            }
        }
    }

    /// Half-closes, gives the client a moment to read what was sent, then closes.
    private func finish(_ fd: Int32, lingerMicroseconds: UInt32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        usleep(lingerMicroseconds)
        _ = close(fd)
    }

    private func resetAndClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        _ = close(fd)
    }

    @discardableResult
    fileprivate func write(_ data: Data, to fd: Int32) -> Bool {
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
        var chunk = [UInt8](repeating: 0, count: 16_384)
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
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let decoded = readChunked(fd, already: body) else { return nil }
            return Request(
                method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: decoded)
        }
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            body.append(contentsOf: chunk[0..<n])
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    /// A chunked request body (RFC 9112 §7.1), decoded; trailers are read and dropped.
    private func readChunked(_ fd: Int32, already: Data) -> Data? {
        var buffer = already
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var body = Data()
        let crlf = Data("\r\n".utf8)
        func fill(_ count: Int) -> Bool {
            while buffer.count < count {
                let n = recv(fd, &chunk, chunk.count, 0)
                if n <= 0 { return false }
                buffer.append(contentsOf: chunk[0..<n])
            }
            return true
        }
        func line() -> String? {
            while true {
                if let range = buffer.range(of: crlf) {
                    let text = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                    buffer = Data(buffer[range.upperBound...])
                    return text
                }
                let n = recv(fd, &chunk, chunk.count, 0)
                if n <= 0 { return nil }
                buffer.append(contentsOf: chunk[0..<n])
            }
        }
        while true {
            guard let sizeLine = line(), let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
                return nil
            }
            if size == 0 {
                while let trailer = line(), !trailer.isEmpty {}
                return body
            }
            guard fill(size + 2) else { return nil }
            body.append(buffer.prefix(size))
            buffer = Data(buffer.dropFirst(size + 2))
        }
    }
}
