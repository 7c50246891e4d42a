import Foundation

/// An opt-in, persisted queue of writes for apps that must not lose them while the node is
/// unreachable.
///
/// ``submit(_:)`` gives every write an idempotency key (``RonConfig/idempotencyKeyHeader``, keeping one the call
/// already has),
/// **writes it to disk first** (appended and `fsync`ed), then sends it. When the node cannot be
/// reached (`status == 0`) or answers with a retryable status (`408`, `429`, `502`, `503`, `504`,
/// …) the write stays queued and is replayed, in order and with the same key, by ``flush()``, by
/// the next ``submit(_:)``, or when a ``ConnectivityMonitor`` says the network is back
/// (``flushWhenOnline(_:onFlush:)``). Concurrent submits keep the order they were made in.
///
/// - A replay that fails counts as an attempt and stops the flush; after `maxAttempts` the write
///   moves to ``deadLetters``. A non-retryable answer (`400`, `409`, …) to a replay dead-letters it
///   at once; to the first attempt it is simply the write's answer (``RonOfflineOutcome/delivered(_:)``).
/// - A `401` never dead-letters anything: the flush stops with it, the write keeps its place, and
///   `onUnauthorized` (if given) is called once to refresh credentials; when it returns `true` the
///   write is sent again at once.
/// - The file is an append-only log (one line per change, compacted now and then), so a change
///   costs the same I/O however long the queue is, and a crash loses nothing. A file that cannot be
///   read is moved aside, reported in ``corruption`` and in the client's log, and the queue goes on
///   with what could be read. One queue per file: a second one, in this process or another, fails
///   with ``RonOfflineQueueError/locked(path:)`` until the first is closed (``close()``) or freed.
/// - `maxEntries` and `maxBytes` (body bytes waiting) bound the queue; a write beyond them fails
///   with ``RonOfflineQueueError/full(path:entries:bytes:maxEntries:maxBytes:)``.
/// - **Credentials are not stored**: `Authorization`, `X-RON-Passport`, cookies and other headers
///   named like secrets are dropped from the stored entry, and the client adds its current
///   credentials (``RonConfig/authToken``, ``RonConfig/headerProvider``) when it replays.
///   Bodies are stored as they are: do not queue secrets in bodies.
///
/// ```swift
/// let queue = try RonOfflineQueue(fileURL: appSupport.appendingPathComponent("ron-queue.log"), client: client)
/// let outcome = try await queue.submit(AppRequest(method: .post, path: "/notes", body: .json(note)))
/// ```
public actor RonOfflineQueue {
    /// The file the queue lives in.
    public nonisolated let fileURL: URL
    /// How many failed attempts move a write to ``deadLetters``.
    public nonisolated let maxAttempts: Int
    /// The most writes the queue holds waiting.
    public nonisolated let maxEntries: Int
    /// The most body bytes the queue holds waiting.
    public nonisolated let maxBytes: Int
    /// Set when the file could not be read wholly when the queue was opened: where it was moved.
    public nonisolated let corruption: RonOfflineQueueCorruption?
    private let client: RonClient
    private let log: OfflineQueueLog
    private let onUnauthorized: (@Sendable () async -> Bool)?
    private var file: OfflineQueueFile
    /// The writes submitted in this process, as the caller made them (with their own headers).
    private var originals: [String: AppRequest] = [:]
    private var closed = false
    private var running: Task<RonFlushReport, Never>?
    /// The task following a ``ConnectivityMonitor`` (``flushWhenOnline(_:onFlush:)``).
    var watcher: Task<Void, Never>?

    /// Opens the queue stored in `fileURL` (an absent file is an empty queue).
    ///
    /// - Parameters:
    ///   - fileURL: The queue's file; one queue per file at a time.
    ///   - client: The client that sends the writes (its credentials are added on every send).
    ///   - maxAttempts: Failed attempts before a write is dead-lettered.
    ///   - maxEntries: The most writes waiting (default 10 000).
    ///   - maxBytes: The most body bytes waiting (default 50 MiB).
    ///   - onUnauthorized: Called when a replay gets `401`: refresh the credentials the client
    ///     sends and return `true` to send the write again.
    /// - Throws: ``RonOfflineQueueError/locked(path:)`` when another queue has the file;
    ///   ``RonOfflineQueueError/writeFailed(path:reason:)`` or
    ///   ``RonOfflineQueueError/unreadableFile(path:reason:)`` when it cannot be opened or a damaged
    ///   file cannot be moved aside.
    public init(
        fileURL: URL, client: RonClient, maxAttempts: Int = 5, maxEntries: Int = 10_000, maxBytes: Int = 50 << 20,
        onUnauthorized: (@Sendable () async -> Bool)? = nil
    ) throws(RonOfflineQueueError) {
        self.fileURL = fileURL
        self.client = client
        self.maxAttempts = max(1, maxAttempts)
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = max(0, maxBytes)
        self.onUnauthorized = onUnauthorized
        log = try OfflineQueueLog(url: fileURL)
        let loaded = try log.load()
        file = loaded.state
        corruption = loaded.corruption
        if let damage = loaded.corruption {
            client.logger?.warning(
                "ron offline queue file was damaged and moved aside",
                metadata: [
                    "path": .string(fileURL.path), "moved_to": .string(damage.movedTo.path),
                    "reason": .string(damage.reason), "recovered": .stringConvertible(damage.recoveredEntries),
                ])
        }
    }

    deinit {
        watcher?.cancel()
    }

    /// The writes waiting to be replayed, oldest first.
    public var pending: [RonQueuedRequest] { file.pending }

    /// The writes that failed for good, oldest first, each with its last problem.
    public var deadLetters: [RonQueuedRequest] { file.deadLetters }

    /// Stops following any monitor, closes the file and gives up its lock; later changes fail.
    public func close() {
        watcher?.cancel()
        watcher = nil
        closed = true
        log.release()
    }

    /// Stores a write (on disk before anything is sent), then sends it behind any write waiting
    /// (see ``RonOfflineQueue``).
    ///
    /// - Throws: ``RonOfflineQueueError/full(path:entries:bytes:maxEntries:maxBytes:)`` when the
    ///   queue is at its bounds, ``RonOfflineQueueError/writeFailed(path:reason:)`` when the file
    ///   cannot be written (the write is then neither stored nor sent).
    public func submit(_ request: AppRequest) async throws(RonOfflineQueueError) -> RonOfflineOutcome {
        var request = request
        let existing = request.headers.first {
            ["x-idempotency-key", "idempotency-key"].contains($0.key.lowercased()) && !$0.value.isEmpty
        }
        let key = existing?.value ?? client.makeIdempotencyKey()
        if existing == nil { request.headers[client.idempotencyKeyHeader] = key }
        let entry = RonQueuedRequest(request: request, idempotencyKey: key)
        let bytes = file.pendingBytes + (entry.body?.count ?? 0)
        guard file.pending.count < maxEntries, bytes <= maxBytes else {
            throw .full(
                path: fileURL.path, entries: file.pending.count, bytes: file.pendingBytes, maxEntries: maxEntries,
                maxBytes: maxBytes)
        }
        try change(OfflineQueueRecord(op: .put, entry: entry))
        originals[entry.id] = request
        while true {
            let report = await flush()
            if let response = report.responses[entry.id] { return .delivered(response) }
            if let dead = file.deadLetters.first(where: { $0.id == entry.id }) { return .deadLettered(dead) }
            guard let waiting = file.pending.first(where: { $0.id == entry.id }) else { return .queued(entry) }
            // A flush that ended just before this write joined it did not try it: try again.
            if report.stoppedBy != nil || waiting.attempts > 0 { return .queued(waiting) }
        }
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
        try change(OfflineQueueRecord(op: .put, entry: entry))
        try change(OfflineQueueRecord(op: .bury, id: id))
    }

    /// Deletes a dead letter.
    ///
    /// - Throws: ``RonOfflineQueueError`` when there is no such entry or the file cannot be written.
    public func removeDeadLetter(id: String) throws(RonOfflineQueueError) {
        guard file.deadLetters.contains(where: { $0.id == id }) else { throw .unknownEntry(id: id) }
        try change(OfflineQueueRecord(op: .bury, id: id))
    }

    private func replay() async -> RonFlushReport {
        var report = RonFlushReport()
        var refreshed = false
        while let entry = file.pending.first {
            let response: AppResponse<Data> = await client.request(originals[entry.id] ?? entry.appRequest)
            guard let problem = response.problem, !response.ok else {
                report.responses[entry.id] = response
                report.delivered.append(entry.id)
                if !settle(entry.id, OfflineQueueRecord(op: .remove, id: entry.id)) { return report }
                continue
            }
            if Task.isCancelled || problem.code == "cancelled" || problem.code == "client_closed" {
                report.stoppedBy = problem
                return report
            }
            if response.status == 401 {
                if !refreshed, let onUnauthorized, await onUnauthorized() {
                    refreshed = true
                    continue
                }
                report.stoppedBy = problem
                return report
            }
            var failed = entry
            failed.attempts += 1
            failed.lastProblem = problem
            let transient = Self.isUnreachable(problem) || (response.status != 0 && problem.retryable == true)
            if transient && failed.attempts < maxAttempts {
                _ = save(OfflineQueueRecord(op: .put, entry: failed))
                report.stoppedBy = problem
                return report
            }
            if !transient, entry.attempts == 0, originals[entry.id] != nil {
                // The first attempt got a definite answer: it is the write's answer, not a dead letter.
                report.responses[entry.id] = response
                if !settle(entry.id, OfflineQueueRecord(op: .remove, id: entry.id)) { return report }
                continue
            }
            report.deadLettered.append(entry.id)
            if !settle(entry.id, OfflineQueueRecord(op: .dead, entry: failed)) { return report }
        }
        return report
    }

    /// Applies a record and appends it to the log; on a write failure nothing changes.
    private func change(_ record: OfflineQueueRecord) throws(RonOfflineQueueError) {
        if closed { throw .writeFailed(path: fileURL.path, reason: "the queue was closed") }
        var next = file
        next.apply(record)
        try log.append(record, state: next)
        file = next
    }

    /// ``change(_:)`` for the replay loop, which cannot throw: `false` when the file could not be written.
    private func save(_ record: OfflineQueueRecord) -> Bool {
        do {
            try change(record)
            return true
        } catch {
            return false
        }
    }

    /// ``save(_:)`` for a write that leaves the queue: forgets the caller's original too.
    private func settle(_ id: String, _ record: OfflineQueueRecord) -> Bool {
        originals.removeValue(forKey: id)
        return save(record)
    }

    /// Whether the problem says the node could not be reached at all.
    static func isUnreachable(_ problem: RonProblem) -> Bool {
        problem.status == 0 && problem.kind == "transport" && problem.retryable == true
    }
}
