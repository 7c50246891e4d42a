/// How a subscription (``RonClient/subscribe(_:path:query:lastEventId:options:)``) connects,
/// reconnects and gives up.
public struct RonSubscriptionOptions: Sendable, Hashable {
    /// The pause before the first reconnect, in milliseconds, until the server sets its own with
    /// a `retry:` field.
    public var reconnectDelayMs: Int
    /// The longest pause between reconnects, in milliseconds. Consecutive failures double the
    /// pause (with jitter) up to this.
    public var maxReconnectDelayMs: Int
    /// How many reconnects in a row may fail (drop or refuse before any event arrives) before the
    /// stream ends with a `stream_gave_up` problem. An event that arrives resets the count.
    public var maxReconnects: Int
    /// The longest silence allowed on a connection (heartbeat comments count), in milliseconds;
    /// it also bounds connecting. A silent connection is dropped and reconnected.
    public var idleTimeoutMs: Int
    /// The most bytes one event may take; a longer one ends the stream with `event_too_large`.
    public var maxEventBytes: Int
    /// The event types to deliver from ``RonClient/subscribe(_:path:query:lastEventId:options:)``
    /// (`nil`: all). The raw ``RonClient/serverSentEvents(path:query:lastEventId:options:)``
    /// delivers every event.
    public var eventTypes: Set<String>?
    /// Extra headers for every connection (they win over the SDK's, as in ``AppRequest/headers``).
    public var headers: [String: String]
    /// The most events that wait for a slow consumer. When one more arrives, the stream delivers
    /// the waiting events and then ends with a `stream_overflow` problem (resubscribe with the last
    /// event's id as `lastEventId` to resume); memory never grows past this bound.
    public var bufferSize: Int
    /// The security of the stream's operation (``AppRequest/security``), attached to every
    /// (re)connection: a generated subscription call sets it; `nil` by default.
    public var security: [RonSecurityRequirement]? = nil

    /// Creates options; the defaults suit most streams.
    public init(
        reconnectDelayMs: Int = 1_000,
        maxReconnectDelayMs: Int = 30_000,
        maxReconnects: Int = 10,
        idleTimeoutMs: Int = 300_000,
        maxEventBytes: Int = 1 << 20,
        eventTypes: Set<String>? = nil,
        headers: [String: String] = [:],
        bufferSize: Int = 1_024
    ) {
        self.reconnectDelayMs = max(0, reconnectDelayMs)
        self.maxReconnectDelayMs = max(0, maxReconnectDelayMs)
        self.maxReconnects = max(0, maxReconnects)
        self.idleTimeoutMs = min(max(1, idleTimeoutMs), RonConfig.Defaults.maxTimeoutMs)
        self.maxEventBytes = max(1, maxEventBytes)
        self.eventTypes = eventTypes
        self.headers = headers
        self.bufferSize = max(1, bufferSize)
    }
}
