import Foundation

/// A real server nobody here wrote, started from its launcher in `Tests/Servers/` on a free
/// loopback port, for `ron drift`'s live-server tests: Kinto (`kinto_server.py`) and Jupyter Server
/// (`jupyter_server.py`).
///
/// A launcher configures and seeds its server, then prints one line of JSON: `base`, `description`
/// (the URL of the server's own description), `credentials` by security scheme name, for Jupyter
/// `token` and `headers`, and `seeded` (what it created). It serves until its standard input
/// closes, which ``stop()`` does and so does the end of this process, so no server outlives a
/// crashed test run.
///
/// Python picks the port, so suites never race for one. When python3 or a package is missing the
/// launcher prints `missing:<error>` and exits with status 3, and ``start(_:install:)`` throws
/// ``Unavailable``, which says how to install them; the tests then fail, they are never skipped.
package final class RealServer: @unchecked Sendable {
    /// Why the server could not be started.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, and how to fix it.
        package var description: String
    }

    /// The ready line, as the launchers print it.
    private struct Ready: Decodable {
        var name: String
        var base: String
        var description: String
        var credentials: [String: String]
        var token: String?
        var headers: [String: String]?
    }

    /// The server's name (`kinto`, `jupyter`).
    package let name: String
    /// `http://127.0.0.1:<port>`.
    package let baseURL: URL
    /// Where the server serves its own description.
    package let descriptionURL: URL
    /// The value of each security scheme's credential, by scheme name (Kinto's `basicauth`:
    /// `user:password`).
    package let credentials: [String: String]
    /// The token every route wants (Jupyter), if any.
    package let token: String?
    /// The headers that carry it, verbatim (`Authorization: token <T>`).
    package let headers: [String: String]
    /// The `seeded` member of the ready line, as JSON.
    package let seeded: Data
    private let process: Process
    private let input: Pipe

    private init(ready: Ready, seeded: Data, process: Process, input: Pipe) throws {
        guard let base = URL(string: ready.base), let description = URL(string: ready.description) else {
            throw Unavailable(description: "\(ready.name): the ready line's URLs do not parse: \(ready.base)")
        }
        name = ready.name
        baseURL = base
        descriptionURL = description
        credentials = ready.credentials
        token = ready.token
        headers = ready.headers ?? [:]
        self.seeded = seeded
        self.process = process
        self.input = input
    }

    deinit { stop() }

    /// Kinto with its accounts, history and permissions plugins, seeded with buckets `blog` and
    /// `shop`, their collections, records and groups (about three seconds).
    package static func kinto() async throws -> RealServer {
        try await start("kinto_server.py", install: "python3 -m pip install kinto")
    }

    /// Jupyter Server with a notebook, a kernel, a session and a terminal (about three seconds).
    package static func jupyter() async throws -> RealServer {
        try await start("jupyter_server.py", install: "python3 -m pip install jupyter_server ipykernel")
    }

    /// The `seeded` member decoded as `type`.
    package func seeded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: seeded)
    }

    /// Every secret the server handed out: the credentials (and, for a `user:password` pair, the
    /// password and the pair as Basic sends it) and the token; none may be written anywhere.
    package var secrets: [String] {
        var found: [String] = []
        for value in credentials.values {
            found.append(value)
            found.append(Data(value.utf8).base64EncodedString())
            if let colon = value.firstIndex(of: ":") { found.append(String(value[value.index(after: colon)...])) }
        }
        if let token { found.append(token) }
        return found.filter { !$0.isEmpty }
    }

    /// Starts `Tests/Servers/<script>` and waits for its ready line (off the concurrency pool:
    /// ``offThePool(_:)``).
    package static func start(_ script: String, install: String) async throws -> RealServer {
        try await offThePool { try launch(script, install: install) }
    }

    /// Starts `Tests/Servers/<script>` and blocks until its ready line.
    private static func launch(_ script: String, install: String) throws -> RealServer {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/\(script)").path
        let howTo = "install them with `\(install)`"
        let launch: PythonServerLaunch
        do {
            launch = try PythonServerLaunch(script: path, label: script, howTo: howTo)
        } catch {
            throw Unavailable(description: error.description)
        }
        let line = launch.line
        if let ready = try? JSONDecoder().decode(Ready.self, from: line),
            let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let seeded = try? JSONSerialization.data(withJSONObject: object["seeded"] ?? [String: Any]())
        {
            return try RealServer(ready: ready, seeded: seeded, process: launch.process, input: launch.input)
        }
        throw Unavailable(description: launch.failure(label: path, howTo: howTo).description)
    }

    /// Stops the server (also done when it is released): closing its standard input ends it.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
