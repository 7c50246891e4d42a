import Foundation

/// Reads an async body stream from a thread that must block: `URLSession` pulls a streamed body
/// through an `InputStream` on its own queue, synchronously. Each ``read(into:maxLength:)`` that
/// finds nothing left asks for the next chunk (one at a time, nothing read ahead) and waits for it.
///
/// ``cancel()`` ends a wait at once (the call was cancelled or the transport gave up), so a stream
/// that never yields cannot hold `URLSession`'s queue.
final class BlockingChunkReader: @unchecked Sendable {
    private let condition = NSCondition()
    private let iterator: IteratorBox
    private var pending = Data()
    private var offset = 0
    private var fetching = false
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private var fetch: Task<Void, Never>?

    init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        iterator = IteratorBox(chunks.makeAsyncIterator())
    }

    /// Copies up to `maxLength` bytes into `buffer`: the count, 0 at the end, -1 on failure or
    /// after ``cancel()``.
    func read(into buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while offset >= pending.count {
            if cancelled || failure != nil { return -1 }
            if finished { return 0 }
            if !fetching { startFetch() }
            condition.wait()
        }
        let count = min(maxLength, pending.count - offset)
        pending.withUnsafeBytes { raw in
            let start = raw.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self)
            buffer.update(from: start, count: count)
        }
        offset += count
        return count
    }

    /// Whether the body may have more bytes (it has until its end was read).
    var mayHaveBytes: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !(finished && offset >= pending.count) && !cancelled
    }

    /// The error that ended the stream, if any.
    var error: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Ends any wait and every later read with -1, and stops the fetch under way.
    func cancel() {
        condition.lock()
        cancelled = true
        let fetch = self.fetch
        condition.broadcast()
        condition.unlock()
        fetch?.cancel()
    }

    /// Called with the lock held.
    private func startFetch() {
        fetching = true
        let iterator = self.iterator
        fetch = Task { [weak self] in
            let result: Result<Data?, any Error>
            do {
                result = .success(try await iterator.next())
            } catch {
                result = .failure(error)
            }
            self?.deliver(result)
        }
    }

    private func deliver(_ result: Result<Data?, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        fetching = false
        fetch = nil
        switch result {
        case .success(let chunk?):
            pending = chunk
            offset = 0
        case .success(nil): finished = true
        case .failure(let error): failure = error
        }
        condition.broadcast()
    }

    /// The stream's iterator, used by one fetch at a time.
    private final class IteratorBox: @unchecked Sendable {
        private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator
        init(_ iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator) { self.iterator = iterator }
        func next() async throws -> Data? { try await iterator.next() }
    }
}
