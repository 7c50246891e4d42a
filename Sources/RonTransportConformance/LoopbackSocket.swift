import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Listening sockets on 127.0.0.1 for the test servers.
package enum LoopbackSocket {
    /// A listening TCP socket on 127.0.0.1:`port` (0: a port the kernel picks), close-on-exec.
    package static func openListener(port: Int = 0, backlog: Int32) throws -> (fd: Int32, port: Int) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            _ = close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port that was free a moment ago (bound to 127.0.0.1, then released), for child processes.
    package static func freePort() throws -> Int {
        let (fd, port) = try openListener(backlog: 1)
        _ = close(fd)
        return port
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    package static func isListening(port: Int) -> Bool {
        guard let fd = connect(port: port) else { return false }
        _ = close(fd)
        return true
    }

    /// A TCP connection to 127.0.0.1:`port` (the caller closes it), or `nil` when none is accepted.
    package static func connect(port: Int) -> Int32? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            _ = close(fd)
            return nil
        }
        return fd
    }
}

#if canImport(Glibc)
    private let systemConnect = Glibc.connect
#elseif canImport(Darwin)
    private let systemConnect = Darwin.connect
#endif
