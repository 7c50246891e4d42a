import Foundation
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The App Plane client: turns calls into HTTP requests to `{baseUrl}/app{path}` and every outcome
/// into an ``AppResponse``.
///
/// Create one per base URL and share it; it is cheap to create, immutable and safe to use from any
/// task. Request methods never throw (see ``AppResponse`` for the shape of each failure); only
/// creating the client throws ``SdkConfigError``.
///
/// ```swift
/// let client = try RonClient(config: RonConfig(baseUrl: URL(string: "https://node.example.com")))
/// let res: AppResponse<Hello> = await client.get("/hello")
/// ```
public final class RonClient: RonRequesting {
    /// The configuration the client was made from.
    public let config: RonConfig
    /// The overall timeout in effect, in milliseconds.
    public let overallTimeoutMs: Int
    /// The connect timeout in effect, in milliseconds.
    public let connectTimeoutMs: Int
    /// The read (idle) timeout in effect, in milliseconds.
    public let readTimeoutMs: Int
    /// The write (idle) timeout in effect, in milliseconds.
    public let writeTimeoutMs: Int

    let urlBuilder: URLBuilder
    let headerComposer: HeaderComposer
    let transport: any RonTransport
    let ownedTransport: URLSessionTransport?
    let logger: Logger?
    let state = ClientState()
    let chain: MiddlewareChain
    let broadcaster = EventBroadcaster()
    let streams = StreamRegistry()
    let streamingTransport: any RonStreamingTransport
    /// Runs hooks in order, off the Swift concurrency pool, never awaited by a call, bounded.
    let hookQueue = HookQueue()
    /// The overall deadlines of the calls in flight, on one timer.
    let deadlines = DeadlineScheduler()

    /// How many `onRequest`/`onResponse` hook calls were dropped because 1,024 were already waiting
    /// for a slow hook (hooks never hold up calls, and never grow memory without bound).
    public var droppedHookCalls: Int { hookQueue.droppedCount }

    /// Validates the configuration and creates the client.
    ///
    /// - Throws: ``SdkConfigError`` when there is no base URL, it is `http://` without
    ///   ``RonConfig/allowInsecureHttp``, it is not an absolute http(s) URL with a host (or has
    ///   credentials, a query or a fragment), or a timeout is outside `1...86_400_000` ms.
    public init(config: RonConfig) throws {
        guard let baseUrl = config.baseUrl else { throw SdkConfigError.missingBaseUrl }
        urlBuilder = try URLBuilder(baseUrl: baseUrl)
        if baseUrl.scheme?.lowercased() == "http", !config.allowInsecureHttp {
            throw SdkConfigError.insecureHttpNotAllowed(host: baseUrl.host ?? "")
        }
        func timeout(_ value: Int?, _ fallback: Int, _ name: String) throws -> Int {
            let chosen = value ?? fallback
            guard chosen > 0, chosen <= RonConfig.Defaults.maxTimeoutMs else {
                throw SdkConfigError.invalidTimeout(name: name, value: chosen)
            }
            return chosen
        }
        overallTimeoutMs = try timeout(config.overallTimeoutMs, RonConfig.Defaults.overallTimeoutMs, "overallTimeoutMs")
        connectTimeoutMs = try timeout(config.connectTimeoutMs, RonConfig.Defaults.connectTimeoutMs, "connectTimeoutMs")
        readTimeoutMs = try timeout(config.readTimeoutMs, RonConfig.Defaults.readTimeoutMs, "readTimeoutMs")
        writeTimeoutMs = try timeout(config.writeTimeoutMs, RonConfig.Defaults.writeTimeoutMs, "writeTimeoutMs")
        if let cap = config.maxResponseBytes, cap < 1 {
            throw SdkConfigError.unsupportedSetting(name: "maxResponseBytes", reason: "\(cap) is below 1 byte")
        }
        try Self.checkTransportSettings(config)

        self.config = config
        headerComposer = HeaderComposer(
            authToken: config.authToken, passportToken: config.passportToken, headerProvider: config.headerProvider,
            requestIdFactory: config.requestIdFactory, idempotencyKeyFactory: config.idempotencyKeyFactory,
            idempotencyKeyHeader: config.idempotencyKeyHeader)
        chain = MiddlewareChain(
            layers: config.middleware + (config.retry.map { [RetryMiddleware(policy: $0)] } ?? [])
                + (config.cache.map { [CacheStage(cache: $0)] } ?? []))
        try Self.checkPinning(config)
        // A custom transport that cannot stream makes subscriptions fail (no silent fallback to a
        // URLSession with other settings).
        streamingTransport =
            config.transport.map { $0 as? any RonStreamingTransport ?? NoStreamingTransport() }
            ?? URLSessionStreamingTransport(
                configuration: config.sessionConfiguration, pinnedCertificates: config.pinnedCertificates)
        if let custom = config.transport {
            transport = custom
            ownedTransport = nil
        } else {
            let session = URLSessionTransport(
                overallTimeoutMs: overallTimeoutMs, configuration: config.sessionConfiguration,
                pinnedCertificates: config.pinnedCertificates)
            transport = session
            ownedTransport = session
        }
        if let logger = config.logger {
            self.logger = logger
        } else if config.debug {
            var logger = Logger(label: "ron-app-sdk-swift")
            logger.logLevel = .debug
            self.logger = logger
        } else {
            self.logger = nil
        }
    }

