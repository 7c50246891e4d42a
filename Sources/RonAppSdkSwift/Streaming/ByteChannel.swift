import Foundation

/// A bounded hand-off of body chunks from a transport (the producer) to the one consumer that
/// iterates them, so that a slow consumer slows the transfer down instead of filling memory.
///
/// A producer that can wait awaits ``send(_:)``, which returns once fewer than `highWater` bytes
/// wait to be read. A producer that cannot (a `URLSession` delegate) calls ``offer(_:)`` and pauses
/// its source while it answers `false`; `onDemand` runs once the consumer has read the buffer down
/// to half the mark. When the consumer stops (its task is cancelled, or it releases the sequence from
/// ``stream()``), `onCancel` runs once, so the transport closes the connection. A producer that can
/// neither wait nor pause (FoundationNetworking's data delegate, on Linux) gives a spill limit: past
/// the mark, chunks go to an unlinked temporary file (``SpillFile``), read back in order; a consumer
/// more than the limit behind fails the body with ``TransportFailure/Cause/responseTooLarge``.
///
/// A consumer that writes every chunk somewhere synchronous (a download's file) can ``drain(_:)``:
/// it writes what is queued (a producer's `offer` waits meanwhile, else a producer faster than the
/// writer would keep the queue from ever emptying), then the producer calls its writer with each
/// chunk on its own thread, with no hand-over to the consumer's task per chunk.
final class ByteChannel: @unchecked Sendable {
    /// Guards the state; a producer waits on it while a drain writes what was queued before it.
    private let lock = NSCondition()
    private var chunks: [Data] = []
    private var buffered = 0
    private var ended: (any Error)??
    private var cancelled = false
    private var paused = false
    private var reader: CheckedContinuation<Data?, any Error>?
    private var writer: CheckedContinuation<Bool, Never>?
    private let highWater: Int
    private let onDemand: (@Sendable () -> Void)?
    private let onCancel: @Sendable () -> Void
    private let spillLimit: Int64?
    private var spill: SpillFile?
    private var spillFailed = false
    /// The most bytes ever held in memory at once (for tests and benchmarks).
    private(set) var peakBuffered = 0
    /// The draining consumer's writer, once it has written what was queued: the producer calls it.
    private var sink: (@Sendable (Data) throws -> Void)?
    /// The drain, waiting for the end of the body.
    private var drainer: CheckedContinuation<Void, any Error>?
    /// The drain is writing what was queued before it started (a producer's `offer` waits meanwhile).
    private var takingOver = false
    /// The producer is in `sink` now: the drain ends only once it returned.
    private var sinkBusy = false
    /// What the drain's writer threw (or the spill file's failed read): the drain's outcome.
    private var sinkError: (any Error)?

    /// The default mark: 1 MiB waiting to be read.
    static let defaultHighWater = 1 << 20
    /// How far behind a consumer may fall, spilled to disk, before the body fails (4 GiB).
    static let defaultSpillLimit: Int64 = 4 << 30
    /// The most read back from the spill file at once.
    static let spillReadSize = 256 << 10

    /// Creates a channel; `spillLimit` (for producers that cannot pause) sends what passes the mark to
    /// a temporary file, up to that many bytes.
    init(
        highWater: Int = ByteChannel.defaultHighWater, spillLimit: Int64? = nil,
        onDemand: (@Sendable () -> Void)? = nil, onCancel: @escaping @Sendable () -> Void
    ) {
        self.highWater = max(highWater, 1)
        self.spillLimit = spillLimit
        self.onDemand = onDemand
        self.onCancel = onCancel
    }

    /// The bytes waiting in the spill file.
    var spilledBytes: Int64 { lock.withLock { spill?.pending ?? 0 } }

    // MARK: Producer

    /// Hands `data` over; `false` asks the producer to pause until `onDemand` (or to stop, once the
    /// consumer is gone).
    @discardableResult
    func offer(_ data: Data) -> Bool {
        lock.lock()
        // The drain is writing what was queued before it: wait, then write this chunk after it.
        while takingOver, !cancelled, ended == nil { lock.wait() }
        guard !cancelled, ended == nil else {
            lock.unlock()
            return false
        }
        if let sink { return write(data, to: sink) }
        if let waiting = reader {
            reader = nil
            lock.unlock()
            waiting.resume(returning: data)
            return true
        }
        if let spillLimit, buffered >= highWater || (spill?.pending ?? 0) > 0 {
            return spillLocked(data, limit: spillLimit)
        }
        chunks.append(data)
        buffered += data.count
        peakBuffered = max(peakBuffered, buffered)
        // A spilling channel never asks its producer to pause: the next chunk goes to disk.
        let open = buffered < highWater || spillLimit != nil
        if !open { paused = true }
        lock.unlock()
        return open
    }

