import Foundation

/// What ``RonOfflineQueue/submit(_:)`` did with a write.
public enum RonOfflineOutcome: Sendable {
    /// The gateway answered (successfully or not); the response is the answer.
    case delivered(AppResponse<Data>)
    /// The gateway could not be reached (or earlier writes are still waiting); the write is stored
    /// and will be replayed by ``RonOfflineQueue/flush()``.
    case queued(RonQueuedRequest)
    /// The write failed for good (a non-retryable answer, or too many failed attempts); it is in
    /// ``RonOfflineQueue/deadLetters`` with its ``RonQueuedRequest/lastProblem``.
    case deadLettered(RonQueuedRequest)
}
