import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fault-injecting HTTP/1.1 server on 127.0.0.1 built on raw POSIX sockets.
///
/// Each connection runs on its own thread and answers according to the ``ChaosMode`` named by the
/// last path segment of the request (`/app/chaos/<mode>`). Every wait is bounded: a connection lives
/// at most ``connectionLifetime`` and the whole server stops itself after `lifetime`, so a test that
/// forgets to call ``stop()`` cannot leave threads behind for long.
final class ChaosServer: @unchecked Sendable {
    #if os(Linux)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    /// The port the server listens on.
    let port: Int
    /// The longest any one connection is kept.
    let connectionLifetime: TimeInterval
    private let listener: Int32
    private let stopAt: Date
    private let lock = NSLock()
    private var stopped = false
    /// Whether the accept loop still has the listener open (it alone closes it).
    private var listenerOpen = true
    private var accepted = 0
    private var open = 0
    private var peerClosed = 0
    private var lost = 0
    private var modes: [String: Int] = [:]
    private let onAccept: ChaosMode?

    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Connections accepted so far.
    var acceptedCount: Int { locked { accepted } }
    /// Connections whose thread has not finished yet.
    var openCount: Int { locked { open } }
    /// Connections on which the client hung up while the server was still holding them.
    var peerClosedCount: Int { locked { peerClosed } }
    /// Connections whose descriptor something else in the process closed while the server held it
    /// (the server then closes nothing: the number may name another file by then).
    var lostCount: Int { locked { lost } }
    /// Requests seen per mode name.
    var requestsByMode: [String: Int] { locked { modes } }

    /// Starts listening on a free port. With `onAccept`, every connection gets that mode before its
    /// request is read (for faults such as closing at once); otherwise the request path picks the mode.
    init(lifetime: TimeInterval = 120, connectionLifetime: TimeInterval = 30, onAccept: ChaosMode? = nil) throws {
        self.onAccept = onAccept
        let (fd, port) = try ChaosSocket.openListener()
        listener = fd
        self.port = port
        self.connectionLifetime = connectionLifetime
        stopAt = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting; connection threads notice within ~50 ms and end.
    ///
    /// Only the accept loop closes the listener, when it ends. Closing it here would free its
    /// descriptor number while the loop may still be about to `poll` and `accept` on it: the next
    /// test's server gets the lowest free number, so the old loop would take that server's
    /// connections and, being stopped, drop them (a stalled call that ends early, an empty reply,
    /// one connection fewer counted).
    func stop() {
        locked {
            stopped = true
            if listenerOpen { _ = shutdown(listener, Int32(SHUT_RDWR)) }
        }
    }

    /// Waits (bounded) until every connection thread has ended.
    func waitUntilIdle(timeout: TimeInterval = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while openCount > 0, Date() < deadline {
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return openCount == 0
    }

    var isStopped: Bool {
        locked { stopped || Date() >= stopAt }
    }

    private func locked<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready <= 0 { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            ChaosSocket.keepFromChildren(connection)
            locked {
                accepted += 1
                open += 1
            }
            let thread = Thread { [self] in
                serve(ChaosConnection(fd: connection, server: self))
                locked { open -= 1 }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        locked {
            stopped = true
            listenerOpen = false
            _ = close(listener)
        }
    }

    private func serve(_ connection: ChaosConnection) {
        defer {
            if !connection.finish() { locked { lost += 1 } }
        }
        if let early = onAccept {
            record(early)
            if early.run(on: connection, request: nil) == .peerClosed { locked { peerClosed += 1 } }
            return
        }
        guard let request = connection.readRequest() else {
            // The client went away before it finished sending a request: it hung up too.
            locked { peerClosed += 1 }
            return
        }
        let name = String(request.target.split(separator: "?").first?.split(separator: "/").last ?? "")
        let mode = ChaosMode(rawValue: name) ?? .notFound
        record(mode)
        if mode.run(on: connection, request: request) == .peerClosed {
            locked { peerClosed += 1 }
        }
    }

    private func record(_ mode: ChaosMode) {
        locked { modes[mode.rawValue, default: 0] += 1 }
    }

    /// Sends all bytes; `false` when the peer is gone.
    static func transmit(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var sent = 0
            while sent < buffer.count {
                let n = send(fd, base + sent, buffer.count - sent, sendFlags)
                if n <= 0 { return false }
                sent += n
            }
            return true
        }
    }
}
