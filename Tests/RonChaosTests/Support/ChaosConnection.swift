import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection of a ``ChaosServer``, with the bounded primitives the modes are made of.
struct ChaosConnection {
    /// How waiting on a connection ended.
    enum WaitEnd: Equatable {
        /// The time ran out (or the server stopped) with the peer still connected.
        case elapsed
        /// The peer closed or reset the connection.
        case peerClosed
    }

    let fd: Int32
    let server: ChaosServer
    let deadline: Date
    /// The socket's inode: the descriptor number is only ours while it still names this socket.
    private let socketInode: UInt64?

    init(fd: Int32, server: ChaosServer) {
        self.fd = fd
        self.server = server
        deadline = Date().addingTimeInterval(server.connectionLifetime)
        socketInode = Self.inode(of: fd)
    }

    private static func inode(of fd: Int32) -> UInt64? {
        var status = stat()
        return fstat(fd, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// Whether the descriptor still names the accepted socket. When it does not, something else in
    /// this process closed it (and the number may name another file now).
    var stillOwned: Bool {
        socketInode != nil && Self.inode(of: fd) == socketInode
    }

    private var expired: Bool { server.isStopped || Date() >= deadline }

    /// Reads the request head (and skips a `Content-Length` body).
    func readRequest() -> ChaosRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard readable(withinMs: 100) else {
                if expired { return nil }
                continue
            }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            headEnd = buffer.range(of: separator)
            if buffer.count > 1_000_000 { return nil }
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "") ?? 0
        var body = buffer.count - end.upperBound
        while body < length, readable(withinMs: 1_000) {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            body += n
        }
        return ChaosRequest(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    /// Whether the socket has something to read (data or end of stream) within `ms`.
    private func readable(withinMs ms: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, ms) > 0
    }

    /// Sends bytes; `false` when the peer is gone.
    @discardableResult
    func write(_ bytes: Data) -> Bool {
        ChaosServer.transmit(bytes, to: fd)
    }

    /// Sends text.
    @discardableResult
    func write(_ text: String) -> Bool {
        write(Data(text.utf8))
    }

    /// Waits up to `ms` (never past the connection's lifetime) and reports whether the peer left.
    func wait(ms: Int) -> WaitEnd {
        let until = min(Date().addingTimeInterval(Double(ms) / 1000), deadline)
        var scratch = [UInt8](repeating: 0, count: 4_096)
        while Date() < until, !server.isStopped {
            guard readable(withinMs: 50) else { continue }
            let n = recv(fd, &scratch, scratch.count, 0)
            if n <= 0 { return .peerClosed }
        }
        return .elapsed
    }

    /// Keeps the connection open, answering nothing, until the peer leaves or the lifetime ends.
    func hold() -> WaitEnd {
        wait(ms: Int(server.connectionLifetime * 1000))
    }

    /// Sends `bytes` one at a time, `intervalMs` apart, until they run out, the peer leaves or the
    /// lifetime ends.
    func trickle(_ bytes: Data, intervalMs: Int) -> WaitEnd {
        for byte in bytes {
            if !write(Data([byte])) { return .peerClosed }
            if wait(ms: intervalMs) == .peerClosed { return .peerClosed }
            if expired { return .elapsed }
        }
        return .elapsed
    }

    /// Aborts the connection with a TCP RST (`SO_LINGER` 0, then close).
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Half-closes for writing so the client sees a clean end of stream before the socket closes.
    func endOutput() {
        _ = shutdown(fd, Int32(SHUT_WR))
        _ = wait(ms: 100)
    }

    /// Closes the socket; `false`, closing nothing, when the descriptor no longer names it.
    @discardableResult
    func finish() -> Bool {
        guard stillOwned else { return false }
        _ = close(fd)
        return true
    }
}

/// The parts of a request the chaos modes look at.
struct ChaosRequest: Sendable {
    var method: String
    var target: String
    /// Header fields with lowercased names.
    var headers: [String: String]
}