    deinit {
        broadcaster.finishAll()
    }

    /// Refuses a setting the chosen transport would ignore: `AsyncHTTPClientTransport` takes its
    /// connect, read and write timeouts per `HTTPClient`, when it is made, not per call.
    private static func checkTransportSettings(_ config: RonConfig) throws {
        #if AsyncHTTPClient
            guard let client = config.transport as? AsyncHTTPClientTransport else { return }
            let fixed = [
                ("connectTimeoutMs", config.connectTimeoutMs, client.connectTimeoutMs),
                ("readTimeoutMs", config.readTimeoutMs, client.readTimeoutMs),
                ("writeTimeoutMs", config.writeTimeoutMs, client.writeTimeoutMs),
            ]
            for (name, asked, used) in fixed {
                guard let asked, asked != used else { continue }
                throw SdkConfigError.unsupportedSetting(
                    name: name,
                    reason:
                        "AsyncHTTPClientTransport uses \(used) ms, set when it was made; pass \(name): \(asked) to AsyncHTTPClientTransport(...) instead"
                )
            }
        #endif
    }

    /// Refuses pins that nothing would check: beside a custom transport (which does its own TLS),
    /// and with `URLSession` where it cannot check a server's certificate (Linux).
    private static func checkPinning(_ config: RonConfig) throws {
        guard !config.pinnedCertificates.isEmpty else { return }
        if config.transport != nil {
            throw SdkConfigError.unsupportedSetting(
                name: "pinnedCertificates",
                reason:
                    "a custom transport does its own TLS; give it the pins (AsyncHTTPClientTransport(pinnedCertificates:))"
            )
        }
        if !ServerTrustEvaluation.isSupported {
            throw SdkConfigError.unsupportedSetting(
                name: "pinnedCertificates",
                reason: "URLSession on this platform cannot check a server's certificate; use "
                    + "AsyncHTTPClientTransport(pinnedCertificates:) (package trait AsyncHTTPClient)")
        }
    }

    /// Releases the client's own `URLSession` and cancels calls in flight. Later calls return a
    /// `client_closed` problem. Calling it again does nothing. A transport passed in the config is
    /// not touched. Streams from ``events(bufferSize:)`` end, and subscriptions end without an error.
    public func close() {
        guard state.close() else { return }
        ownedTransport?.invalidate()
        streams.cancelAll()
        broadcaster.finishAll()
    }

    /// A client for one facet; calls go to `{base}/app/facets/{id}{path}`.
    public func facet(_ id: String) -> FacetClient {
        FacetClient(client: self, id: id)
    }

    /// The start of a path below the server path of `document` (``RonPath/server(_:)``): the one
    /// ``RonConfig/serverPaths`` gives for it, else `defaultPath`. What the calls generated from an
    /// OpenAPI document with its own `servers` put in front of their paths.
    ///
    /// - Parameters:
    ///   - document: The document's path below `Schema/` (`gadgets.openapi.json`).
    ///   - defaultPath: The path of the document's first server URL (`/v2`).
    /// - Returns: The marked prefix; `serverPrefix(document: "gadgets.openapi.json", default: "/v2") + "/gadgets"`
    ///   goes to `{base}/v2/gadgets`.
    public func serverPrefix(document: String, default defaultPath: String) -> String {
        RonPath.server(config.serverPaths[document] ?? defaultPath)
    }

    /// Runs one call. Never throws; see ``AppResponse``.
    ///
    /// The call passes three stages (`Pipeline/`): *prepare* (URL, headers, body), *execute*
    /// (middleware, then the transport) and *make the response* (decode, or map to a problem); then
    /// it is reported (log, `onResponse`, `events()`).
    public func request<T: Decodable>(_ request: AppRequest) async -> sending AppResponse<T> {
        let start = ContinuousClock.now
        let exchange = await exchange(request, terminal: sendTerminal)
        let response: AppResponse<T> = Self.makeResponse(
            exchange.result, durationMs: Self.milliseconds(ContinuousClock.now - start))
        report(
            request, url: exchange.url, sentHeaders: exchange.sentHeaders, response: response, secrets: exchange.secrets
        )
        return response
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let parts = duration.components
        return Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000)
    }
}

/// Whether a client was closed; the only mutable state of a ``RonClient``. Read on every call.
final class ClientState: Sendable {
    private let closed = LockedState(false)

    var isClosed: Bool { closed.withLock { $0 } }

    /// Marks the client closed; `false` when it already was.
    func close() -> Bool {
        closed.withLock { closed in
            if closed { return false }
            closed = true
            return true
        }
    }
}
