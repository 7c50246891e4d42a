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
}
