import Foundation

extension RonClient {
    /// Subscribes to a server-sent events endpoint (`text/event-stream`) at `{base}/app{path}` and
    /// decodes each event's `data` as JSON of type `T`.
    ///
    /// The connection starts at once. When it drops, the client reconnects after the server's
    /// `retry:` time (else ``RonSubscriptionOptions/reconnectDelayMs``), doubling the pause with
    /// jitter while reconnects keep failing, and sends `Last-Event-ID` so the server can resume.
    /// The stream:
    /// - ends without an error when the consuming task is cancelled or stops iterating (the
    ///   connection is closed), when the client is closed, or when the server answers `204`;
    /// - throws a `RonProblem` for an answer that will not change by retrying (for example
    ///   `401`, `404`, a body that is not `text/event-stream`), for an event whose data is not a `T`
    ///   (`decode_failed`) or too long (`event_too_large`), and `stream_gave_up` after
    ///   ``RonSubscriptionOptions/maxReconnects`` failed reconnects in a row.
    ///
    /// Subscriptions use the client's headers and credentials but not its middleware.
    ///
    /// ```swift
    /// let stream = try await client.subscribe(Event.self, path: "/events/logs")
    /// for try await event in stream { print(event.kind) }
    /// ```
    ///
    /// - Throws: A `RonProblem` (`kind == "local"`) when the path is invalid or the client is closed.
    public func subscribe<T: Decodable & Sendable>(
        _ type: T.Type, path: String, query: [String: String]? = nil, lastEventId: String? = nil,
        options: RonSubscriptionOptions = RonSubscriptionOptions()
    ) async throws(RonProblem) -> AsyncThrowingStream<T, any Error> {
        try await subscribe(
            type, path: path, queryItems: AppRequest.queryItems(query), lastEventId: lastEventId, options: options)
    }

    /// Subscribes to a server-sent events endpoint with query parameters in order and repeatable
    /// (`tag=a&tag=b`), as the generated event-stream operations do; otherwise as
    /// ``subscribe(_:path:query:lastEventId:options:)``.
    ///
    /// - Parameters:
    ///   - type: The type of each event's `data`.
    ///   - path: The endpoint below `/app`.
    ///   - queryItems: The query parameters, in this order; a name may repeat.
    ///   - lastEventId: Sent as `Last-Event-ID` on the first connection.
    ///   - options: Reconnection, idle timeout and event filter.
    /// - Returns: The decoded events.
    /// - Throws: A `RonProblem` (`kind == "local"`) when the path is invalid or the client is closed.
    public func subscribe<T: Decodable & Sendable>(
        _ type: T.Type, path: String, queryItems: [URLQueryItem], lastEventId: String? = nil,
        options: RonSubscriptionOptions = RonSubscriptionOptions()
    ) async throws(RonProblem) -> AsyncThrowingStream<T, any Error> {
        let items = try subscriptionQuery(path: path, queryItems: queryItems)
        let wanted = options.eventTypes
        return ServerSentEventPump<T>(
            client: self, path: path, query: items, options: options, lastEventId: lastEventId,
            transform: { (event: ServerSentEvent) throws(RonProblem) -> T? in
                if let wanted, !wanted.contains(event.event) { return nil }
                do {
                    return try JSONDecoder().decode(T.self, from: Data(event.data.utf8))
                } catch {
                    var problem = ProblemMapper.decodeFailure(type: T.self, error: error, status: 200, headers: [:])
                    problem.details?["event_id"] = .string(event.id)
                    problem.details?["event"] = .string(event.event)
                    throw problem
                }
            }
        ).start()
    }

    /// Subscribes to a server-sent events endpoint and delivers the raw events (every type).
    ///
    /// Connection, reconnection and ending work as in ``subscribe(_:path:query:lastEventId:options:)``.
    ///
    /// - Throws: A `RonProblem` (`kind == "local"`) when the path is invalid or the client is closed.
    public func serverSentEvents(
        path: String, query: [String: String]? = nil, lastEventId: String? = nil,
        options: RonSubscriptionOptions = RonSubscriptionOptions()
    ) async throws(RonProblem) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        try await serverSentEvents(
            path: path, queryItems: AppRequest.queryItems(query), lastEventId: lastEventId, options: options)
    }

    /// Subscribes to a server-sent events endpoint with query parameters in order and repeatable,
    /// and delivers the raw events (every type).
    ///
    /// - Parameters:
    ///   - path: The endpoint below `/app`.
    ///   - queryItems: The query parameters, in this order; a name may repeat.
    ///   - lastEventId: Sent as `Last-Event-ID` on the first connection.
    ///   - options: Reconnection, idle timeout and event filter.
    /// - Returns: The raw events.
    /// - Throws: A `RonProblem` (`kind == "local"`) when the path is invalid or the client is closed.
    public func serverSentEvents(
        path: String, queryItems: [URLQueryItem], lastEventId: String? = nil,
        options: RonSubscriptionOptions = RonSubscriptionOptions()
    ) async throws(RonProblem) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let items = try subscriptionQuery(path: path, queryItems: queryItems)
        return ServerSentEventPump<ServerSentEvent>(
            client: self, path: path, query: items, options: options, lastEventId: lastEventId, transform: { $0 }
        ).start()
    }

    /// The query of a subscription, once its URL is known to build (so a bad path throws at once).
    private func subscriptionQuery(path: String, queryItems: [URLQueryItem]) throws(RonProblem) -> [URLQueryItem] {
        _ = try url(for: AppRequest(path: path, query: queryItems))
        return queryItems
    }
}
