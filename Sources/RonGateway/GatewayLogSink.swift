import Foundation

/// Where an ``EmbeddedGateway`` writes its one-line-per-request log.
///
/// A sink is a closure, so tests can collect records and tools can print them; nothing is global.
public struct GatewayLogSink: Sendable {
    private let emit: @Sendable (GatewayLogRecord) -> Void

    /// Creates a sink that hands every record to `emit`. The closure is called from the gateway's
    /// threads and must not block.
    public init(_ emit: @escaping @Sendable (GatewayLogRecord) -> Void) {
        self.emit = emit
    }

    /// A sink that drops every record.
    public static var quiet: GatewayLogSink {
        GatewayLogSink { _ in }
    }

    /// A sink that writes every record as one line to standard error.
    public static var standardError: GatewayLogSink {
        GatewayLogSink { record in
            FileHandle.standardError.write(Data((record.description + "\n").utf8))
        }
    }

    /// A sink that hands every record's line to `line`.
    public static func lines(_ line: @escaping @Sendable (String) -> Void) -> GatewayLogSink {
        GatewayLogSink { record in line(record.description) }
    }

    /// A sink paired with the stream of the records it receives. The stream keeps the newest 1,024
    /// records and never finishes by itself: stop iterating when you have what you need.
    public static func stream() -> (sink: GatewayLogSink, records: AsyncStream<GatewayLogRecord>) {
        let (records, continuation) = AsyncStream<GatewayLogRecord>.makeStream(bufferingPolicy: .bufferingNewest(1_024))
        return (GatewayLogSink { record in continuation.yield(record) }, records)
    }

    func record(_ record: GatewayLogRecord) {
        emit(record)
    }
}
