import Foundation
import NIOCore
import NIOHTTP1
import RonAppSdkSwift

/// Serves the requests of one connection, one after another: reads each request (body capped),
/// asks the router, writes the answer with the correlation headers, logs one line.
struct ConnectionServer: Sendable {
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    let router: GatewayRouter
    let maxBodyBytes: Int
    let log: GatewayLogSink

    /// How many bytes of an over-large body are read and thrown away after the `413`, so that the
    /// client reads the answer instead of a reset connection.
    static let drainLimit = 8 * 1_048_576
    /// The chunk size of generated bodies.
    static let chunkSize = 65_536

    /// The generated-body pattern, long enough to cut any chunk from it at any phase.
    private static let pattern: [UInt8] = (0..<(chunkSize + TestRoutes.patternPeriod)).map {
        TestRoutes.generatedByte(at: $0)
    }

    private enum BodyOutcome {
        case complete(ByteBuffer)
        /// The upload sink's body: its length and SHA-256 (`nil` when `digest=0` asked for none),
        /// the bytes not kept.
        case counted(bytes: Int, sha256: String?)
        case tooLarge
        case connectionEnded
    }

    func serve(_ connection: Connection) async {
        do {
            try await connection.executeThenClose { inbound, _ in
                var parts = inbound.makeAsyncIterator()
                while let part = try await parts.next() {
                    guard case .head(let head) = part else { continue }
                    let keepGoing = try await handle(head: head, parts: &parts, channel: connection.channel)
                    if !keepGoing { return }
                }
            }
        } catch {
            // The peer went away or the connection failed: nothing left to answer.
        }
    }

    /// Handles one request; returns whether the connection stays open for another.
    private func handle(
        head: HTTPRequestHead, parts: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        channel: any Channel
    ) async throws -> Bool {
        let started = ContinuousClock.now
        let ids = CorrelationIDs(headers: head.headers)
        let outcome =
            Self.path(of: head.uri) == FileRoutes.uploadSinkPath
            ? try await sink(head: head, parts: &parts, channel: channel)
            : try await readBody(head: head, parts: &parts, channel: channel)

        var response: GatewayResponse
        switch outcome {
        case .connectionEnded:
            return false
        case .tooLarge:
            response = ProblemResponses.payloadTooLarge()
            response.closesConnection = true
        case .complete(let body):
            response = await router.respond(to: GatewayRequest(head: head, body: body, ids: ids))
        case .counted(let bytes, let sha256):
            response = FileRoutes.uploaded(bytes: bytes, sha256: sha256)
        }

        let keepAlive = head.isKeepAlive && !response.closesConnection
        let record = { (status: Int) in
            log.record(
                GatewayLogRecord(
                    method: head.method.rawValue, path: Self.path(of: head.uri), status: status,
                    duration: ContinuousClock.now - started, correlationId: ids.correlationId))
        }
        let status: Int
        do {
            status = try await write(response, ids: ids, keepAlive: keepAlive, head: head, channel: channel)
        } catch {
            // The connection closed before the last write completed (a stop right after the answer
            // closes it while the flush is still being acknowledged): the answer was sent, log it.
            record(Int(response.status.code))
            throw error
        }
        record(status)

        if case .tooLarge = outcome {
            try await drain(&parts)
            return false
        }
        switch response.body {
        case .bytes, .generated, .pattern: return keepAlive
        case .truncated, .dropAfterHead, .closeWithoutResponse, .eventStream: return false
        }
    }