    /// Appends `data` to the spill file (made on first use); called with the lock held, releases it.
    private func spillLocked(_ data: Data, limit: Int64) -> Bool {
        if spill == nil, !spillFailed {
            spill = SpillFile()
            spillFailed = spill == nil
        }
        guard let spill else {
            // No temporary file can be made: keep the chunk in memory, as a channel without a limit.
            chunks.append(data)
            buffered += data.count
            peakBuffered = max(peakBuffered, buffered)
            lock.unlock()
            return true
        }
        if spill.pending + Int64(data.count) > limit {
            lock.unlock()
            finish(
                throwing: TransportFailure(
                    .responseTooLarge, detail: "the reader fell more than \(limit) bytes behind the network"))
            return false
        }
        guard spill.append(data) else {
            lock.unlock()
            finish(
                throwing: TransportFailure(.truncatedBody, detail: "the temporary file for the body refused a write"))
            return false
        }
        lock.unlock()
        return true
    }

    /// Writes `data` with the drain's writer on the producer's thread; called with the lock held,
    /// releases it. A throw stops the transfer (`onCancel`) and ends the drain with the error.
    private func write(_ data: Data, to sink: @Sendable (Data) throws -> Void) -> Bool {
        sinkBusy = true
        lock.unlock()
        var failure: (any Error)?
        do { try sink(data) } catch { failure = error }
        lock.lock()
        sinkBusy = false
        let stop = failure.map(stopLocked) ?? false
        let open = !cancelled && ended == nil
        let resume = drainEndLocked()
        lock.unlock()
        if stop { onCancel() }
        resume?()
        return open
    }

