import Foundation
import Logging

@testable import RonAppSdkSwift

/// Collects values written from other tasks (hooks, log handlers).
final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Waits up to `timeoutMs` for at least `count` values.
    func wait(for count: Int, timeoutMs: Int = 2_000) async -> [Value] {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while values.count < count, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return values
    }
}

/// A log handler that records every message with its metadata rendered as text.
struct CapturingLogHandler: LogHandler {
    let sink: Collector<String>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        sink.append("\(event.level) \(event.message) \(rendered)")
    }
}

extension Logger {
    static func capturing(into sink: Collector<String>) -> Logger {
        Logger(label: "test") { _ in CapturingLogHandler(sink: sink) }
    }
}

struct Greeting: Codable, Hashable, Sendable {
    let message: String
}

func makeClient(
    _ server: TestHTTPServer, configure: (inout RonConfig) -> Void = { _ in }
) throws -> RonClient {
    var config = RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true)
    configure(&config)
    return try RonClient(config: config)
}
