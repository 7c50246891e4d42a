import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mock's HTTP/1.1 server: POSIX sockets and one thread per connection, Foundation only, so
/// that a tool built from it adds no package to what an app resolves. Every request goes to
/// ``MockAPI/respond(to:)``.
public final class MockServer: @unchecked Sendable {
    /// Where and how the server listens.
    public struct Configuration: Sendable {
        /// The IPv4 address to listen on (`localhost` is `127.0.0.1`).
        public var host: String
        /// The port; 0 lets the system pick a free one (see ``MockServer/url``).
        public var port: Int
        /// The largest request body accepted; a larger one is answered 413.
        public var maxBodyBytes: Int
        /// How long a connection may wait for its next request before it is closed, in seconds.
        public var idleTimeoutSeconds: Int

        /// A configuration: `127.0.0.1`, a free port, 1 MiB bodies, 30 s idle connections.
        public init(
            host: String = "127.0.0.1", port: Int = 0, maxBodyBytes: Int = 1 << 20, idleTimeoutSeconds: Int = 30
        ) {
            self.host = host
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeoutSeconds = idleTimeoutSeconds
        }
    }

    /// Why the server could not listen.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
    }

    private let answer: @Sendable (MockRequest) -> MockResponse
    private let configuration: Configuration
    private let log: (@Sendable (MockRequest, MockResponse) -> Void)?
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var connections: Set<Int32> = []
    private var boundURL: URL?

    /// A server answering with `api`; `log` (if any) is called after each answer, on the
    /// connection's thread.
    public init(
        api: MockAPI, configuration: Configuration = Configuration(),
        log: (@Sendable (MockRequest, MockResponse) -> Void)? = nil
    ) {
        answer = { api.respond(to: $0) }
        self.configuration = configuration
        self.log = log
    }

    /// A server answering with `source`'s API as its folders are at each request (fixtures and
    /// examples changed on disk are served without a restart); `log` as for ``init(api:configuration:log:)``.
    public init(
        source: MockSource, configuration: Configuration = Configuration(),
        log: (@Sendable (MockRequest, MockResponse) -> Void)? = nil
    ) {
        answer = { source.current.respond(to: $0) }
        self.configuration = configuration
        self.log = log
    }

    deinit { stop() }

    /// The base URL it listens on (`http://127.0.0.1:PORT`), once started.
    public var url: URL? { lock.withLock { boundURL } }

    /// Starts listening and accepting on a thread of its own; returns the base URL. It serves until
    /// ``stop()``.
    @discardableResult
    public func start() throws -> URL {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(clamping: configuration.port).bigEndian
        guard (0...65535).contains(configuration.port), inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw StartError(
                description: "cannot listen on \(host):\(configuration.port): not an IPv4 address and port")
        }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StartError(description: "cannot open a socket (errno \(errno))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = close(fd)
            throw StartError(description: "cannot listen on \(host):\(configuration.port): \(reason)")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let url = URL(string: "http://\(host):\(UInt16(bigEndian: address.sin_port))")!
        lock.withLock {
            listener = fd
            boundURL = url
        }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "mock accept"
        thread.start()
        return url
    }

    /// Stops accepting and closes every open connection. Safe to call more than once.
    public func stop() {
        let (fd, open) = lock.withLock { () -> (Int32, Set<Int32>) in
            defer {
                listener = -1
                connections = []
            }
            return (listener, connections)
        }
        if fd >= 0 {
            _ = shutdown(fd, Int32(SHUT_RDWR))
            _ = close(fd)
        }
        for connection in open { _ = shutdown(connection, Int32(SHUT_RDWR)) }
    }

    // MARK: Connections

    private func acceptLoop(_ fd: Int32) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let admitted = lock.withLock { () -> Bool in
                guard listener == fd else { return false }
                connections.insert(client)
                return true
            }
            guard admitted else {
                _ = close(client)
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var timeout = timeval(tv_sec: .init(configuration.idleTimeoutSeconds), tv_usec: 0)
            _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
                var on: Int32 = 1
                _ = setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let thread = Thread { [self] in serve(client) }
            thread.name = "mock connection"
            thread.start()
        }
    }

    /// After an answer to a request that was not read whole: ends the sending side and reads what
    /// the client still sends (for at most a second), so that closing does not reset the
    /// connection before the client has read the answer.
    private static func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        while total < 8 << 20 {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            total += count
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { _ = connections.remove(fd) }
            _ = close(fd)
        }
        var connection = MockHTTPConnection(fd: fd, maxBodyBytes: configuration.maxBodyBytes)
        while true {
            let request: MockRequest
            do {
                guard let next = try connection.nextRequest() else { return }
                request = next
            } catch {
                let response = MockProblem.response(status: error.status, code: error.code, message: error.message)
                _ = connection.write(response, closing: true, headOnly: false)
                Self.lingeringClose(fd)
                return
            }
            let response = answer(request)
            log?(request, response)
            let closing = !request.keepsAlive
            guard connection.write(response, closing: closing, headOnly: request.method == "HEAD"), !closing else {
                return
            }
        }
    }
}
