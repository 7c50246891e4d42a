/// One event of a `text/event-stream` (server-sent events) response.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field of the block, `message` when there was none.
    public var event: String
    /// The `data:` lines of the block joined with `\n`.
    public var data: String
    /// The last event ID in effect when the event was dispatched (set by this or an earlier `id:`
    /// field); empty when none was ever set or an empty `id:` reset it.
    public var id: String
    /// The reconnection time from a `retry:` field in this block, in milliseconds.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String = "", retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
