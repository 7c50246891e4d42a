import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real TLS server on 127.0.0.1: `openssl s_server -HTTP` with a throwaway self-signed
/// certificate made at test time. In `-HTTP` mode `GET /a/b` answers with the file `a/b` under
/// ``root``, which must hold a complete HTTP response.
///
/// Child processes of the test runner inherit a signal mask that blocks `SIGTERM` and `SIGALRM`, so
/// neither `Process.terminate()` nor `timeout(1)` can end them: the server is stopped with `SIGKILL`,
/// and a watchdog started with it (`sleep`, then `kill -9`) ends it by itself after its lifetime even
/// if the test process dies first.
package final class OpenSSLServer: @unchecked Sendable {
    /// The folder served and holding `cert.pem`/`key.pem`.
    package let root: URL
    /// The self-signed certificate (also usable as a CA bundle that trusts only this server).
    package let certificate: URL
    /// The port `s_server` listens on.
    package let port: Int
    private let process: Process

    /// `https://127.0.0.1:<port>`.
    package var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

    /// The `openssl` executable, if installed (`apt-get install -y openssl` otherwise).
    package static var executable: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("openssl") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Makes a certificate for `127.0.0.1`/`localhost`, writes `files` (path → whole HTTP response)
    /// under a new temporary folder and starts `s_server` there.
    package init(files: [String: String], lifetimeSeconds: Int = 60) throws {
        guard let openssl = Self.executable else { throw SetupError("openssl is not installed") }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ron-chaos-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        certificate = root.appendingPathComponent("cert.pem")
        for (path, response) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(response.utf8).write(to: file)
        }
        try Self.makeCertificate(certificate: certificate, key: root.appendingPathComponent("key.pem"))
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try LoopbackSocket.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", #"(sleep "$0"; kill -9 $$) >/dev/null 2>&1 & exec "$@""#, String(lifetimeSeconds), openssl.path,
                "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate.path, "-key",
                root.appendingPathComponent("key.pem").path, "-HTTP", "-quiet",
            ]
            process.currentDirectoryURL = root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                lastError = error
                continue
            }
            if Self.waitListening(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            Self.forceStop(process)
            lastError = SetupError("s_server did not listen on \(port)")
        }
        throw lastError ?? SetupError("s_server did not start")
    }

    deinit { stop() }

    /// Stops `s_server` (and its watchdog) and removes the folder.
    package func stop() {
        Self.forceStop(process)
        try? FileManager.default.removeItem(at: root)
    }

    /// `SIGKILL`s the process and its direct children (the watchdog). `SIGKILL` cannot be blocked;
    /// `Process` reaps the child on its own, so there is nothing to wait for.
    private static func forceStop(_ process: Process) {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        let childrenFile = "/proc/\(pid)/task/\(pid)/children"
        let children = (try? String(contentsOfFile: childrenFile, encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({ Int32($0) }) {
            _ = kill(child, SIGKILL)
        }
        _ = kill(pid, SIGKILL)
    }

    private static func waitListening(port: Int, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if LoopbackSocket.isListening(port: port) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Writes a new self-signed P-256 certificate for `127.0.0.1`/`localhost` (valid one day) and its key.
    package static func makeCertificate(certificate: URL, key: URL) throws {
        guard let openssl = executable else { throw SetupError("openssl is not installed") }
        try run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key.path, "-out", certificate.path, "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
    }

    /// Converts a PEM certificate to DER with `openssl x509`.
    package static func derOfCertificate(_ pem: URL) throws -> Data {
        guard let openssl = executable else { throw SetupError("openssl is not installed") }
        let der = pem.deletingPathExtension().appendingPathExtension("der")
        try run(openssl, ["x509", "-in", pem.path, "-outform", "der", "-out", der.path])
        return try Data(contentsOf: der)
    }

    private static func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SetupError("\(executable.lastPathComponent) \(arguments.first ?? "") failed")
        }
    }
}

/// A test fixture could not be set up.
package struct SetupError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}

/// A complete HTTP/1.1 response as `s_server -HTTP` serves it.
package func httpResponse(_ status: String, headers: [String: String] = [:], body: String = "") -> String {
    var text = "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return text + "\r\n" + body
}
