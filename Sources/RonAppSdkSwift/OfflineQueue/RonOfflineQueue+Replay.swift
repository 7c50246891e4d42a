import Foundation

extension RonOfflineQueue {
    /// Sends the waiting writes in order: a delivered or dead-lettered write leaves the queue and
    /// the next one goes; one that must wait (``OfflineQueueVerdict/waits``), a `401`, or a
    /// refusal below `maxAttempts` stops the flush with the write in its place.
    func replay() async -> RonFlushReport {
        var report = RonFlushReport()
        var refreshed = false
        while let entry = file.pending.first {
            let response: AppResponse<Data> = await client.request(originals[entry.id] ?? entry.appRequest)
            let verdict = OfflineQueueVerdict(status: response.status, problem: response.problem)
            guard let problem = response.problem, verdict != .delivered else {
                report.responses[entry.id] = response
                report.delivered.append(entry.id)
                backoff.reset()
                if !settle(entry.id, OfflineQueueRecord(op: .remove, id: entry.id)) { return report }
                continue
            }
            switch verdict {
            case .delivered, .stopped:
                report.stoppedBy = problem
                return report
            case .unauthorized:
                if !refreshed, let onUnauthorized, await onUnauthorized() {
                    refreshed = true
                    continue
                }
                report.stoppedBy = problem
                return report
            case .unreachable, .busy:
                var failed = entry
                failed.attempts += 1
                failed.lastProblem = problem
                _ = save(OfflineQueueRecord(op: .put, entry: failed))
                report.deadLettered += expire()
                report.stoppedBy = problem
                scheduleRetry(after: problem, busy: verdict == .busy)
                return report
            case .refused:
                var failed = entry
                failed.attempts += 1
                failed.refusals += 1
                failed.lastProblem = problem
                if entry.attempts == 0, originals[entry.id] != nil {
                    // The first send got a definite answer: it is the write's answer, not a dead letter.
                    report.responses[entry.id] = response
                    if !settle(entry.id, OfflineQueueRecord(op: .remove, id: entry.id)) { return report }
                    continue
                }
                if failed.refusals < maxAttempts {
                    _ = save(OfflineQueueRecord(op: .put, entry: failed))
                    report.stoppedBy = problem
                    scheduleRetry(after: problem, busy: true)
                    return report
                }
                report.deadLettered.append(entry.id)
                if !settle(entry.id, OfflineQueueRecord(op: .dead, entry: failed)) { return report }
            }
        }
        backoff.reset()
        return report
    }

    /// Dead-letters the waiting writes older than `maxAgeSeconds` (after a send that could not
    /// deliver: the node is away, so they are not sent first); their ids.
    private func expire() -> [String] {
        guard let limit = maxAgeSeconds else { return [] }
        let cutoff = now().addingTimeInterval(-Double(limit))
        var expired: [String] = []
        for entry in file.pending where entry.enqueuedAt < cutoff {
            var dead = entry
            let last = entry.lastProblem
            dead.lastProblem = RonProblem(
                code: "queue_expired",
                message: "the write could not be delivered within \(limit) s"
                    + (last.map { "; last problem: \($0.code)" } ?? ""),
                kind: "local", status: last?.status ?? 0, retryable: false)
            guard settle(entry.id, OfflineQueueRecord(op: .dead, entry: dead)) else { break }
            expired.append(entry.id)
        }
        return expired
    }

    /// ``change(_:)`` for the replay loop, which cannot throw: `false` when the file could not be written.
    func save(_ record: OfflineQueueRecord) -> Bool {
        do {
            try change(record)
            return true
        } catch {
            return false
        }
    }

    /// ``save(_:)`` for a write that leaves the queue: forgets the caller's original too.
    func settle(_ id: String, _ record: OfflineQueueRecord) -> Bool {
        originals.removeValue(forKey: id)
        return save(record)
    }
}
