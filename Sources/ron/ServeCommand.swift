import ArgumentParser
import Foundation
import RonFacets
import RonGateway
import RonMock

/// `ron serve`: the embedded App Plane gateway in the foreground until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the embedded App Plane gateway until interrupted (Ctrl-C).")

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to bind.")
    var host: String = "127.0.0.1"

    @Option(help: "A directory of facet manifests (*.toml) to serve under /app/facets/{id}.")
    var facets: String?

    @Option(help: "Where relative static files of the manifests are found (default: the current directory).")
    var root: String?

    @Flag(help: "Require an Authorization header on every route but the health probes.")
    var requireAuth = false

    @Flag(help: "Do not log one line per request.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Serve a user's own operations instead of the App Plane: the OpenAPI 3.1 documents of this schema "
                + "folder, answered from --fixtures and their examples (the mock of `ron-mock`).",
            valueName: "dir"))
    var schema: String?

    @Option(help: ArgumentHelp("The fixtures folder of --schema (<TypeName>/<name>.json).", valueName: "dir"))
    var fixtures: String?

    @Option(
        name: .customLong("max-body"),
        help: ArgumentHelp("With --schema: the largest request body accepted (default: 1048576).", valueName: "bytes"))
    var maxBody: Int = 1 << 20

    @Option(
        name: .customLong("credential"),
        help: ArgumentHelp(
            "With --schema: the credential the security scheme NAME takes (repeatable; for basic, user:password). "
                + "Also RON_MOCK_CREDENTIAL_<NAME> in the environment. A scheme without one takes any non-empty "
                + "credential.",
            valueName: "NAME=VALUE"))
    var credentials: [String] = []

    @Option(
        name: .customLong("credentials-file"),
        help: ArgumentHelp(
            "With --schema: a file of NAME=VALUE lines (# comments); --credential wins over it.", valueName: "path"))
    var credentialsFile: String?

    @Option(
        name: .customLong("oauth-client"),
        help: ArgumentHelp(
            "With --schema: a client the mock's OAuth 2.0 token endpoint accepts (repeatable; none: any).",
            valueName: "ID:SECRET"))
    var oauthClients: [String] = []

    @Option(
        name: .customLong("token-lifetime"),
        help: ArgumentHelp(
            "With --schema: how long an access token of the token endpoint lasts (default: 3600).",
            valueName: "seconds"))
    var tokenLifetime: Int = 3600

    @Option(
        name: .customLong("latency"),
        help: ArgumentHelp(
            "With --schema: answers this many milliseconds late (200, 200±50 or 200+-50), for every request or "
                + "for the operation OP (repeatable).",
            valueName: "[OP=]MS[±JITTER]"))
    var latencies: [String] = []

    @Option(
        name: .customLong("fail"),
        help: ArgumentHelp(
            "With --schema: this share of requests (0.2 or 20%) answered with FAULT instead: a status (429, 500, "
                + "503: Retry-After on 429 and 503), reset or stall; :retry-after=SECS, :times=N (repeatable).",
            valueName: "[OP=]SHARE:FAULT"))
    var failures: [String] = []

    @Option(
        name: .customLong("faults"),
        help: ArgumentHelp(
            "With --schema: a JSON file of faults ({\"all\": RULE, \"operations\": {\"OP\": RULE}}); "
                + "--latency and --fail win over it.",
            valueName: "file"))
    var faultsFile: String?

    @Option(
        name: .customLong("seed"),
        help: ArgumentHelp(
            "With --schema: the seed of the faults drawn and of the UUIDs given to created items (the same seed "
                + "and requests give the same faults and ids).",
            valueName: "n"))
    var seed: UInt64?

    @Flag(
        help: ArgumentHelp(
            "With --schema: keep no state; every answer from the fixtures, examples and made-up values (by default "
                + "created items are kept, listed, shown, updated and deleted)."))
    var stateless = false

    @Option(
        name: .customLong("state"),
        help: ArgumentHelp(
            "With --schema: read the mock's state from this JSON file at start when it exists, and write it there "
                + "after every change.",
            valueName: "file"))
    var stateFile: String?

    @Option(
        name: .customLong("proxy"),
        help: ArgumentHelp(
            "With --schema: forward every request to the real server at this URL and answer with its answer, "
                + "naming where the request or the answer breaks the description (X-Ron-Mock-Proxy-Problem "
                + "headers, the log line). No state; --latency and --fail still apply.",
            valueName: "url"))
    var proxy: String?

    @Option(
        name: .customLong("proxy-timeout"),
        help: ArgumentHelp(
            "With --proxy: how long the real server may take (default: 30; then 504).", valueName: "secs"))
    var proxyTimeout: String?

    @Option(
        name: .customLong("proxy-report"),
        help: ArgumentHelp(
            "With --proxy: one JSON line per proxied exchange (method, path, operation, status, problems).",
            valueName: "file"))
    var proxyReport: String?

    @Flag(
        name: .customLong("proxy-refuse-invalid"),
        help: ArgumentHelp("With --proxy: answer a request the description refuses instead of forwarding it."))
    var proxyRefusesInvalid = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxBody > 0 else { throw ValidationError("--max-body wants a positive number of bytes") }
        guard tokenLifetime > 0 else { throw ValidationError("--token-lifetime wants a positive number of seconds") }
        do {
            for text in credentials { _ = try MockCredentials.assignment(text) }
            for text in oauthClients { _ = try MockCredentials.client(text) }
            _ = try MockFaults.commandLine(latency: latencies, fail: failures)
            _ = try MockStateConfiguration.commandLine(stateless: stateless, seed: seed, file: stateFile)
        } catch {
            throw ValidationError("\(error)")
        }
        if proxy != nil {
            guard stateFile == nil else { throw ValidationError("--state does not go with --proxy: it keeps no state") }
            guard credentials.isEmpty, credentialsFile == nil, oauthClients.isEmpty else {
                throw ValidationError(
                    "--credential, --credentials-file and --oauth-client do not go with --proxy: the real server "
                        + "judges credentials (the proxy checks that they are sent)")
            }
        } else if proxyTimeout != nil || proxyReport != nil || proxyRefusesInvalid {
            throw ValidationError("--proxy-timeout, --proxy-report and --proxy-refuse-invalid go with --proxy URL")
        }
    }

    func run() async throws {
        if let schema {
            var accepted = MockCredentials()
            // With --proxy the real server judges credentials' values; the proxy checks their presence.
            if proxy == nil {
                do {
                    accepted = try MockCredentials.commandLine(
                        assignments: credentials, file: credentialsFile, clients: oauthClients,
                        tokenLifetime: tokenLifetime, environment: ProcessInfo.processInfo.environment)
                } catch {
                    throw ValidationError("\(error)")
                }
            }
            let faults: MockFaults
            do {
                faults = try MockFaults.commandLine(latency: latencies, fail: failures, file: faultsFile, seed: seed)
            } catch {
                throw ValidationError("\(error)")
            }
            let state: MockStateConfiguration
            let forwarding: MockProxy?
            do {
                state = try MockStateConfiguration.commandLine(
                    stateless: stateless || proxy != nil, seed: seed, file: stateFile)
                forwarding = try MockProxy.commandLine(
                    url: proxy, timeout: proxyTimeout, reportFile: proxyReport, refusesInvalid: proxyRefusesInvalid)
            } catch {
                throw ValidationError("\(error)")
            }
            try await MockServe.run(
                schema: schema, fixtures: fixtures, host: host, port: port, maxBody: maxBody, quiet: quiet,
                credentials: accepted, faults: faults, state: state, proxy: forwarding)
            return
        }
        guard !stateless, stateFile == nil else { throw ValidationError("--stateless and --state are for --schema") }
        guard proxy == nil else { throw ValidationError("--proxy is for --schema") }
        guard fixtures == nil else { throw ValidationError("--fixtures is for --schema") }
        guard latencies.isEmpty, failures.isEmpty, faultsFile == nil, seed == nil else {
            throw ValidationError("--latency, --fail, --faults and --seed are for --schema")
        }
        guard credentials.isEmpty, credentialsFile == nil, oauthClients.isEmpty else {
            throw ValidationError("--credential, --credentials-file and --oauth-client are for --schema")
        }
        var loaded: [FacetDefinition] = []
        let root = URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath)
        if let facets {
            do {
                let result = try FacetDirectoryLoader.load(directory: URL(fileURLWithPath: facets), root: root)
                loaded = result.facets
                for skipped in result.skipped {
                    CLIOutput.error("skipped \(skipped.file.lastPathComponent): \(skipped.reason)")
                }
            } catch {
                CLIOutput.fail("cannot load facets from \(facets): \(error)")
            }
        }
        let gateway = EmbeddedGateway(
            configuration: GatewayConfiguration(
                host: host, port: port, requireAuth: requireAuth, facets: loaded, facetRoot: root,
                log: quiet ? .quiet : .standardError))
        let url: URL
        do {
            url = try await gateway.start()
        } catch {
            CLIOutput.fail("cannot start the gateway on \(host):\(port): \(error)")
        }
        print("RON App Plane gateway listening on \(url.absoluteString) (App Plane at \(url.absoluteString)/app)")
        for facet in loaded {
            print("  facet \(facet.id) (\(facet.kind.rawValue)): \(facet.routes.count) route(s)")
        }
        print("Press Ctrl-C to stop.")
        // Scripts read the address from a redirected standard output (`--port 0`): flush it now.
        fflush(nil)
        await Interrupt.wait()
        try? await gateway.stop()
        print("stopped")
    }
}

/// Waits for SIGINT or SIGTERM.
enum Interrupt {
    static func wait() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stream = AsyncStream<Void> { continuation in
            let watch = SignalWatch([SIGINT, SIGTERM]) { continuation.yield() }
            continuation.onTermination = { _ in watch.cancel() }
        }
        for await _ in stream { return }
    }
}

/// Dispatch signal sources, cancelled together. Their handlers only yield to a stream.
final class SignalWatch: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], handler: @escaping @Sendable () -> Void) {
        sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
