#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1

    /// One leg of a call through the client's delegate interface: the response head, then its
    /// body read ahead of the consumer. Body parts queue up to ``highWatermark`` bytes while the
    /// consumer handles the previous ones; above it the client stops reading the connection until
    /// the consumer has taken the queue down to ``lowWatermark`` (backpressure).
    ///
    /// The client's async interface keeps a single part: each part then waits for the consumer to
    /// ask for it, and the connection is read only after that, one hand-over between threads per
    /// 64 KiB (BENCHMARKS.md section 10).
    ///
    /// The consumer's task is the only caller of ``head()`` and then ``next()``, one call at a time.
    /// Cancelling it, or releasing the ``Handle`` before the body ended, cancels the request (the
    /// client closes the connection), and with it the task writing the request body.
    final class ResponseBodyReader: HTTPClientResponseDelegate, Sendable {
        typealias Response = Void

        /// Above this many queued bytes the client stops reading the connection.
        static let highWatermark = 256 << 10
        /// The client reads again once the consumer has taken the queue below this.
        static let lowWatermark = 64 << 10

        private struct State: Sendable {
            var head: HTTPResponseHead?
            var headWaiter: CheckedContinuation<HTTPResponseHead, any Error>?
            var parts: [ByteBuffer] = []
            var first = 0
            var queued = 0
            var paused: EventLoopPromise<Void>?
            var waiter: CheckedContinuation<ByteBuffer?, any Error>?
            var finished = false
            var failure: (any Error)?
            var task: HTTPClient.Task<Void>?
            /// The task writing the request body, cancelled once the request ended.
            var bodyWriter: Task<Void, Never>?
            /// Where parts go once ``drain(_:)`` took over.
            var sink: (@Sendable (Data) throws -> Void)?
            /// Whether the client's thread writes each part to ``sink`` itself; until then the
            /// drain's task writes the queued parts, and new ones queue behind them.
            var sinkLive = false
            /// The task in ``drain(_:)``, resumed at the end of the body.
            var drainer: CheckedContinuation<Void, any Error>?
            /// What the sink threw; the request is cancelled and the drain rethrows it.
            var sinkError: (any Error)?

            /// How a drain ends once the request ended: the sink's error first; `nil` while it runs.
            var drainOutcome: Result<Void, any Error>? {
                if let sinkError, finished || failure != nil { return .failure(SinkFailure(error: sinkError)) }
                if let failure { return .failure(failure) }
                return finished ? .success(()) : nil
            }
        }

        /// What a sink threw, told apart from the client's failures.
        private struct SinkFailure: Error {
            let error: any Error
        }

        private let state = LockedState(State())

        /// Starts `request` on `client` with this reader as its delegate.
        func start(_ request: HTTPClient.Request, on client: HTTPClient, deadline: NIODeadline) {
            let task = client.execute(request: request, delegate: self, deadline: deadline)
            // A request that ended already (a failure before the first byte) keeps no task.
            state.withLock { state in
                if !state.finished && state.failure == nil { state.task = task }
            }
        }

        /// Keeps `writer`, the task that writes the request body, to cancel it once the request
        /// ended (a failed request leaves a body source waiting otherwise).
        func whileRunning(_ writer: Task<Void, Never>) {
            let ended = state.withLock { state -> Bool in
                if state.finished || state.failure != nil { return true }
                state.bodyWriter = writer
                return false
            }
            if ended { writer.cancel() }
        }

        /// Cancels the request unless it ended: the client fails it with `cancelled` and closes
        /// the connection.
        func cancel() {
            let task = state.withLock { $0.task }
            task?.cancel()
        }

        /// The response head, once it arrived.
        func head() async throws -> HTTPResponseHead {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let outcome = state.withLock { state -> Result<HTTPResponseHead, any Error>? in
                        if let head = state.head { return .success(head) }
                        if let failure = state.failure { return .failure(failure) }
                        state.headWaiter = continuation
                        return nil
                    }
                    if let outcome { continuation.resume(with: outcome) }
                }
            } onCancel: {
                cancel()
            }
        }

        /// The next body part, `nil` at the end; ``TransportFailure/Cause/cancelled`` once the
        /// consumer's task is cancelled, else the client's failure as a ``TransportFailure``.
        func next() async throws -> Data? {
            do {
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                let buffer = try await withTaskCancellationHandler {
                    try await nextBuffer()
                } onCancel: {
                    cancel()
                }
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                return buffer.map(Self.data(sharing:))
            } catch let local as LocalNetworkError {
                throw local
            } catch {
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                throw AsyncHTTPClientTransport.classify(error, afterHead: true)
            }
        }

        /// Hands every part not yet read to `write`, in order, and returns at the end of the body
        /// (``DirectBodySource``): the calling task writes the parts queued so far, then the
        /// client's event loop writes each as it arrives, with no queue and no hand-over.
        func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws {
            do {
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        state.withLock { state in
                            state.drainer = continuation
                            state.sink = write
                        }
                        takeOver(write)
                    }
                } onCancel: {
                    cancel()
                }
            } catch let failure as SinkFailure {
                throw failure.error
            } catch let local as LocalNetworkError {
                throw local
            } catch {
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                throw AsyncHTTPClientTransport.classify(error, afterHead: true)
            }
        }

        /// Writes the queued parts to `write`, batch by batch (parts arriving meanwhile queue behind
        /// them), then lets the client's thread write the rest; ends the drain if the body ended.
        private func takeOver(_ write: @escaping @Sendable (Data) throws -> Void) {
            while true {
                let (parts, paused, ended) = state.withLock {
                    state -> (
                        [ByteBuffer], EventLoopPromise<Void>?,
                        (CheckedContinuation<Void, any Error>, Result<Void, any Error>)?
                    ) in
                    defer { state.paused = nil }
                    if state.first < state.parts.count, state.failure == nil, state.sinkError == nil {
                        let parts = Array(state.parts[state.first...])
                        state.parts.removeAll()
                        state.first = 0
                        state.queued = 0
                        return (parts, state.paused, nil)
                    }
                    // Nothing left to write here: from now on the client's thread writes, and the
                    // drain ends here if the body ended already (else when it does).
                    state.sinkLive = true
                    guard let drainer = state.drainer, let outcome = state.drainOutcome else {
                        return ([], state.paused, nil)
                    }
                    state.drainer = nil
                    return ([], state.paused, (drainer, outcome))
                }
                // The client reads on while this batch is written.
                paused?.succeed(())
                if let (drainer, outcome) = ended {
                    drainer.resume(with: outcome)
                    return
                }
                if parts.isEmpty { return }
                for part in parts {
                    do {
                        try write(Self.data(sharing: part))
                    } catch {
                        sinkFailed(error)
                        break
                    }
                }
            }
        }

        /// Keeps the sink's error and cancels the request (the client then ends it with a failure,
        /// which the drain replaces with this error).
        private func sinkFailed(_ error: any Error) {
            let task = state.withLock { state in
                if state.sinkError == nil { state.sinkError = error }
                return state.task
            }
            task?.cancel()
        }

        private func nextBuffer() async throws -> ByteBuffer? {
            try await withCheckedThrowingContinuation { continuation in
                let (outcome, resumed) = state.withLock {
                    state -> (Result<ByteBuffer?, any Error>?, EventLoopPromise<Void>?) in
                    if state.first < state.parts.count {
                        let part = state.parts[state.first]
                        state.first += 1
                        if state.first == state.parts.count {
                            state.parts.removeAll(keepingCapacity: true)
                            state.first = 0
                        }
                        state.queued -= part.readableBytes
                        var resumed: EventLoopPromise<Void>?
                        if state.queued <= Self.lowWatermark {
                            resumed = state.paused
                            state.paused = nil
                        }
                        return (.success(part), resumed)
                    }
                    if let failure = state.failure { return (.failure(failure), nil) }
                    if state.finished { return (.success(nil), nil) }
                    state.waiter = continuation
                    return (nil, nil)
                }
                resumed?.succeed(())
                if let outcome { continuation.resume(with: outcome) }
            }
        }

        func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
            let waiter = state.withLock { state in
                state.head = head
                defer { state.headWaiter = nil }
                return state.headWaiter
            }
            waiter?.resume(returning: head)
            return task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
            // One look at the state decides where the part goes: written here (the drain's sink is
            // live), handed to a waiting reader, or queued. Two looks let a drain go live between
            // them and return with this part queued behind it, never written (a short file).
            let (live, sink, waiter, paused) = state.withLock {
                state -> (
                    Bool, (@Sendable (Data) throws -> Void)?, CheckedContinuation<ByteBuffer?, any Error>?,
                    EventLoopFuture<Void>?
                ) in
                if state.sinkLive { return (true, state.sinkError == nil ? state.sink : nil, nil, nil) }
                if let waiter = state.waiter {
                    state.waiter = nil
                    return (false, nil, waiter, nil)
                }
                state.parts.append(buffer)
                state.queued += buffer.readableBytes
                guard state.queued >= Self.highWatermark else { return (false, nil, nil, nil) }
                let promise = task.eventLoop.makePromise(of: Void.self)
                state.paused = promise
                return (false, nil, nil, promise.futureResult)
            }
            if live {
                do {
                    try sink?(Self.data(sharing: buffer))
                } catch {
                    sinkFailed(error)
                }
                return task.eventLoop.makeSucceededVoidFuture()
            }
            waiter?.resume(returning: buffer)
            return paused ?? task.eventLoop.makeSucceededVoidFuture()
        }

        func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
            let (headWaiter, waiter, paused, writer, drainer, sinkError) = state.withLock { state in
                if state.failure == nil { state.failure = error }
                // A drain still writing the queued parts ends when it has taken them.
                let drainer = state.sinkLive ? state.drainer : nil
                defer {
                    state.bodyWriter = nil
                    state.task = nil
                    state.headWaiter = nil
                    state.waiter = nil
                    state.paused = nil
                    if drainer != nil { state.drainer = nil }
                }
                return (state.headWaiter, state.waiter, state.paused, state.bodyWriter, drainer, state.sinkError)
            }
            writer?.cancel()
            headWaiter?.resume(throwing: error)
            waiter?.resume(throwing: error)
            paused?.succeed(())
            drainer?.resume(throwing: sinkError.map { SinkFailure(error: $0) } ?? error)
        }

        func didFinishRequest(task: HTTPClient.Task<Void>) throws {
            let (waiter, drainer, sinkError) = state.withLock { state in
                state.finished = true
                // A drain still writing the queued parts ends when it has written them.
                let drainer = state.sinkLive ? state.drainer : nil
                defer {
                    state.waiter = nil
                    state.task = nil
                    state.bodyWriter = nil
                    if drainer != nil { state.drainer = nil }
                }
                return (state.waiter, drainer, state.sinkError)
            }
            waiter?.resume(returning: nil)
            if let sinkError {
                drainer?.resume(throwing: SinkFailure(error: sinkError))
            } else {
                drainer?.resume()
            }
        }

        /// What the consumer holds: releasing it before the body ended (the consumer dropped the
        /// stream) cancels the request.
        final class Handle: DirectBodySource {
            let reader: ResponseBodyReader

            init(_ reader: ResponseBodyReader) { self.reader = reader }

            deinit { reader.cancel() }

            func next() async throws -> Data? { try await reader.next() }

            func drain(_ write: @escaping @Sendable (Data) throws -> Void) async throws {
                try await reader.drain(write)
            }
        }

        /// `buffer`'s readable bytes as `Data` that keeps the buffer's storage alive instead of
        /// copying it (a `ByteBuffer` is copied on write, so the bytes cannot change).
        static func data(sharing buffer: ByteBuffer) -> Data {
            guard buffer.readableBytes > 0 else { return Data() }
            return buffer.withUnsafeReadableBytesWithStorageManagement { bytes, storage in
                _ = storage.retain()
                return Data(
                    bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count,
                    deallocator: .custom { _, _ in storage.release() })
            }
        }
    }
#endif
