#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL

    /// A ``RonTransport`` and ``RonStreamingTransport`` built on swift-server/async-http-client: TLS,
    /// connection pooling, HTTP/2, proxies and streamed bodies on SwiftNIO, for server-side Swift.
    ///
    /// Available with the package trait `AsyncHTTPClient`:
    /// `.package(url: ..., from: ..., traits: ["AsyncHTTPClient"])`.
    ///
    /// It behaves like ``URLSessionTransport``:
    /// - returns every HTTP status as a ``TransportResponse``;
    /// - follows redirects itself (up to ``maxRedirects``), refuses one from https to http
    ///   (``TransportFailure/Cause/insecureRedirect``) and drops `Authorization`, `X-RON-Passport`,
    ///   `X-RON-Token` and `Cookie` on a redirect to another host;
    /// - refuses bodies over ``TransportRequest/maxResponseBytes`` (a larger `Content-Length` before
    ///   reading, a body without one once it passes the limit);
    /// - ends a call at the request's `timeoutMs`; connect, read (idle) and write timeouts are the
    ///   `HTTPClient`'s, set from the values given to ``init(eventLoopGroup:connectTimeoutMs:readTimeoutMs:writeTimeoutMs:configuration:)``,
    ///   because async-http-client takes them per client, not per request (a `RonConfig` that asks
    ///   for others is refused when the `RonClient` is made, `SdkConfigError.unsupportedSetting`);
    /// - throws a ``TransportFailure`` with the same causes for the same failures.
    ///
    /// One instance owns one `HTTPClient`; call ``shutdown()`` when done with it.
    public final class AsyncHTTPClientTransport: RonTransport, RonStreamingTransport, Sendable {
        /// The most redirects one call follows: ``TransportRequest/maxRedirects`` (which
        /// `RonConfig.maxRedirects` sets), up to this many; one more fails with `too_many_redirects`.
        public static let maxRedirects = 10

        /// The underlying client (redirects disabled: this transport follows them itself).
        public let client: HTTPClient

        /// The content codings the client decodes: gzip and deflate when the configuration given
        /// enables `decompression`, else none. With none, a request that names no `Accept-Encoding`
        /// is sent with `Accept-Encoding: identity`, and a body coded anyway is refused by the client
        /// (`undecoded_content_coding`), never handed over as content.
        public let decodedContentCodings: Set<String>
        /// The connect timeout of the client, in milliseconds.
        public let connectTimeoutMs: Int
        /// The read (idle) timeout of the client, in milliseconds.
        public let readTimeoutMs: Int
        /// The write (idle) timeout of the client, in milliseconds.
        public let writeTimeoutMs: Int

        /// Creates a transport with its own `HTTPClient` on `eventLoopGroup`.
        ///
        /// - Parameters:
        ///   - eventLoopGroup: The loops to run on; a server passes its own (Vapor's
        ///     `app.eventLoopGroup`, Hummingbird's `MultiThreadedEventLoopGroup.singleton`).
        ///   - connectTimeoutMs: Budget for opening a connection.
        ///   - readTimeoutMs: Longest silence while reading a response (for server-sent events, the
        ///     longest pause between events).
        ///   - writeTimeoutMs: Longest pause while sending a body.
        ///   - configuration: Further settings (TLS, proxy, pool, HTTP version); its redirect and
        ///     timeout settings are replaced by the ones above.
        public init(
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            connectTimeoutMs: Int = RonConfig.Defaults.connectTimeoutMs,
            readTimeoutMs: Int = RonConfig.Defaults.readTimeoutMs,
            writeTimeoutMs: Int = RonConfig.Defaults.writeTimeoutMs,
            configuration: HTTPClient.Configuration = HTTPClient.Configuration()
        ) {
            var configuration = configuration
            configuration.redirectConfiguration = .disallow
            switch configuration.decompression {
            case .enabled: decodedContentCodings = ["gzip", "x-gzip", "deflate"]
            default: decodedContentCodings = []
            }
            self.connectTimeoutMs = max(connectTimeoutMs, 1)
            self.readTimeoutMs = max(readTimeoutMs, 1)
            self.writeTimeoutMs = max(writeTimeoutMs, 1)
            configuration.timeout = HTTPClient.Configuration.Timeout(
                connect: .milliseconds(Int64(max(connectTimeoutMs, 1))),
                read: .milliseconds(Int64(max(readTimeoutMs, 1))),
                write: .milliseconds(Int64(max(writeTimeoutMs, 1))))
            client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        }

        /// Creates a transport that trusts only `pinnedCertificates` (certificate pinning, see
        /// ``PinnedCertificate``) instead of the system's trust store, for calls and server-sent
        /// events alike: a server whose chain leads to none of them fails with `tls_failed`. The
        /// host name is still verified. The other parameters are those of
        /// ``init(eventLoopGroup:connectTimeoutMs:readTimeoutMs:writeTimeoutMs:configuration:)``; the
        /// pins replace the trust roots of `configuration`'s TLS settings.
        ///
        /// - Throws: `NIOSSLError` when a certificate is refused by the TLS library.
        public convenience init(
            eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
            connectTimeoutMs: Int = RonConfig.Defaults.connectTimeoutMs,
            readTimeoutMs: Int = RonConfig.Defaults.readTimeoutMs,
            writeTimeoutMs: Int = RonConfig.Defaults.writeTimeoutMs,
            configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
            pinnedCertificates: [PinnedCertificate]
        ) throws {
            var configuration = configuration
            if !pinnedCertificates.isEmpty {
                var tls = configuration.tlsConfiguration ?? TLSConfiguration.makeClientConfiguration()
                tls.trustRoots = .certificates(
                    try pinnedCertificates.map { try NIOSSLCertificate(bytes: Array($0.der), format: .der) })
                tls.additionalTrustRoots = []
                configuration.tlsConfiguration = tls
            }
            self.init(
                eventLoopGroup: eventLoopGroup, connectTimeoutMs: connectTimeoutMs, readTimeoutMs: readTimeoutMs,
                writeTimeoutMs: writeTimeoutMs, configuration: configuration)
        }

        /// Closes the pooled connections. Calls made afterwards fail with `transport_failed`.
        public func shutdown() async throws {
            try await client.shutdown()
        }

        /// `true`: a call waits for the `HTTPClient` by suspending, never by blocking its thread.
        public var neverBlocks: Bool { true }

        /// Sends the request and collects the whole (bounded) body.
        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            let deadline = NIODeadline.now() + .milliseconds(Int64(max(request.timeoutMs, 1)))
            let (head, body) = try await open(request, deadline: deadline)
            let limit = request.maxResponseBytes
            var collected = Data()
            while let chunk = try await body.next() {
                guard collected.count + chunk.count <= limit else {
                    throw TransportFailure(.responseTooLarge, detail: "body passed \(limit) bytes")
                }
                collected.append(chunk)
            }
            return TransportResponse(
                status: Int(head.status.code), headers: Self.headers(head.headers), body: collected,
                decodedContentCodings: decodedContentCodings)
        }

        /// Sends the request and returns when the response head arrived; the body follows chunk by
        /// chunk. The stream has no overall deadline; the read timeout bounds each silence.
        public func stream(_ request: TransportRequest) async throws -> TransportStream {
            let deadline = NIODeadline.now() + .milliseconds(Int64(RonConfig.Defaults.maxTimeoutMs))
            let (head, body) = try await open(request, deadline: deadline)
            var stream = TransportStream(
                status: Int(head.status.code), headers: Self.headers(head.headers),
                body: AsyncThrowingStream(unfolding: { try await body.next() }),
                decodedContentCodings: decodedContentCodings)
            stream.directBody = body
            return stream
        }

        /// Sends the request, following redirects, and returns the final response head and the
        /// reader of its body. The client reads the connection ahead of the reader, up to a bound
        /// (``ResponseBodyReader``); releasing the reader before the body ended ends the request.
        private func open(
            _ request: TransportRequest, deadline: NIODeadline
        ) async throws -> (HTTPResponseHead, ResponseBodyReader.Handle) {
            var hop = RedirectHop(request)
            if decodedContentCodings.isEmpty, !request.headers.contains("accept-encoding") {
                hop.headers.append("accept-encoding", "identity")
            }
            let allowed = min(max(0, request.maxRedirects), Self.maxRedirects)
            for _ in 0...allowed {
                let reader = ResponseBodyReader()
                let body = ResponseBodyReader.Handle(reader)
                let head: HTTPResponseHead
                do {
                    // A URL the client refuses is classified like its other failures.
                    reader.start(
                        try hop.clientRequest(loop: client.eventLoopGroup.any(), reader: reader), on: client,
                        deadline: deadline)
                    head = try await reader.head()
                } catch let local as LocalNetworkError {
                    // The request body's own failure (a file that changed): the caller's to fix.
                    throw local
                } catch {
                    throw Self.classify(error, afterHead: false)
                }
                guard
                    let next = try hop.next(
                        status: Int(head.status.code), location: head.headers.first(name: "location"))
                else {
                    try Self.checkDeclaredLength(head.headers, limit: request.maxResponseBytes)
                    return (head, body)
                }
                hop = next
            }
            throw TransportFailure(.tooManyRedirects, detail: "more than \(allowed) redirects")
        }

        private static func checkDeclaredLength(_ headers: HTTPHeaders, limit: Int) throws {
            if let text = headers.first(name: "content-length"), let length = Int(text), length > limit {
                throw TransportFailure(.responseTooLarge, detail: "Content-Length \(length)")
            }
        }

        private static func headers(_ fields: HTTPHeaders) -> RonHeaders {
            var headers = RonHeaders()
            for (name, value) in fields {
                headers.append(name.lowercased(), value)
            }
            return headers
        }
    }

    /// One leg of a call: the URL, method, headers and body to send next, and how a redirect changes
    /// them (the SDK's credential policy, as for ``URLSessionTransport``).
    struct RedirectHop: Sendable {
        var method: String
        var url: URL
        var headers: RonHeaders
        var body: RonBodySource?
        var progress: RonProgressReporter?
        /// The credentials the call's security attached (their header names leave at another origin).
        var credentials: CredentialSlot

        private static let bodyHeaders: Set<String> = ["content-type", "content-length", "content-encoding"]

        init(_ request: TransportRequest) {
            method = request.method
            url = request.url
            headers = request.headers
            body = request.bodySource
            progress = request.uploadProgress
            credentials = request.credentials
        }

        /// The request for this leg, for the client's delegate interface (``ResponseBodyReader``).
        /// A file body is read and written on the request's event loop (``FileBodyPump``); a stream
        /// body by a task the reader cancels once the request ended. Each piece is counted to
        /// `progress` as it is taken.
        ///
        /// - Throws: when a one-shot stream body was read already, or a file is gone or changed.
        func clientRequest(loop: any EventLoop, reader: ResponseBodyReader) throws -> HTTPClient.Request {
            var fields = HTTPHeaders()
            for (name, value) in headers {
                fields.add(name: name, value: value)
            }
            let sent: HTTPClient.Body?
            switch body {
            case nil: sent = nil
            case .data(let data)? where progress == nil:
                sent = .bytes(data)
            case .file(let file, let length)?:
                // Checked here first, so a file that is gone or changed fails the call before it is sent.
                try RonBodySource.file(file, length: length).checkFile()
                let buffers = FileBodyBuffers(url: file, progress: progress, expected: length)
                sent = FileBodyPump.body(buffers, length: length, fallback: loop)
            case let source?:
                let chunks = try source.chunks(chunkSize: 64 * 1024)
                let counted = CountedChunks(chunks: chunks, progress: progress, expected: source.length)
                sent = Self.written(counted, length: source.length, loop: loop, reader: reader)
            }
            return try HTTPClient.Request(
                url: url.absoluteString, method: NIOHTTP1.HTTPMethod(rawValue: method), headers: fields, body: sent)
        }

        /// A body written from `buffers` by a task, which reads each piece while the client writes
        /// the one before and hands it over once the client took that one.
        ///
        /// The last piece and the body's end are handed over in one turn of the request's event
        /// loop: the client reads the server's answer on that loop, and an answer read in between
        /// (a server that answers as soon as it has the last byte) would leave the client waiting
        /// for an end it no longer takes. So the task reads one piece ahead.
        private static func written<Buffers: AsyncSequence & Sendable>(
            _ buffers: Buffers, length: Int64?, loop fallback: any EventLoop, reader: ResponseBodyReader
        ) -> HTTPClient.Body where Buffers.Element == ByteBuffer {
            .stream(contentLength: length) { writer in
                // The client calls this on the request's event loop.
                let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? fallback
                let promise = loop.makePromise(of: Void.self)
                reader.whileRunning(
                    Task {
                        var handedOver = false
                        do {
                            var pieces = buffers.makeAsyncIterator()
                            var current = try await pieces.next()
                            var inFlight: EventLoopFuture<Void>?
                            while let piece = current {
                                // Read the next piece while the loop writes the one before.
                                let following = try await pieces.next()
                                // A cancelled source may end early: not the body's end.
                                try Task.checkCancellation()
                                try await inFlight?.get()
                                let last = following == nil
                                handedOver = last
                                inFlight = loop.flatSubmit {
                                    let sent = writer.write(.byteBuffer(piece))
                                    if last { sent.cascade(to: promise) }
                                    return sent
                                }
                                current = following
                            }
                            if !handedOver { promise.succeed(()) }
                        } catch {
                            if !handedOver { promise.fail(error) }
                        }
                    })
                return promise.futureResult
            }
        }

        /// The next leg after a response with `status`, or `nil` when it is not a redirect to follow.
        ///
        /// - Throws: ``TransportFailure/Cause/insecureRedirect`` for https → anything but https, and
        ///   ``TransportFailure/Cause/crossOriginBodyRedirect`` for a redirect that would carry a body
        ///   to another origin.
        func next(status: Int, location: String?) throws -> RedirectHop? {
            guard [301, 302, 303, 307, 308].contains(status), let location,
                let target = URL(string: location, relativeTo: url)?.absoluteURL
            else { return nil }
            let fromScheme = url.scheme?.lowercased()
            let toScheme = target.scheme?.lowercased()
            if fromScheme == "https" && toScheme != "https" {
                throw TransportFailure(.insecureRedirect)
            }
            guard toScheme == "http" || toScheme == "https" else { return nil }
            var next = self
            next.url = target
            if status == 303 || ((status == 301 || status == 302) && method.uppercased() == "POST") {
                next.method = method.uppercased() == "HEAD" ? "HEAD" : "GET"
                next.body = nil
                next.headers.removeAll { Self.bodyHeaders.contains($0.name.lowercased()) }
            }
            if CredentialPolicy.origin(of: url) != CredentialPolicy.origin(of: target) {
                next.headers.removeAll {
                    CredentialPolicy.isCredential($0.name) || credentials.headerNames.contains($0.name.lowercased())
                }
                if next.body != nil {
                    throw TransportFailure(.crossOriginBodyRedirect, detail: "307/308 to another origin")
                }
            }
            return next
        }
    }

    /// The chunks of a body as `ByteBuffer`s, each counted to a progress reporter as it is taken.
    struct CountedChunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let chunks: AsyncThrowingStream<Data, any Error>
        let progress: RonProgressReporter?
        let expected: Int64?

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
            let progress: RonProgressReporter?
            let expected: Int64?
            var sent: Int64 = 0

            mutating func next() async throws -> ByteBuffer? {
                guard let chunk = try await base.next() else { return nil }
                sent += Int64(chunk.count)
                progress?.report(RonTransferProgress(completedBytes: sent, expectedBytes: expected))
                return ByteBuffer(bytes: chunk)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: chunks.makeAsyncIterator(), progress: progress, expected: expected)
        }
    }
#endif
