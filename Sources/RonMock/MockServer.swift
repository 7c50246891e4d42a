import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mock's HTTP/1.1 server: POSIX sockets and one thread per connection, Foundation only, so
/// that a tool built from it adds no package to what an app resolves. Every request goes to
/// ``MockAPI/respond(to:)``, with the faults and latency of ``Configuration/faults`` and of the
/// request's `Prefer` header (see docs/MockServer.md, "Faults and latency").
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
        /// The latency and failures added to answers, and the seed they are drawn with.
        public var faults: MockFaults
        /// How long a stalled connection (``MockFaults/Fault/stall``) is held at most, in seconds,
        /// when the client does not give up first.
        public var stallLimitSeconds: Int
        /// The real server requests are forwarded to, their exchanges judged by the description
        /// (proxy mode, MockProxy.swift); `nil`: the mock answers itself.
        public var proxy: MockProxy?

        /// A configuration: `127.0.0.1`, a free port, 1 MiB bodies, 30 s idle connections, no
        /// faults, stalls held for 60 s at most, no proxy.
        public init(
            host: String = "127.0.0.1", port: Int = 0, maxBodyBytes: Int = 1 << 20, idleTimeoutSeconds: Int = 30,
            faults: MockFaults = MockFaults(), stallLimitSeconds: Int = 60, proxy: MockProxy? = nil
        ) {
            self.host = host
            self.port = port
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeoutSeconds = idleTimeoutSeconds
            self.faults = faults
            self.stallLimitSeconds = stallLimitSeconds
            self.proxy = proxy
        }
    }

    /// Why the server could not listen.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong, in words.
        public var description: String
    }

    private let api: @Sendable () -> MockAPI
    private let configuration: Configuration
    private let log: (@Sendable (MockRequest, MockResponse) -> Void)?
    /// The generator of this server's faults, seeded with ``MockFaults/seed``.
    private let dice: MockFaultDice
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var connections: Set<Int32> = []
    private var boundURL: URL?
    /// Signalled by ``stop()``, so that delays end with the server.
    private let stopping = NSCondition()
    /// Whether ``stop()`` was called since the last ``start()`` (guarded by ``stopping``).
    private var stopped = false

    /// A server answering with `api`; `log` (if any) is called with each answer before it is
    /// delivered (after its delay; for a reset or a stall, with ``MockResponse/delivery`` saying
    /// so), on the connection's thread.
    public init(
        api: MockAPI, configuration: Configuration = Configuration(),
        log: (@Sendable (MockRequest, MockResponse) -> Void)? = nil
    ) {
        self.api = { api }
        self.configuration = configuration
        self.log = log
        dice = MockFaultDice(seed: configuration.faults.seed)
    }

    /// A server answering with `source`'s API as its folders are at each request (fixtures and
    /// examples changed on disk are served without a restart); `log` as for ``init(api:configuration:log:)``.
    public init(
        source: MockSource, configuration: Configuration = Configuration(),
        log: (@Sendable (MockRequest, MockResponse) -> Void)? = nil
    ) {
        api = { source.current }
        self.configuration = configuration
        self.log = log
        dice = MockFaultDice(seed: configuration.faults.seed)
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
        stopping.withLock { stopped = false }
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
        stopping.withLock {
            stopped = true
            stopping.broadcast()
        }
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

    /// Waits `milliseconds`, or until ``stop()``.
    private func wait(milliseconds: Int) {
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        stopping.withLock {
            while !stopped, stopping.wait(until: deadline) {}
        }
    }

    /// Makes the close of `fd` a reset (TCP RST): lingering on, for no time.
    private static func reset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Holds `fd` without answering until the client closes it, the server stops (it shuts the
    /// connection down) or `seconds` pass; what the client still sends is read and dropped.
    private static func stall(_ fd: Int32, seconds: Int) {
        let deadline = Date().addingTimeInterval(Double(seconds))
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                if ready < 0 { return }
                continue
            }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
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
                var response = MockProblem.response(status: error.status, code: error.code, message: error.message)
                if let head = error.request { response = api().documentedError(response, for: head) }
                _ = connection.write(response, closing: true, headOnly: false)
                Self.lingeringClose(fd)
                return
            }
            let response = api().respond(
                to: request, faults: configuration.faults, dice: dice, proxy: configuration.proxy)
            if response.delayMilliseconds > 0 { wait(milliseconds: response.delayMilliseconds) }
            log?(request, response)
            switch response.delivery {
            case .send: break
            case .reset:
                Self.reset(fd)
                return
            case .stall:
                Self.stall(fd, seconds: configuration.stallLimitSeconds)
                return
            }
            let closing = !request.keepsAlive
            guard connection.write(response, closing: closing, headOnly: request.method == "HEAD"), !closing else {
                return
            }
        }
    }
}
