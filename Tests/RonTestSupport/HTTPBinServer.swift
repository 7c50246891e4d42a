import Foundation

/// A real httpbin (the PyPI package, a server nobody here wrote) on a free loopback port, for the
/// interop tests of HTTP behaviour: bodies, forms, multipart, ranges, drips, content codings.
///
/// Python picks the port (it binds port 0 and prints the port it got), so two suites never race
/// for one. When python3 or the package is missing, ``start()`` throws an error that says how to
/// install it; the tests then fail, they are never skipped.
package final class HTTPBinServer: @unchecked Sendable {
    /// Why the server could not be started.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, and how to fix it.
        package var description: String
    }

    /// `http://127.0.0.1:<port>`.
    package let baseURL: URL
    private let process: Process
    private let input: Pipe

    private static let script = """
        import os, signal, sys, threading
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        def watch_stdin():
            sys.stdin.buffer.read()
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()
        try:
            from httpbin import app
            from werkzeug.serving import make_server
        except ImportError as error:
            print("missing:" + str(error), flush=True)
            sys.exit(3)
        def dechunked(environ, start_response):
            # Werkzeug decodes a chunked request body itself (wsgi.input_terminated), but httpbin
            # refuses chunked requests under any server but gunicorn: it is told of the coding
            # under another name, which it echoes with the other headers.
            coding = environ.get("HTTP_TRANSFER_ENCODING", "")
            if environ.get("wsgi.input_terminated") and coding.lower() == "chunked":
                environ["HTTP_X_ORIGINAL_TRANSFER_ENCODING"] = environ.pop("HTTP_TRANSFER_ENCODING")
            return app(environ, start_response)
        server = make_server("127.0.0.1", 0, dechunked, threaded=True)
        print("port:%d" % server.server_port, flush=True)
        server.serve_forever()
        """

    private init(baseURL: URL, process: Process, input: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.input = input
    }

    deinit { stop() }

    /// Starts httpbin and waits until it listens (off the concurrency pool: ``offThePool(_:)``).
    package static func start() async throws -> HTTPBinServer {
        try await offThePool(launch)
    }

    /// Starts httpbin and blocks until it listens.
    private static func launch() throws -> HTTPBinServer {
        let howTo = "install it with `python3 -m pip install httpbin` (.ci/run does)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", script]
        let out = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Unavailable(description: "httpbin: python3 could not be started (\(error)); \(howTo)")
        }
        let line = ChildProcess.firstLine(of: out.fileHandleForReading)
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("port:"), let port = Int(text.dropFirst(5)) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            let said = text.isEmpty ? "python3 exited with status \(process.terminationStatus)" : text
            throw Unavailable(description: "httpbin is not available (\(said)); \(howTo)")
        }
        return HTTPBinServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, process: process, input: input)
    }

    /// Stops the server (also done when it is released): closing its standard input ends it, and so
    /// does the end of this process, so no server outlives a crashed test run. (A signal would not
    /// do: a child may inherit SIGTERM blocked from the test runner.)
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
