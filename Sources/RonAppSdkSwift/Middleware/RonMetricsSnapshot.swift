/// The counters of a ``MetricsMiddleware`` at one moment.
public struct RonMetricsSnapshot: Sendable, Hashable {
    /// The upper bounds (inclusive, in milliseconds) of the duration buckets; a last bucket holds the rest.
    public static let bucketBoundsMs = [10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000]

    /// Calls that finished (with a response or a failure).
    public var calls = 0
    /// Calls started and not finished yet.
    public var inFlight = 0
    /// Calls that got no response (transport failures, timeouts, cancellations, validation errors).
    public var failures = 0
    /// Responses by status class: `"2xx"`, `"4xx"`, `"5xx"`, …
    public var statusClasses: [String: Int] = [:]
    /// The sum of all durations, in milliseconds.
    public var totalDurationMs = 0
    /// The longest duration, in milliseconds.
    public var maxDurationMs = 0
    /// Counts per duration bucket, one more than ``bucketBoundsMs`` (the last is "longer").
    public var durationBuckets = [Int](repeating: 0, count: RonMetricsSnapshot.bucketBoundsMs.count + 1)

    /// Creates an empty snapshot.
    public init(inFlight: Int = 0) {
        self.inFlight = inFlight
    }

    /// The mean duration in milliseconds (0 with no calls).
    public var averageDurationMs: Double {
        calls == 0 ? 0 : Double(totalDurationMs) / Double(calls)
    }
}
