/// An incremental parser for `text/event-stream` bodies, following the WHATWG HTML rules for
/// server-sent events. Feed it bytes as they arrive and collect the events it returns.
///
/// - A leading UTF-8 byte order mark is skipped; lines end with CRLF, LF or CR (also when a CRLF
///   is split between two chunks); bytes are decoded as UTF-8 with invalid sequences replaced.
/// - `data:` lines are joined with `\n`; `event:` sets the type (default `message`); `id:` sets
///   the last event ID unless the value contains NUL (an empty value resets it); `retry:` with
///   only ASCII digits sets ``retryMs``; lines starting with `:` are comments; other fields are
///   ignored; a single space after the colon is dropped.
/// - A blank line dispatches the event; a block without `data:` dispatches nothing.
/// - ``endOfStream()`` drops an unfinished block (the stream ended before its blank line).
///
/// ```swift
/// var parser = ServerSentEventParser()
/// let events = try parser.feed(Data("data: hello\n\n".utf8))   // [ServerSentEvent(data: "hello")]
/// ```
package struct ServerSentEventParser: Sendable {
    /// Why the parser refused input.
    package enum Failure: Error, Sendable, Hashable {
        /// One event (or one line) is longer than ``ServerSentEventParser/maxEventBytes``.
        case eventTooLarge(limit: Int)
    }

    /// The most bytes one event (its lines and data together) may take.
    package let maxEventBytes: Int
    /// The last event ID string: the id in force when the last event was dispatched (WHATWG), sent
    /// back as `Last-Event-ID` when reconnecting. An `id:` field only takes effect when its event is
    /// dispatched, so a connection that drops mid-event resumes before that event.
    package private(set) var lastEventId: String
    /// The last event ID buffer: what `id:` fields set, not yet dispatched.
    private var idBuffer: String
    /// The reconnection time most recently set by a `retry:` field, in milliseconds.
    package private(set) var retryMs: Int?

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var eventType = ""
    private var blockRetry: Int?
    private var afterCR = false
    private var atStart = true
    private var bomPrefix: [UInt8] = []
    /// Set after an oversized event until its line ends, so its tail is not read as a new line.
    private var skippingOversizedLine = false
    /// Set when the current chunk had an oversized event.
    private var oversized = false

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - lastEventId: The last event ID to start from (for a stream resumed after a restart).
    ///   - maxEventBytes: The most bytes one event may take (default 1 MiB).
    package init(lastEventId: String = "", maxEventBytes: Int = 1 << 20) {
        self.lastEventId = lastEventId
        self.idBuffer = lastEventId
        self.maxEventBytes = max(1, maxEventBytes)
    }

    /// Parses the next bytes of the stream and returns the events they complete.
    ///
    /// - Throws: ``Failure/eventTooLarge(limit:)`` when an event passes ``maxEventBytes``. The whole
    ///   chunk is still read (the oversized line is skipped), but the events it completed are not
    ///   returned; parsing can go on with the next chunk.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) throws(Failure) -> [ServerSentEvent]
    where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        oversized = false
        for byte in bytes {
            if atStart {
                bomPrefix.append(byte)
                if bomPrefix == Self.byteOrderMark {
                    atStart = false
                    bomPrefix = []
                } else if !Self.byteOrderMark.starts(with: bomPrefix) {
                    atStart = false
                    let pending = bomPrefix
                    bomPrefix = []
                    for early in pending { consume(early, into: &events) }
                }
                continue
            }
            consume(byte, into: &events)
        }
        if oversized { throw .eventTooLarge(limit: maxEventBytes) }
        return events
    }

    /// Ends the current connection's stream: an unfinished event is dropped, the next bytes may
    /// start with a byte order mark again. ``lastEventId`` and ``retryMs`` are kept; an id of the
    /// unfinished event is dropped with it.
    package mutating func endOfStream() {
        idBuffer = lastEventId
        line = []
        data = []
        eventType = ""
        blockRetry = nil
        afterCR = false
        atStart = true
        bomPrefix = []
        skippingOversizedLine = false
    }

    private mutating func consume(_ byte: UInt8, into events: inout [ServerSentEvent]) {
        switch byte {
        case 0x0D:
            afterCR = true
            if let event = endLine() { events.append(event) }
        case 0x0A:
            if afterCR {
                afterCR = false
                return
            }
            if let event = endLine() { events.append(event) }
        default:
            afterCR = false
            if skippingOversizedLine { return }
            if line.count + data.count >= maxEventBytes {
                line = []
                data = []
                eventType = ""
                blockRetry = nil
                skippingOversizedLine = true
                oversized = true
                return
            }
            line.append(byte)
        }
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line = [] }
        if skippingOversizedLine {
            skippingOversizedLine = false
            return nil
        }
        if line.isEmpty { return dispatch() }
        if line[0] == 0x3A { return nil }
        let field: [UInt8]
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: 0x3A) {
            field = Array(line[..<colon])
            value = line[(colon + 1)...]
            if value.first == 0x20 { value = value.dropFirst() }
        } else {
            field = line
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            data.append(contentsOf: value)
            data.append(0x0A)
        case "id":
            // WHATWG ignores an id with NUL; one with any other control character is ignored as
            // well, since it could not be sent back as a `Last-Event-ID` header.
            if !value.contains(where: { $0 < 0x20 || $0 == 0x7F }) { idBuffer = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
                let ms = Int(String(decoding: value, as: UTF8.self))
            {
                retryMs = ms
                blockRetry = ms
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = []
            eventType = ""
            blockRetry = nil
        }
        lastEventId = idBuffer
        guard !data.isEmpty else { return nil }
        data.removeLast()
        return ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self),
            id: lastEventId, retry: blockRetry)
    }
}
