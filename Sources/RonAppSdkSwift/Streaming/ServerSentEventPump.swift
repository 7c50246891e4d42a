import Foundation

/// Runs one subscription: connects, parses, delivers, and reconnects with backoff and
/// `Last-Event-ID` until the consumer stops, the server ends the stream for good, or the
/// reconnect limit is reached.
struct ServerSentEventPump<Element: Sendable>: Sendable {
    let client: RonClient
    let url: URL
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
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, throwing: (any Error).self)
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

    private func gaveUp(after problem: RonProblem, reconnects: Int) -> RonProblem {
        RonProblem(
            code: "stream_gave_up",
            message: "The event stream could not be resumed after \(reconnects) reconnect attempts",
            kind: "transport", status: problem.status, correlationId: problem.correlationId, retryable: true,
            details: ["last_cause": .string(problem.code), "reconnects": .integer(Int64(reconnects))])
    }

    private func requestHeaders(lastEventId: String) -> [String: String] {
        var headers = ["Accept": "text/event-stream", "Cache-Control": "no-cache"]
        if !lastEventId.isEmpty { headers["Last-Event-ID"] = lastEventId }
        for (name, value) in options.headers {
            for key in headers.keys where key.lowercased() == name.lowercased() {
                headers.removeValue(forKey: key)
            }
            headers[name] = value
        }
        return headers
    }

    private func connect(
        _ parser: inout ServerSentEventParser, _ continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) async -> Outcome {
        if client.state.isClosed { return .finished }
        let headers: [String: String]
        do {
            headers = try await client.headerComposer.compose(
                method: .get, callHeaders: requestHeaders(lastEventId: parser.lastEventId), body: nil)
        } catch {
            return .failed(error.problem)
        }
        let request = TransportRequest(
            method: "GET", url: url, headers: headers, timeoutMs: client.overallTimeoutMs,
            connectTimeoutMs: client.connectTimeoutMs, readTimeoutMs: options.idleTimeoutMs,
            writeTimeoutMs: client.writeTimeoutMs, maxResponseBytes: options.maxEventBytes)
        let response: TransportStream
        do {
            response = try await client.streamingTransport.stream(request)
        } catch {
            let failure = TransportFailure.classify(error)
            if Task.isCancelled || failure.cause == .cancelled { return .finished }
            let problem = ProblemMapper.fromTransport(failure)
            return failure.cause.retryable ? .dropped(problem, delivered: false, retryAfterMs: nil) : .failed(problem)
        }
        if response.status == 204 { return .finished }
        guard (200..<300).contains(response.status) else {
            let body = await Self.collect(response.body, limit: 65_536)
            let problem = ProblemMapper.fromHTTP(status: response.status, headers: response.headers, body: body)
            if problem.retryable == true {
                return .dropped(problem, delivered: false, retryAfterMs: problem.retryAfterMs)
            }
            return .failed(problem)
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
                    if case .terminated = continuation.yield(element) { return .finished }
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

    private static func collect(_ body: AsyncThrowingStream<Data, any Error>, limit: Int) async -> Data {
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