    private func readBody(
        head: HTTPRequestHead, parts: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        channel: any Channel
    ) async throws -> BodyOutcome {
        if let declared = head.headers.first(name: "content-length").flatMap({ Int($0) }), declared > maxBodyBytes {
            return .tooLarge
        }
        if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
            let interim = HTTPResponseHead(version: head.version, status: .continue)
            try await channel.writeAndFlush(HTTPServerResponsePart.head(interim)).get()
        }
        var body = ByteBuffer()
        while let part = try await parts.next() {
            switch part {
            case .head:
                return .connectionEnded
            case .body(var chunk):
                guard body.readableBytes + chunk.readableBytes <= maxBodyBytes else { return .tooLarge }
                body.writeBuffer(&chunk)
            case .end:
                return .complete(body)
            }
        }
        return .connectionEnded
    }

    /// Reads a body of any size for the upload sink, counting and hashing it chunk by chunk.
    private func sink(
        head: HTTPRequestHead, parts: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        channel: any Channel
    ) async throws -> BodyOutcome {
        if head.headers.first(name: "expect")?.lowercased() == "100-continue" {
            let interim = HTTPResponseHead(version: head.version, status: .continue)
            try await channel.writeAndFlush(HTTPServerResponsePart.head(interim)).get()
        }
        // `digest=0` counts only, so a throughput measure is not a measure of the hash.
        let hashing = !head.uri.split(separator: "?").dropFirst().joined().split(separator: "&").contains("digest=0")
        var hasher = SHA256Hasher()
        var count = 0
        while let part = try await parts.next() {
            switch part {
            case .head:
                return .connectionEnded
            case .body(let chunk):
                if hashing { chunk.withUnsafeReadableBytes { hasher.update($0.bindMemory(to: UInt8.self)) } }
                count += chunk.readableBytes
            case .end:
                return .counted(bytes: count, sha256: hashing ? SHA256Digest.hex(words: hasher.finalizeWords()) : nil)
            }
        }
        return .connectionEnded
    }

    /// Reads and discards the rest of a rejected body, up to ``drainLimit`` bytes.
    private func drain(_ parts: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator) async throws {
        var discarded = 0
        while discarded <= Self.drainLimit, let part = try await parts.next() {
            switch part {
            case .body(let chunk): discarded += chunk.readableBytes
            case .head, .end: return
            }
        }
    }

    /// Writes `response`; returns the status logged (`0` when no response was sent).
    private func write(
        _ response: GatewayResponse, ids: CorrelationIDs, keepAlive: Bool, head request: HTTPRequestHead,
        channel: any Channel
    ) async throws -> Int {
        var headers = response.headers
        headers.replaceOrAdd(name: "x-request-id", value: ids.requestId)
        headers.replaceOrAdd(name: "x-correlation-id", value: ids.correlationId)
        let closes: Bool
        switch response.body {
        case .bytes, .generated, .pattern: closes = !keepAlive
        case .truncated, .dropAfterHead, .closeWithoutResponse, .eventStream: closes = true
        }
        headers.replaceOrAdd(name: "connection", value: closes ? "close" : "keep-alive")
        let sendsBody = request.method != .HEAD
        let noBodyStatus = response.status == .noContent || response.status == .notModified

        func writeHead(contentLength: Int) async throws {
            if !noBodyStatus { headers.replaceOrAdd(name: "content-length", value: String(contentLength)) }
            let responseHead = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
            try await channel.writeAndFlush(HTTPServerResponsePart.head(responseHead)).get()
        }
        func writeBody(_ buffer: ByteBuffer) async throws {
            guard sendsBody, !noBodyStatus, buffer.readableBytes > 0 else { return }
            try await channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(buffer))).get()
        }
        func writeEnd() async throws {
            try await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
        }

        switch response.body {
        case .closeWithoutResponse:
            return 0
        case .dropAfterHead:
            try await writeHead(contentLength: 64)
        case .truncated(let declaredLength, let prefix):
            try await writeHead(contentLength: declaredLength)
            try await writeBody(prefix)
        case .bytes(let buffer):
            try await writeHead(contentLength: buffer.readableBytes)
            try await writeBody(buffer)
            try await writeEnd()
        case .eventStream(let chunks, let interval, let drop):
            // No Content-Length: the encoder frames the body as chunked.
            headers.remove(name: "content-length")
            let responseHead = HTTPResponseHead(version: request.version, status: response.status, headers: headers)
            try await channel.writeAndFlush(HTTPServerResponsePart.head(responseHead)).get()
            for (index, chunk) in chunks.enumerated() {
                if index > 0 { try await Task.sleep(for: interval) }
                try await writeBody(chunk)
            }
            if !drop { try await writeEnd() }
        case .generated(let count):
            try await writeHead(contentLength: count)
            var sent = 0
            while sendsBody && sent < count {
                let size = min(Self.chunkSize, count - sent)
                let start = sent % TestRoutes.patternPeriod
                try await writeBody(ByteBuffer(bytes: Self.pattern[start..<(start + size)]))
                sent += size
            }
            try await writeEnd()
        case .pattern(let from, let count, let interval):
            try await writeHead(contentLength: count)
            let size = interval?.chunk ?? Self.chunkSize
            var sent = 0
            while sendsBody && sent < count {
                if sent > 0, let pause = interval?.pause { try await Task.sleep(for: pause) }
                let piece = min(size, count - sent)
                try await writeBody(ByteBuffer(bytes: Self.patternBytes(from: from + sent, count: piece)))
                sent += piece
            }
            try await writeEnd()
        }
        return Int(response.status.code)
    }

    /// `count` bytes of the generated pattern from position `from`.
    private static func patternBytes(from: Int, count: Int) -> ArraySlice<UInt8> {
        if count <= chunkSize {
            let start = from % TestRoutes.patternPeriod
            return pattern[start..<(start + count)]
        }
        return ArraySlice((from..<from + count).map(TestRoutes.generatedByte(at:)))
    }

    private static func path(of uri: String) -> String {
        guard let mark = uri.firstIndex(of: "?") else { return uri }
        return String(uri[..<mark])
    }
}
