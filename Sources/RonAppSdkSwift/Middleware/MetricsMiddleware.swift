import Foundation

/// Counts calls, their status classes and durations; read them with ``snapshot()``.
///
/// Put it first in ``RonConfig/middleware`` to measure whole calls (retries included), or after a
/// ``RetryMiddleware`` to measure each attempt. One instance can be shared by several clients.
///
/// ```swift
/// let metrics = MetricsMiddleware()
/// let client = try RonClient(config: RonConfig(baseUrl: url, middleware: [metrics, .retry()]))
/// // later
/// print(metrics.snapshot().statusClasses["5xx"] ?? 0)
/// ```
public struct MetricsMiddleware: RonMiddleware {
    private let store = MetricsStore()

    /// Creates a middleware with zeroed counters.
    public init() {}

    /// The counters so far.
    public func snapshot() -> RonMetricsSnapshot { store.snapshot() }

    /// Zeroes the counters (calls in flight stay counted as in flight).
    public func reset() { store.reset() }

    /// Passes the request on and records the outcome.
    public func intercept(
        _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
    ) async throws -> TransportResponse {
        let clock = ContinuousClock()
        let start = clock.now
        store.begin()
        do {
            let response = try await next(request)
            store.end(status: response.status, durationMs: RonClient.milliseconds(clock.now - start))
            return response
        } catch {
            store.end(status: nil, durationMs: RonClient.milliseconds(clock.now - start))
            throw error
        }
    }
}

/// The lock-protected counters of one ``MetricsMiddleware``.
private final class MetricsStore: @unchecked Sendable {
    private let lock = NSLock()
    private var value = RonMetricsSnapshot()

    func begin() {
        lock.lock()
        value.inFlight += 1
        lock.unlock()
    }

    func end(status: Int?, durationMs: Int) {
        lock.lock()
        defer { lock.unlock() }
        value.inFlight -= 1
        value.calls += 1
        if let status {
            value.statusClasses["\(min(max(status / 100, 0), 9))xx", default: 0] += 1
        } else {
            value.failures += 1
        }
        value.totalDurationMs += durationMs
        value.maxDurationMs = max(value.maxDurationMs, durationMs)
        let bucket = RonMetricsSnapshot.bucketBoundsMs.firstIndex { durationMs <= $0 }
        value.durationBuckets[bucket ?? RonMetricsSnapshot.bucketBoundsMs.count] += 1
    }

    func snapshot() -> RonMetricsSnapshot {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func reset() {
        lock.lock()
        defer { lock.unlock() }
        value = RonMetricsSnapshot(inFlight: value.inFlight)
    }
}
