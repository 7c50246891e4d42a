#if AsyncHTTPClient
    import AsyncHTTPClient
    import NIOCore
    import NIOPosix

    /// A file request body written on the request's event loop: each piece is read from the file
    /// and handed to the client in the same turn of the loop, one piece ahead, so the bytes go from
    /// the page cache to the socket on one thread while they are still in its cache (as curl sends
    /// a file). The file is read with blocking calls, as SwiftNIO's own `FileRegion` is sent.
    ///
    /// The last piece and the body's end reach the client in one turn of the loop: the client reads
    /// the server's answer on that loop, and an answer read in between (a server that answers as
    /// soon as it has the last byte) would leave the client waiting for an end it no longer takes.
    final class FileBodyPump {
        private let pieces: FileBodyBuffers.AsyncIterator
        private let writer: HTTPClient.Body.StreamWriter
        private let promise: EventLoopPromise<Void>
        private let loop: any EventLoop
        private var ahead: ByteBuffer?

        private init(_ buffers: FileBodyBuffers, _ writer: HTTPClient.Body.StreamWriter, _ loop: any EventLoop) {
            pieces = buffers.makeAsyncIterator()
            self.writer = writer
            self.loop = loop
            promise = loop.makePromise(of: Void.self)
        }

        /// The body for the client: `buffers` written on the loop the client asks for it on
        /// (`fallback` if it asks from elsewhere).
        static func body(_ buffers: FileBodyBuffers, length: Int64, fallback: any EventLoop) -> HTTPClient.Body {
            .stream(contentLength: length) { writer in
                let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? fallback
                let done = loop.makePromise(of: Void.self)
                loop.execute {
                    let pump = FileBodyPump(buffers, writer, loop)
                    pump.promise.futureResult.cascade(to: done)
                    pump.start()
                }
                return done.futureResult
            }
        }

        private func start() {
            do {
                ahead = try pieces.nextPiece()
            } catch {
                return promise.fail(error)
            }
            guard ahead != nil else { return promise.succeed(()) }
            send()
        }

        /// Hands over pieces while the client takes them at once; returns to wait when it does not.
        private func send() {
            while let piece = ahead {
                do {
                    ahead = try pieces.nextPiece()
                } catch {
                    return promise.fail(error)
                }
                let sent = writer.write(.byteBuffer(piece)).hop(to: loop)
                guard ahead != nil else { return sent.cascade(to: promise) }
                var taken: Result<Void, any Error>?
                var waiting = false
                sent.assumeIsolated().whenComplete { result in
                    if waiting { self.resume(result) } else { taken = result }
                }
                guard let taken else {
                    waiting = true
                    return
                }
                if case .failure(let error) = taken { return promise.fail(error) }
            }
        }

        private func resume(_ result: Result<Void, any Error>) {
            switch result {
            case .success: send()
            case .failure(let error): promise.fail(error)
            }
        }
    }
#endif
