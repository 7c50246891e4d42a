import Foundation
import Logging

/// Collects values written from other tasks and threads (hooks, log handlers).
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
    func wait(for count: Int, timeoutMs: Int = 5_000) async -> [Value] {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while values.count < count, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return values
    }
}

/// A swift-log handler that renders every line, with all metadata, into a ``Collector``.
struct LineCollectingLogHandler: LogHandler {
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
        sink.append("\(event.level) \(event.message) \(rendered) @\(event.source)")
    }
}
