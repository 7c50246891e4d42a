import Foundation

/// An opt-in, persisted queue of writes for apps that must not lose them while the node is
/// unreachable.
///
/// ``submit(_:)`` gives every write an idempotency key (``RonConfig/idempotencyKeyHeader``, keeping
/// one the call already has), **writes it to disk first** (appended and `fsync`ed), then sends it.
/// Writes are replayed in order, with the same key, by ``flush()``, by the next ``submit(_:)``, by
/// the queue itself after a backoff, or when a ``ConnectivityMonitor`` says the network is back
/// (``flushWhenOnline(_:onFlush:)``). Concurrent submits keep the order they were made in.
///
/// - **A write is never given up because the node could not be reached.** No answer (a connection
///   failure, a timeout, offline), `5xx` (`502`, `503`, `504`, …), `408`, `425` and `429` keep the
///   write in its place and count no attempt; the queue tries again by itself after a backoff
///   (`retryDelayMs`, doubling up to `maxRetryDelayMs`, or the answer's `Retry-After`), for as long
///   as it is open. While the node answers busy, submits store their write without sending it
///   until the backoff has passed.
/// - Only answers that refuse the write (`4xx` other than `401`, `408`, `425` and `429`) count as
///   attempts (``RonQueuedRequest/refusals``): after `maxAttempts` of them (default 1) the write
///   moves to ``deadLetters`` and the flush goes on. To the first send, a refusal is simply the
///   write's answer (``RonOfflineOutcome/delivered(_:)``).
/// - `maxAgeSeconds` (off by default) is the one other way out: a write that still cannot be
///   delivered that long after it was submitted is dead-lettered (problem `queue_expired`).
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
///
/// ## Exactly once, across crashes
///
/// Every write is sent with one idempotency key for its whole life, so a node that honours
/// `Idempotency-Key` applies it once however often it is replayed. An app killed *inside*
/// ``submit(_:)`` cannot tell whether the write was stored; to resubmit it safely, take the key
/// before submitting, keep it with the app's own record, and submit with it
/// (``submit(_:idempotencyKey:)``). A resubmit with a key the queue still holds adds nothing.
///
/// ```swift
/// let key = queue.makeIdempotencyKey()
/// try drafts.markSending(note.id, idempotencyKey: key)   // the app's own storage
/// _ = try await queue.submit(AppRequest(method: .post, path: "/notes", body: .json(note)), idempotencyKey: key)
/// // After a restart, for every draft still marked sending:
/// _ = try await queue.submit(request, idempotencyKey: draft.idempotencyKey)   // stored once, applied once
/// ```
public actor RonOfflineQueue {
    /// The file the queue lives in.
    public nonisolated let fileURL: URL
    /// How many refusing answers (`4xx` other than `401`, `408`, `425`, `429`) move a write to
    /// ``deadLetters``. Sends that got no answer, or a busy one, never count.
    ///
    /// ```swift
    /// // A 409 may pass once earlier writes have landed: allow three refusals.
    /// let queue = try RonOfflineQueue(fileURL: file, client: client, maxAttempts: 3)
    /// ```
    public nonisolated let maxAttempts: Int
    /// How long after it was submitted a write that still cannot be delivered is dead-lettered, in
    /// seconds; `nil` (the default): never.
    ///
    /// ```swift
    /// // A reading taken more than a day ago is of no use to the node: give up on it then.
    /// let queue = try RonOfflineQueue(fileURL: file, client: client, maxAgeSeconds: 86_400)
    /// ```
    public nonisolated let maxAgeSeconds: Int?
    /// The most writes the queue holds waiting.
    public nonisolated let maxEntries: Int
    /// The most body bytes the queue holds waiting.
    public nonisolated let maxBytes: Int
    /// The first pause before the queue tries again by itself, in milliseconds.
    ///
    /// ```swift
    /// // Try again after 5 s, then 10 s, 20 s, … at most every 10 min.
    /// let queue = try RonOfflineQueue(fileURL: file, client: client, retryDelayMs: 5_000, maxRetryDelayMs: 600_000)
    /// ```
    public nonisolated let retryDelayMs: Int
    /// The longest pause before the queue tries again by itself, in milliseconds.
    public nonisolated let maxRetryDelayMs: Int
    /// Set when the file could not be read wholly when the queue was opened: where it was moved.
    public nonisolated let corruption: RonOfflineQueueCorruption?
    let client: RonClient
    private let log: OfflineQueueLog
    let onUnauthorized: (@Sendable () async -> Bool)?
    /// Now (a test gives its own clock).
    let now: @Sendable () -> Date
    var file: OfflineQueueFile
    /// The writes submitted in this process, as the caller made them (with their own headers).
    var originals: [String: AppRequest] = [:]
    private var closed = false
    private var running: Task<RonFlushReport, Never>?
    /// The task following a ``ConnectivityMonitor`` (``flushWhenOnline(_:onFlush:)``).
    var watcher: Task<Void, Never>?
    /// The backoff after sends that could not deliver (``RonOfflineQueue+Backoff``).
    var backoff = OfflineQueueBackoff()

    /// Opens the queue stored in `fileURL` (an absent file is an empty queue).
    ///
    /// - Parameters:
    ///   - fileURL: The queue's file; one queue per file at a time.
    ///   - client: The client that sends the writes (its credentials are added on every send).
    ///   - maxAttempts: Refusing answers before a write is dead-lettered (default 1).
    ///   - maxAgeSeconds: How long a write that cannot be delivered may wait before it is
    ///     dead-lettered; `nil` (the default): for as long as the queue is kept.
    ///   - maxEntries: The most writes waiting (default 10 000).
    ///   - maxBytes: The most body bytes waiting (default 50 MiB).
    ///   - retryDelayMs: The first pause before the queue tries again by itself (default 1 s).
    ///   - maxRetryDelayMs: The longest such pause (default 5 min).
    ///   - onUnauthorized: Called when a replay gets `401`: refresh the credentials the client
    ///     sends and return `true` to send the write again.
    /// - Throws: ``RonOfflineQueueError/locked(path:)`` when another queue has the file;
    ///   ``RonOfflineQueueError/writeFailed(path:reason:)`` or
    ///   ``RonOfflineQueueError/unreadableFile(path:reason:)`` when it cannot be opened or a damaged
    ///   file cannot be moved aside.
    public init(
        fileURL: URL, client: RonClient, maxAttempts: Int = 1, maxAgeSeconds: Int? = nil, maxEntries: Int = 10_000,
        maxBytes: Int = 50 << 20, retryDelayMs: Int = 1_000, maxRetryDelayMs: Int = 300_000,
        onUnauthorized: (@Sendable () async -> Bool)? = nil
    ) throws(RonOfflineQueueError) {
        try self.init(
            fileURL: fileURL, client: client, maxAttempts: maxAttempts, maxAgeSeconds: maxAgeSeconds,
            maxEntries: maxEntries, maxBytes: maxBytes, retryDelayMs: retryDelayMs,
            maxRetryDelayMs: maxRetryDelayMs, now: { Date() }, onUnauthorized: onUnauthorized)
    }

    /// The public initializer, with its own clock.
    init(
        fileURL: URL, client: RonClient, maxAttempts: Int, maxAgeSeconds: Int?, maxEntries: Int, maxBytes: Int,
        retryDelayMs: Int, maxRetryDelayMs: Int, now: @escaping @Sendable () -> Date,
        onUnauthorized: (@Sendable () async -> Bool)?
    ) throws(RonOfflineQueueError) {
        self.fileURL = fileURL
        self.client = client
        self.maxAttempts = max(1, maxAttempts)
        self.maxAgeSeconds = maxAgeSeconds.map { max(0, $0) }
        self.maxEntries = max(1, maxEntries)
        self.maxBytes = max(0, maxBytes)
        self.retryDelayMs = max(1, retryDelayMs)
        self.maxRetryDelayMs = max(self.retryDelayMs, maxRetryDelayMs)
        self.now = now
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
        backoff.retry?.cancel()
    }

    /// The writes waiting to be replayed, oldest first.
    public var pending: [RonQueuedRequest] { file.pending }

    /// The writes that failed for good, oldest first, each with its last problem.
    public var deadLetters: [RonQueuedRequest] { file.deadLetters }

    /// The write with idempotency key `key`, waiting or dead-lettered; `nil` when the queue does not
    /// hold it (never submitted, not stored, or delivered).
    ///
    /// ```swift
    /// if let waiting = await queue.entry(idempotencyKey: draft.idempotencyKey) {
    ///     print("still waiting, \(waiting.attempts) sends so far")
    /// }
    /// ```
    public func entry(idempotencyKey key: String) -> RonQueuedRequest? {
        file.pending.first { $0.idempotencyKey == key } ?? file.deadLetters.first { $0.idempotencyKey == key }
    }

    /// A new idempotency key, made as the client makes them (``RonConfig/idempotencyKeyFactory``),
    /// for ``submit(_:idempotencyKey:)``: an app that keeps it before submitting can resubmit after
    /// a crash without the write being applied twice.
    ///
    /// ```swift
    /// let key = queue.makeIdempotencyKey()
    /// ```
    public nonisolated func makeIdempotencyKey() -> String {
        client.makeIdempotencyKey()
    }

    /// Stops following any monitor and any backoff, closes the file and gives up its lock; later
    /// changes fail.
    public func close() {
        watcher?.cancel()
        watcher = nil
        backoff.retry?.cancel()
        backoff.retry = nil
        closed = true
        log.release()
    }

    /// Stores a write (on disk before anything is sent), then sends it behind any write waiting
    /// (see ``RonOfflineQueue``).
    ///
    /// - Throws: ``RonOfflineQueueError/full(path:entries:bytes:maxEntries:maxBytes:)`` when the
    ///   queue is at its bounds, ``RonOfflineQueueError/writeFailed(path:reason:)`` when the file
    ///   cannot be written (the write is then neither stored nor sent),
    ///   ``RonOfflineQueueError/streamedBody(path:kind:)`` for a body that is a file or a stream
    ///   (the queue keeps bodies in its log; read a small file into memory first).
    public func submit(_ request: AppRequest) async throws(RonOfflineQueueError) -> RonOfflineOutcome {
        let existing = request.headers.first {
            ["x-idempotency-key", "idempotency-key"].contains($0.key.lowercased()) && !$0.value.isEmpty
        }
        return try await submit(request, idempotencyKey: existing?.value ?? client.makeIdempotencyKey())
    }

    /// Stores a write under the idempotency key `key` (sent in ``RonConfig/idempotencyKeyHeader``,
    /// in place of any the call has), then sends it behind any write waiting. When the queue already
    /// holds a write with this key (a resubmit after a crash), nothing is added: the outcome is that
    /// write's.
    ///
    /// ```swift
    /// let key = queue.makeIdempotencyKey()
    /// saveWithDraft(key)   // before submitting: a crash inside submit cannot lose the key
    /// let outcome = try await queue.submit(request, idempotencyKey: key)
    /// ```
    ///
    /// - Throws: As ``submit(_:)``.
    public func submit(_ request: AppRequest, idempotencyKey key: String) async throws(RonOfflineQueueError)
        -> RonOfflineOutcome
    {
        if let body = request.body, body.source.bytes == nil {
            throw .streamedBody(path: fileURL.path, kind: body.kindName)
        }
        if let dead = file.deadLetters.first(where: { $0.idempotencyKey == key }) { return .deadLettered(dead) }
        let entry: RonQueuedRequest
        if let held = file.pending.first(where: { $0.idempotencyKey == key }) {
            entry = held
        } else {
            var request = request
            for name in request.headers.keys where ["x-idempotency-key", "idempotency-key"].contains(name.lowercased())
            {
                request.headers.removeValue(forKey: name)
            }
            request.headers[client.idempotencyKeyHeader] = key
            entry = RonQueuedRequest(request: request, idempotencyKey: key, now: now())
            let bytes = file.pendingBytes + (entry.body?.count ?? 0)
            guard file.pending.count < maxEntries, bytes <= maxBytes else {
                throw .full(
                    path: fileURL.path, entries: file.pending.count, bytes: file.pendingBytes, maxEntries: maxEntries,
                    maxBytes: maxBytes)
            }
            try change(OfflineQueueRecord(op: .put, entry: entry))
            originals[entry.id] = request
        }
        if backoff.isBusy(at: now()) { return .queued(entry) }
        while true {
            let report = await flush()
            if let response = report.responses[entry.id] { return .delivered(response) }
            if let dead = file.deadLetters.first(where: { $0.id == entry.id }) { return .deadLettered(dead) }
            guard let waiting = file.pending.first(where: { $0.id == entry.id }) else { return .queued(entry) }
            // A flush that ended just before this write joined it did not try it: try again.
            if report.stoppedBy != nil || waiting.attempts > 0 { return .queued(waiting) }
        }
    }

    /// Replays the waiting writes in order until one cannot be delivered yet, whatever the backoff.
    /// A flush already running is joined rather than started twice.
    @discardableResult
    public func flush() async -> RonFlushReport {
        if let running {
            var report = await running.value
            report.remaining = file.pending.count
            return report
        }
        // The task lets go of `running` itself, on the actor, as soon as the replay ends: a retry the
        // replay scheduled then starts a flush of its own instead of joining this finished one.
        let task = Task {
            let report = await self.replay()
            self.running = nil
            return report
        }
        running = task
        var report = await task.value
        report.remaining = file.pending.count
        return report
    }

    /// Moves a dead letter back to the end of the queue with its attempts, refusals and age reset.
    ///
    /// - Throws: ``RonOfflineQueueError`` when there is no such entry or the file cannot be written.
    public func requeueDeadLetter(id: String) throws(RonOfflineQueueError) {
        guard var entry = file.deadLetters.first(where: { $0.id == id }) else { throw .unknownEntry(id: id) }
        entry.attempts = 0
        entry.refusals = 0
        entry.enqueuedAt = now()
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

    /// Applies a record and appends it to the log; on a write failure nothing changes.
    func change(_ record: OfflineQueueRecord) throws(RonOfflineQueueError) {
        if closed { throw .writeFailed(path: fileURL.path, reason: "the queue was closed") }
        var next = file
        next.apply(record)
        try log.append(record, state: next)
        file = next
    }

    /// Whether ``close()`` was called.
    var isClosed: Bool { closed }
}
