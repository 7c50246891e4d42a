import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The chaos server's own bookkeeping, which the chaos tests' failure messages rely on.
@Suite struct ChaosServerTests {
    /// A socket pair: one end for a ``ChaosConnection``, the other kept by the test.
    private func pair() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
            let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #else
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        try #require(made == 0)
        return (ends[0], ends[1])
    }

    @Test func aDescriptorClosedElsewhereIsReportedAndNotClosedAgain() throws {
        let server = try ChaosServer()
        defer { server.stop() }
        let (ours, peer) = try pair()
        defer { _ = close(peer) }
        let connection = ChaosConnection(fd: ours, server: server)
        #expect(connection.stillOwned)
        // Something else closes the descriptor, and the number is handed out again at once.
        _ = close(ours)
        let (reused, reusedPeer) = try pair()
        defer {
            _ = close(reused)
            _ = close(reusedPeer)
        }
        #expect(!connection.stillOwned)
        #expect(!connection.finish(), "the server must not close a descriptor it no longer owns")
        var status = stat()
        #expect(fstat(reused, &status) == 0, "the socket that took the number is still open")

        let (own, ownPeer) = try pair()
        defer { _ = close(ownPeer) }
        let kept = ChaosConnection(fd: own, server: server)
        #expect(kept.finish())
        var byte: UInt8 = 0
        #expect(recv(ownPeer, &byte, 1, 0) == 0, "an owned descriptor is closed: its peer reads the end")
    }
}

extension ChaosServerTests {
    /// A stopped server never takes the next server's connections. Its listener's descriptor number
    /// is free again only once its own accept loop has ended; before, the next server could get the
    /// number while the old loop was about to `accept` on it.
    @Test func aStoppedServerLeavesTheNextOnesConnectionsAlone() throws {
        for _ in 0..<200 {
            let old = try ChaosServer()
            old.stop()
            let next = try ChaosServer()
            defer { next.stop() }
            let fd = try #require(LoopbackSocket.connect(port: next.port))
            _ = ChaosServer.transmit(Data("GET /chaos/ok HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: fd)
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = recv(fd, &buffer, buffer.count, 0)
            _ = close(fd)
            #expect(n > 0 && String(decoding: buffer.prefix(12), as: UTF8.self) == "HTTP/1.1 200")
            #expect(old.acceptedCount == 0, "the stopped server took a connection of the next one")
            #expect(next.acceptedCount == 1)
            if old.acceptedCount != 0 { return }
        }
    }
}
