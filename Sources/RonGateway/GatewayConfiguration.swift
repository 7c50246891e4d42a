import Foundation
import RonFacets

/// How an ``EmbeddedGateway`` is set up: where it listens, which facets it serves, where its canned
/// bodies come from and where its request log goes.
///
/// Every field has a default, so `GatewayConfiguration()` is a working gateway on a free loopback port.
public struct GatewayConfiguration: Sendable {
    /// The host to bind. Defaults to `127.0.0.1`.
    public var host: String
    /// The port to bind; `0` (the default) lets the system pick a free one.
    public var port: Int
    /// When `true`, every route except the health probes answers `401` unless the request carries a
    /// non-empty `Authorization` header.
    public var requireAuth: Bool
    /// The facets served under `/app/facets/{id}{path}`, in the model of `RonFacets` (read them with
    /// `FacetDirectoryLoader` or `FacetManifestReader`, or build them in code). The gateway refuses to
    /// start on a facet that the node's loader refuses, with the node's message.
    public var facets: [FacetDefinition]
    /// The folder a static route's relative `file` is resolved against; `nil` means the current
    /// working directory, as the node resolves it.
    public var facetRoot: URL?
    /// The folder holding the JSON fixtures canned bodies are read from, or `nil` for the package's
    /// own `Fixtures/` folder (found from this file's location). A folder that does not exist is the
    /// same as an empty one.
    public var fixturesDirectory: URL?
    /// Where the one-line-per-request log goes. Quiet by default.
    public var log: GatewayLogSink
    /// The largest request body accepted, in bytes; larger ones get `413`. Defaults to 1 MiB, the
    /// real node's cap.
    public var maxBodyBytes: Int
    /// How long ``EmbeddedGateway/stop()`` lets requests in flight finish before closing them.
    public var shutdownGracePeriod: Duration
    /// How long a connection may stay idle (nothing read or written) before it is closed.
    public var idleTimeout: Duration
    /// How long the proxy waits for an upstream to accept a connection.
    public var upstreamConnectTimeout: Duration
    /// How long the proxy waits for an upstream's whole answer.
    public var upstreamReadTimeout: Duration

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The host to bind.
    ///   - port: The port to bind, `0` for a free one.
    ///   - requireAuth: Whether routes other than the health probes need an `Authorization` header.
    ///   - facets: The facets to serve.
    ///   - facetRoot: The folder relative static files are resolved against, `nil` for the working directory.
    ///   - fixturesDirectory: The fixtures folder, `nil` for the package's `Fixtures/`.
    ///   - log: The request log sink.
    ///   - maxBodyBytes: The request body cap.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        requireAuth: Bool = false,
        facets: [FacetDefinition] = [],
        facetRoot: URL? = nil,
        fixturesDirectory: URL? = nil,
        log: GatewayLogSink = .quiet,
        maxBodyBytes: Int = GatewayLimits.defaultMaxBodyBytes
    ) {
        self.host = host
        self.port = port
        self.requireAuth = requireAuth
        self.facets = facets
        self.facetRoot = facetRoot
        self.fixturesDirectory = fixturesDirectory
        self.log = log
        self.maxBodyBytes = maxBodyBytes
        self.shutdownGracePeriod = .seconds(2)
        self.idleTimeout = .seconds(30)
        self.upstreamConnectTimeout = .seconds(2)
        self.upstreamReadTimeout = .seconds(10)
    }

    /// The package's own `Fixtures/` folder, found from this source file's location.
    public static var packageFixturesDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // RonGateway
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Fixtures", isDirectory: true)
    }
}
