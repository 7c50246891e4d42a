import Foundation

/// What a ``RonMiddleware`` knows about the call it is handling.
public struct MiddlewareContext: Sendable {
    /// The HTTP method of the call.
    public let method: HTTPMethod
    /// The path below `/app` as the caller gave it (for example `/facets/docs/items`).
    public let path: String
    /// The `x-request-id` sent with the call.
    public let requestId: String?
    /// The `x-correlation-id` sent with the call.
    public let correlationId: String?
    /// When the client's overall timeout for this call expires.
    public let deadline: ContinuousClock.Instant
    let emitter: (@Sendable (RonEvent) -> Void)?
    var redactedURL: String
    /// The transport step of the call (for work that outlives it, such as a cache's background
    /// revalidation); `nil` for a context made with the public initializer.
    var terminal: RonMiddlewareNext?

    /// Creates a context (for testing middleware on its own); events it reports go to `onEvent`.
    public init(
        method: HTTPMethod, path: String, url: URL, requestId: String? = nil, correlationId: String? = nil,
        deadline: ContinuousClock.Instant = .now + .seconds(10), onEvent: (@Sendable (RonEvent) -> Void)? = nil
    ) {
        self.method = method
        self.path = path
        self.requestId = requestId
        self.correlationId = correlationId
        self.deadline = deadline
        self.emitter = onEvent
        self.redactedURL = Redactor.url(url)
    }

    /// Milliseconds left before the overall timeout (0 when it has passed).
    public var remainingMs: Int {
        let left = deadline - ContinuousClock.now
        return left <= .zero ? 0 : RonClient.milliseconds(left)
    }

    /// Reports that the call is about to be sent again after `delayMs`, as a
    /// ``RonEvent/retried(_:)`` event on ``RonClient/events(bufferSize:)``.
    ///
    /// - Parameters:
    ///   - attempt: The number of the attempt about to start (2 for the first retry).
    ///   - delayMs: The pause before it.
    ///   - cause: Why: a problem code such as `connect_failed` or `http_503`.
    public func reportRetry(attempt: Int, delayMs: Int, cause: String) {
        emitter?(
            .retried(
                RonRequestRetriedEvent(
                    method: method.rawValue, url: redactedURL, requestId: requestId, correlationId: correlationId,
                    attempt: attempt, delayMs: delayMs, cause: cause)))
    }
}
