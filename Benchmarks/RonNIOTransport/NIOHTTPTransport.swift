import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import RonAppSdkSwift

/// A ``RonTransport`` on SwiftNIO: HTTP/1.1 over plain TCP, keep-alive connections reused from a
/// small per-host pool, the response collected on the event loop.
///
/// It exists for the benchmarks and the CLI, to show what the client does when the transport is not
/// the ceiling (`URLSession` on Linux is). It is in no library product, so a user of the SDK never
/// resolves SwiftNIO; copy the `RonNIOTransport` folder into your own target to use it.
///
/// Limits: `http://` only (no TLS), no redirects, no proxy. Every HTTP status comes back as a
/// response; a body over ``TransportRequest/maxResponseBytes`` fails with `responseTooLarge`.
///
/// ```swift
/// let transport = NIOHTTPTransport()
/// let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true, transport: transport))
/// // ...
/// try await transport.shutdown()
/// ```
public final class NIOHTTPTransport: RonTransport {
    private let group: any EventLoopGroup
    private let ownsGroup: Bool
    private let pool: ConnectionPool

    /// Creates a transport.
    /// - Parameters:
    ///   - threads: Event loop threads of its own; `nil` uses the shared `MultiThreadedEventLoopGroup.singleton`.
    ///   - maxIdleConnectionsPerHost: How many idle keep-alive connections to keep per host.
    public init(threads: Int? = nil, maxIdleConnectionsPerHost: Int = 64) {
        if let threads {
            group = MultiThreadedEventLoopGroup(numberOfThreads: max(threads, 1))
            ownsGroup = true
        } else {
            group = MultiThreadedEventLoopGroup.singleton
            ownsGroup = false
        }
        pool = ConnectionPool(maxIdlePerHost: max(maxIdleConnectionsPerHost, 0))
    }

    /// Closes the idle connections and, when the transport made its own threads, stops them.
    public func shutdown() async throws {
        for channel in pool.drain() {
            try? await channel.close()
        }
        if ownsGroup {
            try await group.shutdownGracefully()
        }
    }

    /// Sends one request on a pooled (or new) connection and returns the whole response.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        guard request.url.scheme?.lowercased() == "http", let host = request.url.host else {
            throw TransportFailure(.tlsFailed, detail: "NIOHTTPTransport speaks plain http:// only")
        }
        let port = request.url.port ?? 80
        let key = "\(host):\(port)"
        if let idle = pool.take(key) {
            do {
                return try await exchange(request, on: idle, host: host, port: port, key: key)
            } catch let failure as TransportFailure
                where failure.cause == .connectionReset && failure.detail == ResponseCollector.closedBeforeResponse
            {
                // The server closed the idle connection; nothing was answered, so send it on a new one.
            }
        }
        let channel = try await connect(host: host, port: port, timeoutMs: request.connectTimeoutMs)
        return try await exchange(request, on: channel, host: host, port: port, key: key)
    }

    private func exchange(_ request: TransportRequest, on channel: any Channel, host: String, port: Int, key: String)
        async throws -> TransportResponse
    {
        let promise = channel.eventLoop.makePromise(of: CollectedResponse.self)
        let outbound = OutboundRequest(
            head: Self.head(for: request, host: host, port: port),
            body: request.body.map { ByteBuffer(bytes: $0) },
            limit: request.maxResponseBytes,
            readTimeout: .milliseconds(Int64(max(request.readTimeoutMs, 1))),
            promise: promise)
        channel.writeAndFlush(outbound).cascadeFailure(to: promise)
        let collected: CollectedResponse
        do {
            collected = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            if Task.isCancelled { throw TransportFailure(.cancelled) }
            throw Self.failure(error)
        }
        if collected.keepAlive, channel.isActive, !pool.put(key, channel) {
            channel.close(promise: nil)
        } else if !collected.keepAlive {
            channel.close(promise: nil)
        }
        return TransportResponse(status: collected.status, headers: RonHeaders(collected.headers), body: collected.body)
    }

    private func connect(host: String, port: Int, timeoutMs: Int) async throws -> any Channel {
        do {
            return try await ClientBootstrap(group: group)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connectTimeout(.milliseconds(Int64(max(timeoutMs, 1))))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(ResponseCollector())
                    }
                }
                .connect(host: host, port: port)
                .get()
        } catch {
            throw TransportFailure(.connectFailed, detail: "\(host):\(port): \(error)")
        }
    }

    private static func head(for request: TransportRequest, host: String, port: Int) -> HTTPRequestHead {
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query {
            target += "?" + query
        }
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headers.count + 3)
        headers.add(name: "Host", value: port == 80 ? host : "\(host):\(port)")
        for (name, value) in request.headers {
            headers.add(name: name, value: value)
        }
        if let body = request.body {
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
        } else if request.method != "GET" && request.method != "HEAD" {
            headers.replaceOrAdd(name: "Content-Length", value: "0")
        }
        return HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target, headers: headers)
    }

    private static func failure(_ error: any Error) -> TransportFailure {
        if let failure = error as? TransportFailure { return failure }
        if let channelError = error as? ChannelError {
            switch channelError {
            case .connectTimeout: return TransportFailure(.connectFailed, detail: "\(channelError)")
            case .ioOnClosedChannel, .alreadyClosed:
                return TransportFailure(.connectionReset, detail: ResponseCollector.closedBeforeResponse)
            default: return TransportFailure(.connectionReset, detail: "\(channelError)")
            }
        }
        if error is HTTPParserError { return TransportFailure(.truncatedBody, detail: "\(error)") }
        return TransportFailure.classify(error)
    }
}
