import Logging

/// A swift-log handler that renders every line, with all its metadata sorted by key, into a
/// ``Collector``: `"<level> <message> k1=v1 k2=v2"`, followed by ` @<source>` when asked.
package struct CapturingLogHandler: LogHandler {
    /// Where the lines go.
    package let sink: Collector<String>
    /// Whether each line ends with ` @<source>`.
    package let includeSource: Bool
    /// Metadata set on the logger.
    package var metadata: Logger.Metadata = [:]
    /// Every level is captured unless lowered by the test.
    package var logLevel: Logger.Level = .trace

    /// A handler writing into `sink`.
    package init(sink: Collector<String>, includeSource: Bool = false) {
        self.sink = sink
        self.includeSource = includeSource
    }

    /// Logger metadata by key.
    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Records one line.
    package func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        sink.append("\(event.level) \(event.message) \(rendered)" + (includeSource ? " @\(event.source)" : ""))
    }
}

extension Logger {
    /// A logger whose every line lands in `sink` (see ``CapturingLogHandler``).
    package static func capturing(into sink: Collector<String>, includeSource: Bool = false) -> Logger {
        Logger(label: "test") { _ in CapturingLogHandler(sink: sink, includeSource: includeSource) }
    }
}
