import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import RonGenerated

/// The proxy facets' HTTP/1.1 client: one connection per request, the request's method, path,
/// query, headers and body forwarded, the whole answer buffered (up to
/// ``GatewayLimits/maxUpstreamBodyBytes``) and passed back unchanged.
struct UpstreamClient: Sendable {
    let group: any EventLoopGroup
    let connectTimeout: Duration
    let readTimeout: Duration

    /// Why an exchange with the upstream failed: the `reason` of the `upstream_unavailable` problem.
    private enum Failure: Error {
        case connect
        case read
        case tlsUnsupported

        var reason: String {
            switch self {
            case .connect: return "connect"
            case .read: return "read"
            case .tlsUnsupported: return "tls_unsupported"
            }
        }
    }

    private struct Answer: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer
    }

    private typealias Connection = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    /// Forwards `request` to `upstream` at `path` (plus the request's query).
    func forward(_ request: GatewayRequest, to upstream: FacetUpstream, path: String) async -> GatewayResponse {
        do {
            let answer = try await exchange(request, upstream: upstream, path: path)
            var headers = HTTPHeaders()
            for (name, value) in answer.head.headers
            where !Self.isHopByHop(name) && name.lowercased() != "content-length" {
                headers.add(name: name, value: value)
            }
            return GatewayResponse(status: answer.head.status, headers: headers, body: .bytes(answer.body))
        } catch let failure as Failure {
            return ProblemResponses.upstreamUnavailable(reason: failure.reason)
        } catch {
            return ProblemResponses.upstreamUnavailable(reason: "read")
        }
    }

    private func exchange(_ request: GatewayRequest, upstream: FacetUpstream, path: String) async throws
        -> Answer
    {
        guard upstream.scheme.trimmingCharacters(in: .whitespaces).lowercased() == "http" else {
            throw Failure.tlsUnsupported
        }
        let host = upstream.host.trimmingCharacters(in: .whitespaces)
        let connection: Connection
        do {
            connection = try await ClientBootstrap(group: group)
                .connectTimeout(.nanoseconds(Int64(Self.nanoseconds(connectTimeout))))
                .connect(host: host, port: Int(upstream.port)) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try Connection(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw Failure.connect
        }

        var headers = HTTPHeaders()
        for (name, value) in request.headers {
            let lower = name.lowercased()
            guard !Self.isHopByHop(lower), lower != "host", lower != "content-length" else { continue }
            headers.add(name: name, value: value)
        }
        headers.replaceOrAdd(name: "x-request-id", value: request.ids.requestId)
        headers.replaceOrAdd(name: "x-correlation-id", value: request.ids.correlationId)
        headers.add(name: "host", value: "\(host):\(upstream.port)")
        headers.add(name: "content-length", value: String(request.body.readableBytes))
        headers.add(name: "connection", value: "close")
        let uri = request.query.map { path + "?" + $0 } ?? path
        let head = HTTPRequestHead(version: .http1_1, method: request.method, uri: uri, headers: headers)
        let body = request.body
        let timeout = readTimeout

        return try await withThrowingTaskGroup(of: Answer?.self) { group in
            group.addTask {
                try await Self.send(head: head, body: body, over: connection)
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { connection.channel.close(promise: nil) }
                return nil
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let answer = result { return answer }
                throw Failure.read
            }
            throw Failure.read
        }
    }

    private static func send(head: HTTPRequestHead, body: ByteBuffer, over connection: Connection) async throws
        -> Answer
    {
        do {
            return try await connection.executeThenClose { inbound, outbound in
                // One write for the whole request: an upstream that answers as soon as it has the
                // head and closes (`Connection: close`) must not turn a later write of the end into
                // a failure. An answer that arrived although a write failed is still passed back.
                var parts: [HTTPClientRequestPart] = [.head(head)]
                if body.readableBytes > 0 { parts.append(.body(.byteBuffer(body))) }
                parts.append(.end(nil))
                try? await outbound.write(contentsOf: parts)
                var responseHead: HTTPResponseHead?
                var collected = ByteBuffer()
                for try await part in inbound {
                    switch part {
                    case .head(let received):
                        if received.status.code >= 200 { responseHead = received }
                    case .body(var chunk):
                        guard collected.readableBytes + chunk.readableBytes <= GatewayLimits.maxUpstreamBodyBytes else {
                            throw Failure.read
                        }
                        collected.writeBuffer(&chunk)
                    case .end:
                        guard let responseHead else { throw Failure.read }
                        return Answer(head: responseHead, body: collected)
                    }
                }
                throw Failure.read
            }
        } catch {
            throw Failure.read
        }
    }

    /// Headers that describe one hop and are never forwarded (the real node's list).
    static func isHopByHop(_ name: String) -> Bool {
        switch name.lowercased() {
        case "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "trailers",
            "transfer-encoding", "upgrade":
            return true
        default:
            return false
        }
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
