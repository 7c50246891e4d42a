import Foundation

/// What ``RonOfflineQueue/submit(_:)`` did with a write.
public enum RonOfflineOutcome: Sendable {
    /// The gateway answered (successfully or not); the response is the answer.
    case delivered(AppResponse<Data>)
    /// The gateway could not be reached, answered busy, or earlier writes are still waiting; the
    /// write is stored and will be replayed (``RonOfflineQueue/flush()``, or the queue's own retry).
    case queued(RonQueuedRequest)
    /// The write failed for good (refused ``RonOfflineQueue/maxAttempts`` times, or older than
    /// ``RonOfflineQueue/maxAgeSeconds``); it is in
    /// ``RonOfflineQueue/deadLetters`` with its ``RonQueuedRequest/lastProblem``.
    case deadLettered(RonQueuedRequest)
}
