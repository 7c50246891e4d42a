import Foundation

/// The generator one ``MockServer`` draws its faults and jitter with (SplitMix64 from
/// ``MockFaults/seed``), and how often each failure with a ``MockFaults/Failure/times`` fired.
/// Each request takes the same draws whatever it gets: one when its rule has failures, one when
/// its latency has jitter; so the same seed and the same requests in the same order give the same
/// faults.
final class MockFaultDice: @unchecked Sendable {
    /// What one request gets.
    struct Decision {
        /// The delay before the answer, in milliseconds.
        var delayMilliseconds = 0
        /// The failure drawn, if any.
        var failure: MockFaults.Failure?
        /// Where the failure comes from: `all` or an operationId.
        var scope = "all"
    }

    private let lock = NSLock()
    private var state: UInt64
    /// `scope#index` of a failure → how many requests got it.
    private var fired: [String: Int] = [:]

    /// A generator seeded with `seed`, or with a random seed.
    init(seed: UInt64?) {
        var system = SystemRandomNumberGenerator()
        state = seed ?? system.next()
    }

    /// Draws the fault and the delay of one request: `failures` (of `scope`) by their shares, and
    /// `latency` with its jitter.
    func decide(latency: MockFaults.Latency?, failures: [MockFaults.Failure], scope: String) -> Decision {
        lock.withLock {
            var decision = Decision(scope: scope)
            if !failures.isEmpty {
                let draw = unit()
                var edge = 0.0
                for (index, failure) in failures.enumerated() {
                    edge += failure.share
                    guard draw < edge else { continue }
                    let key = "\(scope)#\(index)"
                    if let times = failure.times, fired[key, default: 0] >= times { break }
                    fired[key, default: 0] += 1
                    decision.failure = failure
                    break
                }
            }
            if let latency {
                var delay = latency.milliseconds
                if latency.jitterMilliseconds > 0 {
                    let span = Double(2 * latency.jitterMilliseconds + 1)
                    delay += Int((unit() * span).rounded(.down)) - latency.jitterMilliseconds
                }
                decision.delayMilliseconds = max(0, delay)
            }
            return decision
        }
    }

    /// The next number of the sequence in `0..<1` (the lock held).
    private func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) * 0x1.0p-53
    }
}
