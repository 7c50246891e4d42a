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
