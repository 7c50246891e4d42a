import Foundation

/// When a ``RonOfflineQueue`` tries again by itself after sends that could not deliver.
struct OfflineQueueBackoff: Sendable {
    /// Stops in a row that ended on a write that must wait.
    var stops = 0
    /// Until when submits store without sending (set when the node answered busy).
    var busyUntil: Date?
    /// The pending retry.
    var retry: Task<Void, Never>?

    /// Whether the node answered busy and its backoff has not passed at `now`.
    func isBusy(at now: Date) -> Bool {
        busyUntil.map { now < $0 } ?? false
    }

    /// After a delivery, or an empty queue: no backoff.
    mutating func reset() {
        stops = 0
        busyUntil = nil
        retry?.cancel()
        retry = nil
    }
}

extension RonOfflineQueue {
    /// The pause after the `stops`-th stop in a row: `retryDelayMs` doubled each time, at most
    /// `maxRetryDelayMs`, with up to half of it taken off at random (so many apps do not come back
    /// at once), and never shorter than the answer's `Retry-After`, up to `maxRetryDelayMs`.
    func retryDelayMs(stops: Int, retryAfterMs: Int?) -> Int {
        let doubled = Double(retryDelayMs) * pow(2, Double(min(max(stops - 1, 0), 30)))
        let ceiling = min(Double(maxRetryDelayMs), doubled)
        let delay = ceiling / 2 + Double.random(in: 0...(ceiling / 2))
        return Int(min(Double(maxRetryDelayMs), max(delay, Double(retryAfterMs ?? 0))))
    }

    /// Schedules the next flush of its own, after ``retryDelayMs(stops:retryAfterMs:)``; `busy`
    /// makes submits wait for it too.
    func scheduleRetry(after problem: RonProblem, busy: Bool) {
        backoff.stops += 1
        let delay = retryDelayMs(stops: backoff.stops, retryAfterMs: problem.retryAfterMs)
        backoff.busyUntil = busy ? now().addingTimeInterval(Double(delay) / 1_000) : nil
        backoff.retry?.cancel()
        backoff.retry = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(delay))
            guard !Task.isCancelled else { return }
            await self?.retryAfterBackoff()
        }
    }

    /// The flush a backoff scheduled (nothing when the queue was closed or is empty).
    private func retryAfterBackoff() async {
        backoff.retry = nil
        guard !isClosed, !file.pending.isEmpty else { return }
        await flush()
    }
}
