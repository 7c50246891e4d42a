import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bare TCP exchange with the gateway, for what URLSession cannot send (malformed requests) or
/// cannot show (what arrived before the connection closed).
enum RawSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to `127.0.0.1:port`, sends `request`, reads until the peer closes (or `timeout`
    /// seconds pass without data) and returns what arrived.
    static func exchange(port: Int, request: [UInt8], timeout: Int = 30) async throws -> [UInt8] {
        // Blocking socket calls run on a GCD thread, never on the (small) Swift concurrency pool
        // that the gateway itself needs.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try blockingExchange(port: port, request: request, timeout: timeout) })
            }
        }
    }

    private static func blockingExchange(port: Int, request: [UInt8], timeout: Int) throws -> [UInt8] {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect() failed") }
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            if written <= 0 { break }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }
}
