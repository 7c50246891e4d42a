import Foundation

/// `--proxy-report FILE`: one JSON object a line per proxied exchange, written as it happens, so
/// that CI can count the divergences of a test run:
/// `{"method", "path", "operation", "status", "upstream", "problems": [{"side", "location",
/// "message"}], "error"}` (`operation` and `upstream` `null` where there is none, `error` only for
/// a real server that did not answer). `path` has no query, so no credential is written.
final class MockProxyReport: @unchecked Sendable {
    private let lock = NSLock()
    private let handle: FileHandle
    let file: URL

    /// Empties (or creates) `file` and opens it for writing.
    init(file: URL) throws(MockProxy.ConfigurationError) {
        self.file = file
        guard FileManager.default.createFile(atPath: file.path, contents: Data()),
            let handle = FileHandle(forWritingAtPath: file.path)
        else {
            throw MockProxy.ConfigurationError(description: "\(file.path): the proxy report cannot be written")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// Writes the line of one exchange.
    func write(
        request: MockRequest, operationId: String?, status: Int, upstream: String?, problems: [MockProxyProblem],
        error: String?
    ) {
        var entry: [String: Any] = [
            "method": request.method.uppercased(), "path": request.path, "operation": operationId ?? NSNull(),
            "status": status, "upstream": upstream ?? NSNull(),
            "problems": problems.map { ["side": $0.side.rawValue, "location": $0.location, "message": $0.message] },
        ]
        if let error { entry["error"] = error }
        guard
            let line = try? JSONSerialization.data(
                withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        lock.withLock {
            handle.seekToEndOfFile()
            handle.write(line + Data("\n".utf8))
        }
    }
}
