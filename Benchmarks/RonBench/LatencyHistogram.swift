/// Call latencies in fixed 25 µs buckets up to 100 ms, allocated once, so that recording them during
/// a sustained-load run allocates nothing (the run measures the client's memory, not its own).
struct LatencyHistogram: Sendable {
    private static let bucketMicros = 25
    private static let bucketCount = 4_000
    private var counts = [Int](repeating: 0, count: bucketCount)
    private(set) var total = 0

    mutating func record(nanoseconds: UInt64) {
        let bucket = min(Int(nanoseconds / 1_000) / Self.bucketMicros, Self.bucketCount - 1)
        counts[bucket] += 1
        total += 1
    }

    mutating func merge(_ other: LatencyHistogram) {
        for index in counts.indices { counts[index] += other.counts[index] }
        total += other.total
    }

    /// The latency below which `fraction` of the calls finished, in milliseconds (bucket upper edge).
    func percentile(_ fraction: Double) -> Double {
        guard total > 0 else { return .nan }
        let wanted = max(Int((fraction * Double(total)).rounded(.up)), 1)
        var seen = 0
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= wanted { return Double((index + 1) * Self.bucketMicros) / 1_000 }
        }
        return Double(Self.bucketCount * Self.bucketMicros) / 1_000
    }
}
