import Foundation
import NIOCore
import NIOHTTP1
import RonGenerated

/// `GET /app/events`: a server-sent events stream of ``StreamTick``s for subscription tests and demos.
///
/// Query: `count` (events in all, default 5, at most 1,000), `interval_ms` (between events, default
/// 50), `drop_after` (close the connection without ending the stream after this many events of one
/// response). A `Last-Event-ID` header resumes after that event; a client that has seen them all gets
/// `204`, which tells it to stop. The stream opens with a comment and `retry: 100`.
enum EventStreamRoute {
    static func respond(to request: GatewayRequest) -> GatewayResponse {
        guard let count = number(request, "count", default: 5, range: 1...1_000),
            let interval = number(request, "interval_ms", default: 50, range: 0...10_000),
            let dropAfter = number(request, "drop_after", default: 0, range: 0...1_000)
        else {
            return ProblemResponses.badRequest(
                "count (1...1000), interval_ms (0...10000) and drop_after (0...1000) must be integers")
        }
        var next = 1
        if let lastId = request.headers.first(name: "last-event-id"), !lastId.isEmpty {
            // Any value parses or is refused: never arithmetic on an unbounded number (Int.max + 1 traps).
            guard let seen = Int(lastId), seen >= 0 else {
                return ProblemResponses.badRequest("Last-Event-ID must be a whole number, got \(lastId.prefix(64))")
            }
            guard seen < count else { return .empty(.noContent) }
            next = seen + 1
        }
        let last = dropAfter > 0 ? min(count, next + dropAfter - 1) : count
        var chunks = [ByteBuffer(string: ": ron embedded gateway event stream\nretry: 100\n\n")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for seq in next...last {
            let tick = StreamTick(seq: UInt64(seq), message: "tick \(seq)")
            guard let data = try? encoder.encode(tick) else { return ProblemResponses.internalError() }
            chunks.append(
                ByteBuffer(string: "id: \(seq)\nevent: tick\ndata: \(String(decoding: data, as: UTF8.self))\n\n"))
        }
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/event-stream")
        headers.add(name: "cache-control", value: "no-cache")
        return GatewayResponse(
            status: .ok, headers: headers,
            body: .eventStream(chunks: chunks, interval: .milliseconds(interval), drop: dropAfter > 0 && last < count))
    }

    private static func number(_ request: GatewayRequest, _ name: String, default value: Int, range: ClosedRange<Int>)
        -> Int?
    {
        guard let text = request.queryValue(name) else { return value }
        guard let parsed = Int(text), range.contains(parsed) else { return nil }
        return parsed
    }
}
