/// Something that happened to a call of a ``RonClient``, as delivered by ``RonClient/events(bufferSize:)``.
///
/// URLs and headers are redacted as in the logs (credentials and secret-looking values replaced by `[REDACTED]`).
public enum RonEvent: Sendable, Hashable {
    /// A call is about to be sent (once per call, after its headers are composed).
    case started(RonRequestStartedEvent)
    /// A middleware is about to send the call again (for example ``RetryMiddleware``).
    case retried(RonRequestRetriedEvent)
    /// A call ended, with a response or a problem.
    case finished(RonRequestFinishedEvent)

    /// The `x-request-id` of the call the event belongs to.
    public var requestId: String? {
        switch self {
        case .started(let event): return event.requestId
        case .retried(let event): return event.requestId
        case .finished(let event): return event.requestId
        }
    }
}
