import Foundation

/// A real TLS server on 127.0.0.1: `openssl s_server -HTTP` with a throwaway self-signed
/// certificate made at test time. In `-HTTP` mode `GET /a/b` answers with the file `a/b` under
/// ``root``, which must hold a complete HTTP response. The process is started under `timeout`, so
/// it ends by itself even if the test process dies.
final class OpenSSLServer: @unchecked Sendable {
    /// The folder served and holding `cert.pem`/`key.pem`.
    let root: URL
    /// The self-signed certificate (also usable as a CA bundle that trusts only this server).
    let certificate: URL
    /// The port `s_server` listens on.
    let port: Int
    private let process: Process

    /// `https://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "https://127.0.0.1:\(port)")! }

    /// The `openssl` executable, if installed (`apt-get install -y openssl` otherwise).
    static var executable: URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("openssl") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Makes a certificate for `127.0.0.1`/`localhost`, writes `files` (path → whole HTTP response)
    /// under a new temporary folder and starts `s_server` there.
    init(files: [String: String], lifetimeSeconds: Int = 60) throws {
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
        try Self.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", root.appendingPathComponent("key.pem").path, "-out", certificate.path, "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try ChaosSocket.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = [
                String(lifetimeSeconds), openssl.path, "s_server", "-accept", "127.0.0.1:\(port)", "-cert",
                certificate.path, "-key", root.appendingPathComponent("key.pem").path, "-HTTP", "-quiet",
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
            process.terminate()
            lastError = SetupError("s_server did not listen on \(port)")
        }
        throw lastError ?? SetupError("s_server did not start")
    }

    deinit { stop() }

    /// Stops `s_server` and removes the folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
    }

    private static func waitListening(port: Int, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if ChaosSocket.isListening(port: port) { return true }
            usleep(50_000)
        }
        return false
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
struct SetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A complete HTTP/1.1 response as `s_server -HTTP` serves it.
func httpResponse(_ status: String, headers: [String: String] = [:], body: String = "") -> String {
    var text = "HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    return text + "\r\n" + body
}
