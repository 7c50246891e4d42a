import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Socket set-up shared by the chaos servers.
enum ChaosSocket {
    /// A listening TCP socket on 127.0.0.1 with a port chosen by the kernel.
    static func openListener(backlog: Int32 = 1_024) throws -> (fd: Int32, port: Int) {
        try LoopbackSocket.openListener(backlog: backlog)
    }

    /// Marks `fd` close-on-exec, so child processes (openssl, exit tests) do not inherit it.
    static func keepFromChildren(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    /// A port that was free a moment ago (bound to 127.0.0.1, then released), for child processes.
    static func freePort() throws -> Int {
        let (fd, port) = try openListener()
        _ = close(fd)
        return port
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func isListening(port: Int) -> Bool {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }
}