    /// Hands `data` over and waits while the buffer is full; `false` once the consumer is gone.
    func send(_ data: Data) async -> Bool {
        if offer(data) { return true }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            if cancelled || ended != nil {
                lock.unlock()
                continuation.resume(returning: false)
            } else if !paused {
                lock.unlock()
                continuation.resume(returning: true)
            } else {
                writer = continuation
                lock.unlock()
            }
        }
    }

    /// Ends the body: cleanly with `nil`, else with `failure` once the buffered chunks are read.
    func finish(throwing failure: (any Error)? = nil) {
        lock.lock()
        guard ended == nil, !cancelled else {
            lock.unlock()
            return
        }
        ended = .some(failure)
        lock.broadcast()
        let waiting = chunks.isEmpty && (spill?.pending ?? 0) == 0 ? reader : nil
        if waiting != nil { reader = nil }
        let drained = drainEndLocked()
        lock.unlock()
        drained?()
        if let waiting {
            if let failure { waiting.resume(throwing: failure) } else { waiting.resume(returning: nil) }
        }
    }

    // MARK: Consumer

    /// What the consumer gets now: a chunk, the end, a failure, or nothing yet.
    private enum Poll {
        case chunk(Data)
        case end
        case failure(any Error)
        case wait
    }

    /// The next chunk, `nil` at the end; throws the producer's failure, or
    /// ``TransportFailure/Cause/cancelled`` once the consumer's task is cancelled. A chunk that is
    /// there already is returned without suspending.
    func next() async throws -> Data? {
        if Task.isCancelled {
            cancel()
            throw TransportFailure(.cancelled)
        }
        let (ready, wake) = lock.withLock { pollLocked() }
        wake?()
        switch ready {
        case .chunk(let chunk): return chunk
        case .end: return nil
        case .failure(let failure): throw failure
        case .wait: break
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                lock.lock()
                let (ready, wake) = pollLocked()
                if case .wait = ready { reader = continuation }
                lock.unlock()
                wake?()
                switch ready {
                case .chunk(let chunk): continuation.resume(returning: chunk)
                case .end: continuation.resume(returning: nil)
                case .failure(let failure): continuation.resume(throwing: failure)
                case .wait: break
                }
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// Takes what the consumer gets now; called with the lock held. Reading the buffer down to half
    /// the mark releases a waiting producer, or asks the source for more: that is the returned
    /// closure, which the caller runs once the lock is released.
    private func pollLocked() -> (Poll, (() -> Void)?) {
        if cancelled { return (.failure(TransportFailure(.cancelled)), nil) }
        if !chunks.isEmpty {
            let chunk = takeChunksLocked()
            buffered -= chunk.count
            guard paused, buffered <= highWater / 2 else { return (.chunk(chunk), nil) }
            paused = false
            if let demand = writer {
                writer = nil
                return (.chunk(chunk), { demand.resume(returning: true) })
            }
            return (.chunk(chunk), onDemand)
        }
        if let spill, spill.pending > 0 {
            guard let chunk = spill.read(upTo: Self.spillReadSize) else {
                let failure = TransportFailure(.truncatedBody, detail: "the temporary file for the body refused a read")
                return (.failure(failure), nil)
            }
            return (.chunk(chunk), nil)
        }
        if let ended {
            if let failure = ended { return (.failure(failure), nil) }
            return (.end, nil)
        }
        return (.wait, nil)
    }

    /// The oldest buffered chunk, joined with the ones after it up to ``spillReadSize`` bytes, so a
    /// reader that fell behind catches up in a few large pieces rather than many small ones.
    private func takeChunksLocked() -> Data {
        var taken = 1
        var size = chunks[0].count
        while taken < chunks.count, size + chunks[taken].count <= Self.spillReadSize {
            size += chunks[taken].count
            taken += 1
        }
        guard taken > 1 else { return chunks.removeFirst() }
        var joined = Data(capacity: size)
        for piece in chunks[0..<taken] { joined.append(piece) }
        chunks.removeFirst(taken)
        return joined
    }

    /// The consumer is gone: drops what is buffered, fails a waiting read, releases a waiting
    /// producer, and runs `onCancel` (unless the body had ended already).
    func cancel() {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            return
        }
        cancelled = true
        lock.broadcast()
        let hadEnded = ended != nil
        chunks.removeAll()
        buffered = 0
        spill = nil
        let waitingReader = reader
        let waitingWriter = writer
        reader = nil
        writer = nil
        let drained = drainEndLocked()
        lock.unlock()
        drained?()
        waitingReader?.resume(throwing: TransportFailure(.cancelled))
        waitingWriter?.resume(returning: false)
        if !hadEnded { onCancel() }
    }

    // MARK: Direct consumer

    /// Calls `write` with every chunk not yet read, in order and one at a time, and returns once the
    /// body ended (see ``DirectBodySource``): first on the calling task with what is queued (chunks
    /// arriving meanwhile queue behind them), then on the producer's thread as each chunk arrives.
    /// Rethrows what `write` throws (having stopped the transfer) or the producer's failure; throws
    /// ``TransportFailure/Cause/cancelled`` once the calling task is cancelled.
    func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws {
        if Task.isCancelled {
            cancel()
            throw TransportFailure(.cancelled)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    drainer = continuation
                    takingOver = true
                }
                takeOver(write)
            }
        } onCancel: {
            self.cancel()
        }
    }

    /// Writes the queued chunks (joined, ``spillReadSize`` at a time) and the spilled ones, then
    /// hands `write` to the producer; ends the drain if the body ended meanwhile.
    private func takeOver(_ write: @escaping @Sendable (Data) throws -> Void) {
        while true {
            lock.lock()
            var (ready, wake) = sinkError == nil ? pollLocked() : (.wait, nil)
            var stop = false
            switch ready {
            case .chunk(let chunk):
                lock.unlock()
                wake?()
                wake = nil
                do {
                    try write(chunk)
                    continue
                } catch {
                    lock.lock()
                    stop = stopLocked(error)
                }
            case .failure(let failure):
                // The spill file refused a read: a failure of the body, not of the consumer.
                if ended == nil, !cancelled { stop = stopLocked(failure) }
            case .end, .wait:
                break
            }
            // Nothing left here: from now on the producer writes each chunk as it arrives.
            sink = write
            takingOver = false
            lock.broadcast()
            let resume = drainEndLocked()
            lock.unlock()
            wake?()
            if stop { onCancel() }
            resume?()
            return
        }
    }

    /// Keeps `failure` as the drain's outcome and stops the channel; called with the lock held.
    /// Returns whether the caller must run `onCancel` (after releasing the lock) to stop the transfer.
    private func stopLocked(_ failure: any Error) -> Bool {
        if sinkError == nil { sinkError = failure }
        guard !cancelled else { return false }
        cancelled = true
        lock.broadcast()
        chunks.removeAll()
        buffered = 0
        spill = nil
        return ended == nil
    }

    /// Takes the waiting drain once it may end (nothing being written, and the body ended, failed or
    /// was cancelled); called with the lock held. The caller runs the returned closure once the lock
    /// is released.
    private func drainEndLocked() -> (() -> Void)? {
        guard let waiting = drainer, !takingOver, !sinkBusy else { return nil }
        let outcome: Result<Void, any Error>
        if let sinkError {
            outcome = .failure(sinkError)
        } else if cancelled {
            outcome = .failure(TransportFailure(.cancelled))
        } else if let ended, chunks.isEmpty, (spill?.pending ?? 0) == 0 {
            outcome = ended.map { .failure($0) } ?? .success(())
        } else {
            return nil
        }
        drainer = nil
        return { waiting.resume(with: outcome) }
    }
}
