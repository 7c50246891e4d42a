#if AsyncHTTPClient
    import Foundation
    import NIOCore

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A file request body as `ByteBuffer`s read straight from disk into each buffer (no `Data` in
    /// between), in pieces large enough that the client writes few of them, each counted to a
    /// progress reporter as the client takes it. The file is opened by the first `next()` and
    /// closed at its end, on a failure, or when the iterator is released.
    struct FileBodyBuffers: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        /// How much is read at a time: 256 KiB, a quarter of the writes of 64 KiB pieces (1 MiB
        /// pieces were no faster on loopback and held twice the memory).
        static let pieceSize = 256 << 10
        let url: URL
        let progress: RonProgressReporter?
        let expected: Int64?

        final class AsyncIterator: AsyncIteratorProtocol {
            private let url: URL
            private let progress: RonProgressReporter?
            private let expected: Int64?
            private var descriptor: Int32 = -1
            private var done = false
            private var sent: Int64 = 0
            private let allocator = ByteBufferAllocator()

            init(url: URL, progress: RonProgressReporter?, expected: Int64?) {
                self.url = url
                self.progress = progress
                self.expected = expected
            }

            deinit { closeFile() }

            func next() async throws -> ByteBuffer? {
                try nextPiece()
            }

            /// The next piece, read now (the file is read with blocking calls).
            func nextPiece() throws -> ByteBuffer? {
                guard !done else { return nil }
                if descriptor < 0 {
                    descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { throw failure("cannot open") }
                }
                var buffer = allocator.buffer(capacity: FileBodyBuffers.pieceSize)
                var status = 0
                _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: FileBodyBuffers.pieceSize) { space in
                    repeat {
                        status = read(descriptor, space.baseAddress, FileBodyBuffers.pieceSize)
                    } while status < 0 && errno == EINTR
                    return Swift.max(status, 0)
                }
                guard status >= 0 else { throw failure("cannot read") }
                guard status > 0 else {
                    closeFile()
                    if let expected, sent != expected {
                        throw BodyFileReader.changed(url.path, length: expected, now: "ended at \(sent) bytes")
                    }
                    return nil
                }
                sent += Int64(status)
                if let expected, sent > expected {
                    closeFile()
                    throw BodyFileReader.changed(url.path, length: expected, now: "has more than \(expected) bytes")
                }
                progress?.report(RonTransferProgress(completedBytes: sent, expectedBytes: expected))
                return buffer
            }

            private func failure(_ what: String) -> LocalNetworkError {
                let reason = String(cString: strerror(errno))
                closeFile()
                return .bodyEncodingFailed(type: "file", reason: "\(what) \(url.path): \(reason)")
            }

            private func closeFile() {
                done = true
                if descriptor >= 0 {
                    close(descriptor)
                    descriptor = -1
                }
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(url: url, progress: progress, expected: expected)
        }
    }
#endif
