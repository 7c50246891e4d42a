#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore

    /// A streamed response body as the one consumer of ``AsyncHTTPClientTransport/stream(_:)`` reads
    /// it: straight from the client's body sequence (no task or buffer in between), each `ByteBuffer`
    /// handed over as `Data` that shares its storage (no copy). The client's sequence is the
    /// backpressure: it reads the connection only while few chunks wait. Releasing the reader (the
    /// consumer dropped the stream) ends the request and closes the connection.
    final class ResponseBodyReader: @unchecked Sendable {
        // Only the consumer's task calls `next()`, one call at a time (an async iterator's contract).
        private var iterator: HTTPClientResponse.Body.AsyncIterator
        private var done = false

        init(_ body: HTTPClientResponse.Body) {
            iterator = body.makeAsyncIterator()
        }

        /// The next chunk, `nil` at the end; ``TransportFailure/Cause/cancelled`` once the consumer's
        /// task is cancelled, else the client's failure as a ``TransportFailure``.
        func next() async throws -> Data? {
            guard !done else { return nil }
            do {
                try Self.checkCancellation()
                let buffer = try await iterator.next()
                // The client ends its sequence early when the task is cancelled: not the body's end.
                try Self.checkCancellation()
                guard let buffer else {
                    done = true
                    return nil
                }
                return Self.data(sharing: buffer)
            } catch let failure as TransportFailure {
                done = true
                throw failure
            } catch {
                done = true
                if Task.isCancelled { throw TransportFailure(.cancelled) }
                throw AsyncHTTPClientTransport.classify(error, afterHead: true)
            }
        }

        private static func checkCancellation() throws {
            if Task.isCancelled { throw TransportFailure(.cancelled) }
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
