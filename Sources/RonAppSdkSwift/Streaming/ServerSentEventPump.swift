import Foundation

/// Runs one subscription: connects, parses, delivers, and reconnects with backoff and
/// `Last-Event-ID` until the consumer stops, the server ends the stream for good, or the
/// reconnect limit is reached.
struct ServerSentEventPump<Element: Sendable>: Sendable {
    let client: RonClient
    let path: String
    let query: [URLQueryItem]
    let options: RonSubscriptionOptions
    let lastEventId: String?
    /// Turns an event into an element; `nil` skips the event, a thrown problem ends the stream.
    let transform: @Sendable (ServerSentEvent) throws(RonProblem) -> Element?

    private enum Outcome {
        /// The stream is over without an error (consumer gone, client closed, or `204`).
        case finished
        /// The stream is over with this problem.
        case failed(RonProblem)
        /// The connection dropped; reconnect.
        case dropped(RonProblem, delivered: Bool, retryAfterMs: Int?)
    }

    func start() -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: Element.self, throwing: (any Error).self, bufferingPolicy: .bufferingOldest(options.bufferSize))
        let task = client.streams.start { await run(continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func run(_ continuation: AsyncThrowingStream<Element, any Error>.Continuation) async {
        var parser = ServerSentEventParser(lastEventId: lastEventId ?? "", maxEventBytes: options.maxEventBytes)
        var failures = 0
        while !Task.isCancelled {
            switch await connect(&parser, continuation) {
            case .finished:
                continuation.finish()
                return
            case .failed(let problem):
                continuation.finish(throwing: problem)
                return
            case .dropped(let problem, let delivered, let retryAfterMs):
                if delivered { failures = 0 }
                failures += 1
                if failures > options.maxReconnects {
                    continuation.finish(throwing: gaveUp(after: problem, reconnects: failures - 1))
                    return
                }
                let delay = reconnectDelayMs(failures: failures, serverRetryMs: parser.retryMs, hint: retryAfterMs)
                do {
                    try await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
                } catch {
                    continuation.finish()
                    return
                }
            }
        }
        continuation.finish()
    }

    /// The pause before reconnect number `failures`: the server's `retry:` (or the option) for the
    /// first, then doubling with jitter up to the maximum; a `Retry-After` hint is a floor.
    func reconnectDelayMs(failures: Int, serverRetryMs: Int?, hint: Int?) -> Int {
        let base = serverRetryMs ?? options.reconnectDelayMs
        var delay = base
        if failures > 1 {
            let shift = min(failures - 1, 30)
            let ceiling = max(
                base, min(options.maxReconnectDelayMs, base.multipliedReportingOverflow(by: 1 << shift).0))
            delay = ceiling > base ? Int.random(in: base...ceiling) : base
        }
        return min(max(delay, hint ?? 0), RonConfig.Defaults.maxTimeoutMs)
    }

    /// The problem that ends a stream whose consumer fell ``RonSubscriptionOptions/bufferSize`` events behind.
    private func overflow(after event: ServerSentEvent) -> RonProblem {
        RonProblem(
            code: "stream_overflow",
            message: "The consumer fell more than \(options.bufferSize) events behind; resubscribe to resume",
            kind: "transport", status: 200, retryable: true,
            details: ["buffer_size": .integer(Int64(options.bufferSize)), "event_id": .string(event.id)])
    }

    private func gaveUp(after problem: RonProblem, reconnects: Int) -> RonProblem {
        RonProblem(
            code: "stream_gave_up",
            message: "The event stream could not be resumed after \(reconnects) reconnect attempts",
            kind: "transport", status: problem.status, correlationId: problem.correlationId, retryable: true,
            details: ["last_cause": .string(problem.code), "reconnects": .integer(Int64(reconnects))])
    }

    private func requestHeaders(lastEventId: String) -> [String: String] {
        var headers = RonHeaders(["Accept": "text/event-stream", "Cache-Control": "no-cache"])
        if !lastEventId.isEmpty { headers["Last-Event-ID"] = lastEventId }
        for (name, value) in options.headers { headers[name] = value }
        return Dictionary(headers.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Connects through the client's pipeline (*prepare*, then the middleware around the streaming
    /// transport), so retries, auth refresh, metrics and reporting see every (re)connection.
    private func connect(
        _ parser: inout ServerSentEventParser, _ continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) async -> Outcome {
        if client.state.isClosed { return .finished }
        var call = AppRequest(
            method: .get, path: path, query: query, headers: requestHeaders(lastEventId: parser.lastEventId))
        call.security = options.security
        let opened = OpenedStream()
        let start = ContinuousClock.now
        let exchange = await client.exchange(
            call,
            limits: PreparationLimits(readTimeoutMs: options.idleTimeoutMs, maxResponseBytes: options.maxEventBytes),
            terminal: client.streamTerminal(into: opened))
        let head: AppResponse<Data> = RonClient.makeResponse(
            exchange.result, durationMs: RonClient.milliseconds(ContinuousClock.now - start))
        client.report(
            call, url: exchange.url, sentHeaders: exchange.sentHeaders, response: head, secrets: exchange.secrets)
        if let problem = head.problem {
            if Task.isCancelled || client.state.isClosed || problem.code == "cancelled" { return .finished }
            if problem.status == 0 {
                return problem.retryable == true && problem.kind == "transport"
                    ? .dropped(problem, delivered: false, retryAfterMs: nil) : .failed(problem)
            }
            return problem.retryable == true
                ? .dropped(problem, delivered: false, retryAfterMs: problem.retryAfterMs) : .failed(problem)
        }
        if head.status == 204 { return .finished }
        guard let response = opened.value else {
            // A middleware answered 2xx without opening the stream.
            return .failed(
                RonProblem(
                    code: "stream_not_opened", message: "A middleware answered the subscription without opening it",
                    kind: "local", status: head.status, retryable: false))
        }
        let contentType = response.headers["content-type"] ?? ""
        guard contentType.lowercased().hasPrefix("text/event-stream") else {
            return .failed(
                RonProblem(
                    code: "unexpected_content_type",
                    message:
                        "Expected text/event-stream but got '\(contentType.isEmpty ? "no content type" : contentType)'",
                    kind: "transport", status: response.status, retryable: false,
                    details: ["content_type": .string(String(contentType.prefix(100)))]))
        }
        var delivered = false
        do {
            for try await chunk in response.body {
                for event in try parser.feed(chunk) {
                    delivered = true
                    guard let element = try transform(event) else { continue }
                    switch continuation.yield(element) {
                    case .terminated: return .finished
                    case .dropped: return .failed(overflow(after: event))
                    case .enqueued: continue
                    @unknown default: continue
                    }
                }
            }
            parser.endOfStream()
            if Task.isCancelled { return .finished }
            let ended = RonProblem(
                code: "stream_ended", message: "The server ended the event stream", kind: "transport",
                status: response.status, retryable: true)
            return .dropped(ended, delivered: delivered, retryAfterMs: nil)
        } catch let failure as ServerSentEventParser.Failure {
            guard case .eventTooLarge(let limit) = failure else { return .finished }
            return .failed(
                RonProblem(
                    code: "event_too_large", message: "An event is longer than \(limit) bytes", kind: "transport",
                    status: response.status, retryable: false, details: ["limit": .integer(Int64(limit))]))
        } catch let problem as RonProblem {
            return .failed(problem)
        } catch {
            parser.endOfStream()
            let failure = TransportFailure.classify(error)
            if Task.isCancelled || failure.cause == .cancelled { return .finished }
            return .dropped(ProblemMapper.fromTransport(failure), delivered: delivered, retryAfterMs: nil)
        }
    }

    static func collect(_ body: AsyncThrowingStream<Data, any Error>, limit: Int) async -> Data {
        var collected = Data()
        do {
            for try await chunk in body {
                collected.append(chunk.prefix(limit - collected.count))
                if collected.count >= limit { break }
            }
        } catch {
            return collected
        }
        return collected
    }
}
