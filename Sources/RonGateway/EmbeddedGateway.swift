import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An App Plane server that behaves like the real RON-CORE gateway, for development and tests.
///
/// It serves `/app/healthz`, `/app/hello`, `/app/echo`, `/app/items`, the configured facets under
/// `/app/facets/{id}{path}` and the failure routes under `/app/_test/`, with the real node's problem
/// bodies, status codes, correlation headers and 1 MiB body cap. See `docs/gateway-behaviour.md`.
///
/// ```swift
/// let gateway = EmbeddedGateway(configuration: GatewayConfiguration())
/// let base = try await gateway.start()   // http://127.0.0.1:PORT
/// defer { Task { try await gateway.stop() } }
/// ```
public actor EmbeddedGateway {
    private enum State {
        case idle
        case running(Running)
        case stopping(Task<Void, any Error>)
        case stopped
    }

    private struct Running {
        var url: URL
        var group: MultiThreadedEventLoopGroup
        var server: NIOAsyncChannel<ConnectionServer.Connection, Never>
        /// Accepted connections not yet taken by the accept loop (closed at shutdown).
        var accepted: AcceptedConnections
        var acceptTask: Task<Void, Never>
        var registry: ConnectionRegistry
    }

    /// The configuration the gateway was created with.
    public let configuration: GatewayConfiguration
    private var state: State = .idle

    /// Creates a gateway; nothing is bound until ``start()``.
    public init(configuration: GatewayConfiguration = GatewayConfiguration()) {
        self.configuration = configuration
    }

    /// The base URL, `http://HOST:PORT`, while the gateway runs; `nil` otherwise.
    public var url: URL? {
        if case .running(let running) = state { return running.url }
        return nil
    }

    /// Reads the fixtures, checks the facets, binds and starts serving.
    /// - Returns: The base URL, `http://127.0.0.1:PORT` with the port actually bound.
    /// - Throws: ``GatewayError`` for a bad configuration or a second start; the bind error when the
    ///   port cannot be bound.
    public func start() async throws -> URL {
        switch state {
        case .idle: break
        case .running: throw GatewayError.alreadyStarted
        case .stopping, .stopped: throw GatewayError.alreadyStopped
        }
        let configuration = self.configuration
        guard (0...65_535).contains(configuration.port) else {
            throw GatewayError.invalidConfiguration(
                field: "port", reason: "must be 0...65535, got \(configuration.port)")
        }
        guard configuration.maxBodyBytes > 0 else {
            throw GatewayError.invalidConfiguration(field: "maxBodyBytes", reason: "must be positive")
        }
        let fixtures = try FixtureSet.load(
            from: configuration.fixturesDirectory ?? GatewayConfiguration.packageFixturesDirectory)

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let upstream = UpstreamClient(
                group: group, connectTimeout: configuration.upstreamConnectTimeout,
                readTimeout: configuration.upstreamReadTimeout)
            let facets = try FacetRouter(
                facets: configuration.facets, root: configuration.facetRoot, upstream: upstream)
            let router = GatewayRouter(requireAuth: configuration.requireAuth, fixtures: fixtures, facets: facets)
            let connectionServer = ConnectionServer(
                router: router, maxBodyBytes: configuration.maxBodyBytes, log: configuration.log)
            let accepted = AcceptedConnections()
            let server = try await Self.bind(configuration: configuration, group: group, accepted: accepted)
            guard let port = server.channel.localAddress?.port,
                let url = URL(string: "http://\(Self.urlHost(configuration.host)):\(port)")
            else {
                try? await server.channel.close()
                // A connection accepted before the close never reaches an accept loop.
                await accepted.closeLeftovers()
                throw GatewayError.invalidConfiguration(
                    field: "host", reason: "cannot form a URL for \(configuration.host)")
            }
            let registry = ConnectionRegistry()
            let acceptTask = Task {
                do {
                    try await server.executeThenClose { inbound in
                        for try await connection in inbound {
                            accepted.take(connection)
                            await registry.serve(connection, with: connectionServer)
                        }
                    }
                } catch {
                    // The listener was closed or failed; stop() cleans up.
                }
            }
            state = .running(
                Running(
                    url: url, group: group, server: server, accepted: accepted, acceptTask: acceptTask,
                    registry: registry))
            return url
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops accepting, lets requests in flight finish for the grace period, closes what is left
    /// and releases the threads. Calls made while a stop is under way wait for it; stopping a
    /// gateway that never started or already stopped does nothing.
    public func stop() async throws {
        switch state {
        case .idle, .stopped:
            return
        case .stopping(let task):
            try await task.value
        case .running(let running):
            let grace = configuration.shutdownGracePeriod
            let task = Task { try await Self.shutDown(running, grace: grace) }
            state = .stopping(task)
            defer { state = .stopped }
            try await task.value
        }
    }

    private static func shutDown(_ running: Running, grace: Duration) async throws {
        running.server.channel.close(promise: nil)
        await running.acceptTask.value
        // Connections accepted as the listener closed never reached the accept loop.
        await running.accepted.closeLeftovers()
        await running.registry.quiesce()
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        while await running.registry.count > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        await running.registry.closeAll()
        let hardDeadline = clock.now + .seconds(5)
        while await running.registry.count > 0, clock.now < hardDeadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try await running.group.shutdownGracefully()
    }

    /// Runs in the foreground: starts the gateway when it is not running yet, then waits until
    /// ``stop()`` is called or the calling task is cancelled (which stops the gateway), and returns
    /// once the gateway has stopped.
    public func run() async throws {
        if case .idle = state { _ = try await start() }
        guard case .running(let running) = state else { return try await stop() }
        await withTaskCancellationHandler {
            await running.acceptTask.value
        } onCancel: {
            running.server.channel.close(promise: nil)
        }
        try await stop()
    }

    private static func bind(
        configuration: GatewayConfiguration, group: MultiThreadedEventLoopGroup, accepted: AcceptedConnections
    ) async throws -> NIOAsyncChannel<ConnectionServer.Connection, Never> {
        let idle = TimeAmount.nanoseconds(UpstreamClient.nanoseconds(configuration.idleTimeout))
        let log = configuration.log
        return try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(IdleStateHandler(allTimeout: idle))
                    try sync.configureHTTPServerPipeline(withErrorHandling: false)
                    try sync.addHandler(ProtocolErrorHandler(log: log))
                    try sync.addHandler(IdleCloseHandler())
                    return accepted.accepted(try ConnectionServer.Connection(wrappingChannelSynchronously: channel))
                }
            }
    }

    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
