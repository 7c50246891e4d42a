/// Sends a call again when it failed in a way that may pass on a second try (see ``RetryPolicy``).
///
/// Each retry is reported as a ``RonEvent/retried(_:)`` event. A call that still fails returns its
/// last outcome: the last response, or the last transport failure. The random source and the
/// sleeper can be replaced (for tests).
///
/// ```swift
/// let client = try RonClient(config: RonConfig(baseUrl: url, middleware: [RetryMiddleware(policy: .standard)]))
/// ```
public struct RetryMiddleware: RonMiddleware {
    /// The policy in effect.
    public let policy: RetryPolicy
    private let random: @Sendable () -> Double
    private let sleep: @Sendable (Int) async throws -> Void

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - policy: When and how often to retry.
    ///   - random: Returns a value in `0..<1` for the jitter (default: the system generator).
    ///   - sleep: Pauses for the given milliseconds and throws when cancelled (default: `Task.sleep`).
    public init(
        policy: RetryPolicy = .standard,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        sleep: @escaping @Sendable (Int) async throws -> Void = { ms in
            try await Task.sleep(nanoseconds: UInt64(max(ms, 0)) * 1_000_000)
        }
    ) {
        self.policy = policy
        self.random = random
        self.sleep = sleep
    }

    /// Sends the request, and again while the outcome is retryable and the policy allows.
    public func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        // A one-shot body stream cannot be read a second time.
        let safe = policy.isSafeToRetry(request) && request.bodySource?.isReplayable != false
        var retry = 0
        var spentMs = 0
        while true {
            let outcome: Result<TransportResponse, any Error>
            do {
                outcome = .success(try await next(request))
            } catch {
                outcome = .failure(error)
            }
            guard safe, !Task.isCancelled, let (cause, hint) = retryReason(outcome) else {
                return try outcome.get()
            }
            guard let delay = policy.delayMs(retry: retry, random: random(), retryAfterMs: hint, spentMs: spentMs),
                delay < context.remainingMs
            else {
                return try outcome.get()
            }
            context.reportRetry(attempt: retry + 2, delayMs: delay, cause: cause)
            if delay > 0 { try await sleep(delay) }
            spentMs += delay
            retry += 1
        }
    }

    /// Why the outcome may be retried (a problem code) and the server's pause hint, or `nil`.
    private func retryReason(_ outcome: Result<TransportResponse, any Error>) -> (String, Int?)? {
        switch outcome {
        case .success(let response):
            guard policy.retryStatuses.contains(response.status) else { return nil }
            let problem =
                response.mappedProblem
                ?? ProblemMapper.fromHTTP(status: response.status, headers: response.headers, body: response.body)
            return ("http_\(response.status)", problem.retryAfterMs)
        case .failure(let error):
            guard policy.retriesTransportFailures, !(error is RonProblem), !(error is LocalNetworkError) else {
                return nil
            }
            let failure = TransportFailure.classify(error)
            guard failure.cause.retryable else { return nil }
            return (failure.cause.code, nil)
        }
    }
}
