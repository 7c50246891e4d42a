import Foundation

/// An opt-in, persisted queue of writes for apps that must not lose them while the node is
/// unreachable.
///
/// ``submit(_:)`` gives every write an `X-Idempotency-Key` (keeping one the call already has) and
/// sends it. When the transport cannot reach the node (`status == 0`, a retryable transport
/// problem such as `connect_failed` or `local_timeout`), the write is stored in `fileURL` and
/// replayed, in order and with the same key, by ``flush()`` (and by the next ``submit(_:)``).
/// Writes submitted while others wait are queued behind them, so order is kept.
///
/// - A replay that gets no response, or a retryable answer (`408`, `429`, `5xx`), counts as a
///   failed attempt and stops the flush; after `maxAttempts` failed attempts the write moves to
///   ``deadLetters``. A non-retryable answer (`400`, `409`, …) dead-letters it at once.
/// - The file is one JSON document, replaced atomically after every change, so a crash loses
///   nothing: a new queue made on the same file picks up where the last one stopped. Use one
///   queue per file at a time.
/// - **Credentials are not stored**: `Authorization`, `X-RON-Passport`, cookies and other headers
///   named like secrets are dropped from the stored entry, and the client adds its current
///   credentials (``RonConfig/authToken``, ``RonConfig/headerProvider``) when it replays.
///   Bodies are stored as they are: do not queue secrets in bodies.
///
/// ```swift
/// let queue = try RonOfflineQueue(fileURL: appSupport.appendingPathComponent("ron-queue.json"), client: client)
/// let outcome = try await queue.submit(AppRequest(method: .post, path: "/notes", body: .json(note)))
/// ```
public actor RonOfflineQueue {
    /// The file the queue lives in.
    public nonisolated let fileURL: URL
    /// How many failed attempts move a write to ``deadLetters``.
    public nonisolated let maxAttempts: Int
    private let client: RonClient
    private var file: OfflineQueueFile
    private var running: Task<RonFlushReport, Never>?

    /// Opens the queue stored in `fileURL` (an absent file is an empty queue).
    ///
    /// - Throws: ``RonOfflineQueueError/unreadableFile(path:reason:)`` when the file exists but
    ///   cannot be read as a queue; it is left untouched.
    public init(fileURL: URL, client: RonClient, maxAttempts: Int = 5) throws(RonOfflineQueueError) {
        self.fileURL = fileURL
        self.client = client
        self.maxAttempts = max(1, maxAttempts)
        self.file = try OfflineQueueFile.load(from: fileURL)
    }

    /// The writes waiting to be replayed, oldest first.
    public var pending: [RonQueuedRequest] { file.pending }

    /// The writes that failed for good, oldest first, each with its last problem.
    public var deadLetters: [RonQueuedRequest] { file.deadLetters }

    /// Sends a write now, or stores it when the node cannot be reached (see ``RonOfflineQueue``).
    ///
    /// - Throws: ``RonOfflineQueueError/writeFailed(path:reason:)`` when the write had to be
    ///   stored but the file could not be written (the write is then neither sent nor stored).
    public func submit(_ request: AppRequest) async throws(RonOfflineQueueError) -> RonOfflineOutcome {
        var request = request
        let existing = request.headers.first {
            ["x-idempotency-key", "idempotency-key"].contains($0.key.lowercased()) && !$0.value.isEmpty
        }
        let key = existing?.value ?? client.makeIdempotencyKey()
        if existing == nil { request.headers["X-Idempotency-Key"] = key }
        var entry = RonQueuedRequest(request: request, idempotencyKey: key)

        if !file.pending.isEmpty {
            try change { $0.pending.append(entry) }
            let report = await flush()
            if let response = report.responses[entry.id] { return .delivered(response) }
            if let dead = file.deadLetters.first(where: { $0.id == entry.id }) { return .deadLettered(dead) }
            return .queued(file.pending.first { $0.id == entry.id } ?? entry)
        }

        let response: AppResponse<Data> = await client.request(request)
        guard let problem = response.problem, Self.isUnreachable(problem) else { return .delivered(response) }
        entry.attempts = 1
        entry.lastProblem = problem
        if entry.attempts >= maxAttempts {
            try change { $0.deadLetters.append(entry) }
            return .deadLettered(entry)
        }
        try change { $0.pending.append(entry) }
        return .queued(entry)
    }

    /// Replays the waiting writes in order until one cannot be delivered yet. A flush already
    /// running is joined rather than started twice.
    @discardableResult
    public func flush() async -> RonFlushReport {
        if let running {
            var report = await running.value
            report.remaining = file.pending.count
            return report
        }
        let task = Task { await self.replay() }
        running = task
        var report = await task.value
        running = nil
        report.remaining = file.pending.count
        return report
    }

    /// Moves a dead letter back to the end of the queue with its attempts reset.
    ///
    /// - Throws: ``RonOfflineQueueError`` when there is no such entry or the file cannot be written.
    public func requeueDeadLetter(id: String) throws(RonOfflineQueueError) {
        guard var entry = file.deadLetters.first(where: { $0.id == id }) else { throw .unknownEntry(id: id) }
        entry.attempts = 0
        try change {
            $0.deadLetters.removeAll { $0.id == id }
            $0.pending.append(entry)
        }
    }

    /// Deletes a dead letter.
    ///
    /// - Throws: ``RonOfflineQueueError`` when there is no such entry or the file cannot be written.
    public func removeDeadLetter(id: String) throws(RonOfflineQueueError) {
        guard file.deadLetters.contains(where: { $0.id == id }) else { throw .unknownEntry(id: id) }
        try change { $0.deadLetters.removeAll { $0.id == id } }
    }

    private func replay() async -> RonFlushReport {
        var report = RonFlushReport()
        while let entry = file.pending.first {
            let response: AppResponse<Data> = await client.request(entry.appRequest)
            guard let problem = response.problem, !response.ok else {
                report.responses[entry.id] = response
                report.delivered.append(entry.id)
                if !save({ $0.pending.removeFirst() }) { return report }
                continue
            }
            if Task.isCancelled || problem.code == "cancelled" || problem.code == "client_closed" {
                report.stoppedBy = problem
                return report
            }
            var failed = entry
            failed.attempts += 1
            failed.lastProblem = problem
            let transient = Self.isUnreachable(problem) || (response.status != 0 && problem.retryable == true)
            if transient && failed.attempts < maxAttempts {
                _ = save { $0.pending[0] = failed }
                report.stoppedBy = problem
                return report
            }
            report.deadLettered.append(entry.id)
            if !save({
                $0.pending.removeFirst()
                $0.deadLetters.append(failed)
            }) {
                return report
            }
        }
        return report
    }

    /// Applies a change and writes the file; on a write failure the change is undone.
    private func change(_ mutate: (inout OfflineQueueFile) -> Void) throws(RonOfflineQueueError) {
        var next = file
        mutate(&next)
        try next.save(to: fileURL)
        file = next
    }

    /// ``change(_:)`` for the replay loop, which cannot throw: `false` when the file could not be written.
    private func save(_ mutate: (inout OfflineQueueFile) -> Void) -> Bool {
        do {
            try change(mutate)
            return true
        } catch {
            return false
        }
    }

    /// Whether the problem says the node could not be reached at all.
    static func isUnreachable(_ problem: RonProblem) -> Bool {
        problem.status == 0 && problem.kind == "transport" && problem.retryable == true
    }
}
