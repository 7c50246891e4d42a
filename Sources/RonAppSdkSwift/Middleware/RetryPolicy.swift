/// When and how often ``RetryMiddleware`` sends a call again.
///
/// Delays use exponential backoff with full jitter: before retry `n` (0 for the first retry) the
/// pause is a random value in `[0, min(maxDelayMs, baseDelayMs × 2ⁿ)]`. A server hint
/// (`retry_after_ms` in a JSON problem body, else the `Retry-After` header) replaces the random
/// pause when ``honorsRetryAfter`` is on; a hint longer than ``maxRetryAfterMs`` ends the retries.
/// The sum of all pauses never exceeds ``maxTotalDelayMs``, and a pause that would outlast the
/// client's overall timeout is not started: the last outcome is returned instead.
///
/// Only calls that are safe to repeat are retried (see ``isSafeToRetry(_:)``): a call marked
/// ``AppRequest/idempotent`` `true`; else, unless it is marked `false`, a method in
/// ``idempotentMethods``, or any other method that carries a non-empty `Idempotency-Key` (or
/// `X-Idempotency-Key`) when ``retriesWritesWithIdempotencyKey`` says the server dedupes by key.
/// A key the SDK invented does not by itself make a POST or PATCH retryable. Every attempt carries
/// the same key. A call whose body is a one-shot ``RonBodyStream`` is never retried (its bytes are
/// gone once read); a body in memory, a file, or a replayable stream is sent whole again.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts of one call, the first included (at least 1).
    public var maxAttempts: Int
    /// The backoff ceiling of the first retry, in milliseconds.
    public var baseDelayMs: Int
    /// The largest backoff ceiling, in milliseconds.
    public var maxDelayMs: Int
    /// The most time spent pausing between attempts of one call, in milliseconds.
    public var maxTotalDelayMs: Int
    /// The HTTP statuses that are retried.
    public var retryStatuses: Set<Int>
    /// Whether calls that got no response (connect failed, reset, timeout, …) are retried.
    public var retriesTransportFailures: Bool
    /// The methods that are always safe to repeat.
    public var idempotentMethods: Set<HTTPMethod>
    /// Whether other methods (POST, PATCH) are retried when they carry an idempotency key. Turn it
    /// on only when your server dedupes writes by that key. Off by default.
    public var retriesWritesWithIdempotencyKey: Bool
    /// Whether a server's `retry_after_ms` / `Retry-After` sets the pause.
    public var honorsRetryAfter: Bool
    /// The longest server-requested pause that is waited for, in milliseconds.
    public var maxRetryAfterMs: Int

    /// Creates a policy; the defaults are ``standard``.
    public init(
        maxAttempts: Int = 3,
        baseDelayMs: Int = 100,
        maxDelayMs: Int = 2_000,
        maxTotalDelayMs: Int = 5_000,
        retryStatuses: Set<Int> = [408, 429, 502, 503, 504],
        retriesTransportFailures: Bool = true,
        idempotentMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, HTTPMethod(rawValue: "OPTIONS")],
        retriesWritesWithIdempotencyKey: Bool = false,
        honorsRetryAfter: Bool = true,
        maxRetryAfterMs: Int = 10_000
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelayMs = max(0, baseDelayMs)
        self.maxDelayMs = max(0, maxDelayMs)
        self.maxTotalDelayMs = max(0, maxTotalDelayMs)
        self.retryStatuses = retryStatuses
        self.retriesTransportFailures = retriesTransportFailures
        self.idempotentMethods = idempotentMethods
        self.retriesWritesWithIdempotencyKey = retriesWritesWithIdempotencyKey
        self.honorsRetryAfter = honorsRetryAfter
        self.maxRetryAfterMs = max(0, maxRetryAfterMs)
    }

    /// Three attempts, 100 ms base, 2 s cap, 5 s total budget, statuses 408/429/502/503/504 and
    /// transport failures, server hints up to 10 s honoured.
    public static let standard = RetryPolicy()

    /// The backoff ceiling before retry `retry` (0 for the first retry): `min(maxDelayMs, baseDelayMs × 2^retry)`.
    public func ceilingMs(retry: Int) -> Int {
        guard retry >= 0 else { return min(maxDelayMs, baseDelayMs) }
        let shift = min(retry, 62)
        let (scaled, overflow) = baseDelayMs.multipliedReportingOverflow(by: 1 << shift)
        return overflow || retry > 62 ? maxDelayMs : min(maxDelayMs, scaled)
    }

    /// The jittered pause before retry `retry`: `random` (in `0...1`, clamped) times the ceiling.
    public func backoffMs(retry: Int, random: Double) -> Int {
        let ceiling = ceilingMs(retry: retry)
        let unit = random.isFinite ? min(max(random, 0), 1) : 0
        return min(ceiling, max(0, Int((Double(ceiling) * unit).rounded(.down))))
    }

    /// The pause before retry `retry`, or `nil` when the policy gives up.
    ///
    /// - Parameters:
    ///   - retry: 0 for the first retry.
    ///   - random: A value in `0...1` for the jitter.
    ///   - retryAfterMs: The server's hint, if any.
    ///   - spentMs: The pauses already taken for this call.
    public func delayMs(retry: Int, random: Double, retryAfterMs: Int? = nil, spentMs: Int = 0) -> Int? {
        guard retry >= 0, retry + 1 < maxAttempts else { return nil }
        let delay: Int
        if honorsRetryAfter, let hint = retryAfterMs {
            guard hint <= maxRetryAfterMs else { return nil }
            delay = max(0, hint)
        } else {
            delay = backoffMs(retry: retry, random: random)
        }
        guard spentMs + delay <= maxTotalDelayMs else { return nil }
        return delay
    }

    /// Whether a request may be sent more than once: its own ``TransportRequest/idempotent`` when
    /// set, else its method, else its idempotency key when the server dedupes by key.
    public func isSafeToRetry(_ request: TransportRequest) -> Bool {
        if let idempotent = request.idempotent { return idempotent }
        if idempotentMethods.contains(HTTPMethod(rawValue: request.method)) { return true }
        return retriesWritesWithIdempotencyKey && request.idempotencyKey != nil
    }
}
