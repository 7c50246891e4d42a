import Foundation
import RonAppSdkSwift

#if AsyncHTTPClient
    import AsyncHTTPClient
    import NIOPosix
#endif

/// The server-side transport measured beside the default one: `AsyncHTTPClientTransport`, set up
/// the way `wrk -t1 -c<N>` (section 3's reference) works: one event-loop thread and as many
/// connections to the host as there are concurrent calls. With AsyncHTTPClient's defaults (an
/// event-loop thread per core, at most 8 connections a host) the 32 tasks of section 3 queue for 8
/// connections and hop between threads: 9,600 req/s against 14,000 set up like this (BENCHMARKS.md,
/// "Sustained load and memory").
enum ServerTransport {
    static let name = "AsyncHTTPClientTransport"

    static func make(connections: Int = 8) -> (transport: any RonTransport, shutdown: @Sendable () async -> Void)? {
        #if AsyncHTTPClient
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(
                idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(connections, 1))
            let transport = AsyncHTTPClientTransport(eventLoopGroup: group, configuration: configuration)
            return (
                transport,
                {
                    try? await transport.shutdown()
                    try? await group.shutdownGracefully()
                }
            )
        #else
            return nil
        #endif
    }

    /// What a server-side user writes instead of the SDK: `HTTPClient.execute`, the body collected,
    /// `JSONDecoder`, on the same `HTTPClient` (so the same pool and event loop) as `transport`.
    /// `nil` without the trait.
    static func bareCall(on transport: any RonTransport, url: URL) -> (@Sendable () async -> Bool)? {
        #if AsyncHTTPClient
            guard let client = (transport as? AsyncHTTPClientTransport)?.client else { return nil }
            let target = url.absoluteString
            return {
                guard let response = try? await client.execute(HTTPClientRequest(url: target), timeout: .seconds(30)),
                    response.status == .ok,
                    let body = try? await response.body.collect(upTo: 1 << 20)
                else { return false }
                return (try? JSONDecoder().decode(Hello.self, from: Data(body.readableBytesView))) != nil
            }
        #else
            return nil
        #endif
    }
}
