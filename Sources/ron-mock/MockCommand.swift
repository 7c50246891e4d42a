import Foundation
import RonCommandLine
import RonMock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ron-mock [--schema <dir>] [--fixtures <dir>] [--port <n>] [--host <address>]`: serves the
/// schema's operations from the fixtures and the document's examples until stopped, checking the
/// credentials their security requirements ask (`--credential`, `--oauth-client`, ...).
struct MockCommand {
    var schema = "Schema"
    var fixtures: String?
    var port = 4010
    var host = "127.0.0.1"
    var maxBodyBytes = 1 << 20
    var quiet = false
    var watchesInput = true
    var urlFile: String?
    /// `--credential NAME=VALUE`, in order (checked as they are read).
    var credentials: [String] = []
    var credentialsFile: String?
    /// `--oauth-client ID:SECRET`, in order (checked as they are read).
    var oauthClients: [String] = []
    var tokenLifetime = 3600
    /// `--latency [OPERATION=]MS[±JITTER]` and `--fail [OPERATION=]SHARE:FAULT[:...]`, in order.
    var latencies: [String] = []
    var failures: [String] = []
    var faultsFile: String?
    var seed: UInt64?
    /// `--stateless` and `--state FILE`: the mock's state (MockStateConfiguration).
    var stateless = false
    var stateFile: String?
    /// `--proxy URL` and its options (MockProxy.commandLine).
    var proxyURL: String?
    var proxyTimeout: String?
    var proxyReport: String?
    var proxyRefusesInvalid = false

    static let usage = """
        usage: ron-mock [--schema <dir>] [--fixtures <dir>] [--port <n>] [--host <address>]
                        [--credential NAME=VALUE]... [--credentials-file <path>]
                        [--oauth-client ID:SECRET]... [--token-lifetime <secs>]
                        [--latency [OP=]MS[±JITTER]]... [--fail [OP=]SHARE:FAULT]...
                        [--faults <file>] [--seed <n>] [--stateless | --state <file>]
                        [--proxy <url> [--proxy-timeout <secs>] [--proxy-report <file>]
                         [--proxy-refuse-invalid]]
               (also `ron-codegen mock`, `swift package ron-mock` and `swift package ron-codegen mock`)

        Serves the operations of the OpenAPI documents in the schema folder over HTTP/1.1, so that
        drift checks, app tests and UI work can start before the real server exists. Each answer is
        the operation's documented success status and content type, its body a fixture
        (<fixtures>/<TypeName>/<name>.json: the one named after the operationId, else the first by
        name; every one for a list) or an example of the document. Requests are checked against
        the schema: a missing or ill-typed parameter, or a JSON body the schema refuses, gets 400
        with the App Plane's problem envelope naming the parameter or JSON pointer; an unknown path
        404; another method 405 with Allow.
          Prefer: code=404       the operation's documented 404 answer (any documented status)
          Prefer: example=NAME   the document example NAME, else the fixture NAME
          Prefer: dynamic=true   a body made up from the schema, even where examples exist
          Prefer: latency=300    the answer 300 ms late (300±50: with jitter)
          Prefer: fault=reset    the connection reset instead of an answer (fault=stall: held,
                                 never answered)
        Several preferences combine: Prefer: code=503, latency=200.
        Credentials are checked first: an operation's security requirement (its own, else its
        document's) not met is 401 with WWW-Authenticate naming the schemes (403 for a credential
        that is not the configured one, where the operation documents 403). A scheme without a
        configured credential takes any non-empty one in the place it names. An OAuth 2.0 token
        endpoint (client_credentials and refresh_token grants) answers POST /_mock/oauth/token and
        the path of every tokenUrl and refreshUrl; its tokens are accepted for oauth2 and
        openIdConnect schemes until they expire.
        The mock keeps state (unless --stateless): a path with two of a create (POST), a list (GET)
        and item routes (PATH/{id}: GET, PUT, PATCH, DELETE) is a collection. A create stores its
        JSON body (an id assigned); lists, searches and shows see it; updates and deletes change it
        (a deleted item is 404). A collection starts as its list's fixtures and examples. POST
        /_mock/reset forgets every change, GET /_mock/state shows them. Prefer: code=, example=
        and dynamic=true answer as documented, leaving the state alone.
        The answer's X-Ron-Mock-Source header names the fixture or example it came from. Files
        changed, added or removed in the schema or fixtures folder are read again at the next
        request (no restart). Each request is one line on standard error, written at once.

        The first line printed is "listening on http://HOST:PORT". It serves until SIGINT or
        SIGTERM, or until standard input closes when it is a pipe or a terminal.

          --schema <dir>        the schema folder (default: Schema)
          --fixtures <dir>      the fixtures folder (default: Fixtures, when it exists)
          --port <n>            the port, 0 for a free one (default: 4010)
          --host <address>      the IPv4 address to listen on (default: 127.0.0.1)
          --max-body <bytes>    the largest request body accepted (default: 1048576)
          --quiet               no line per request on standard error
          --ignore-stdin        serve until SIGINT or SIGTERM only, whatever standard input is
          --url-file <path>     also write the URL to this file once listening (SwiftPM shows the
                                output of `swift package ron-mock` only when it ends)
          --credential NAME=VALUE
                                the credential the security scheme NAME takes (repeatable; for
                                basic, user:password); also RON_MOCK_CREDENTIAL_<NAME> in the
                                environment (NAME upper-cased, other characters than letters and
                                digits as _). A scheme without one takes any non-empty credential
          --credentials-file <path>
                                NAME=VALUE lines (# comments); --credential wins over it, and it
                                over the environment
          --oauth-client ID:SECRET
                                a client the token endpoint accepts (repeatable; none: any client,
                                and then any bearer token passes where no credential is set)
          --token-lifetime <secs>
                                how long an access token of the token endpoint lasts (default: 3600)
          --latency [OP=]MS[±JITTER]
                                answers this late, in milliseconds (200, 200±50 or 200+-50), for
                                every request or for the operation OP (an operationId)
          --fail [OP=]SHARE:FAULT[:retry-after=SECS][:times=N]
                                this share of requests (0.2 or 20%) answered with FAULT instead: a
                                status (429, 500, 503, ...: its documented answer, Retry-After on
                                429 and 503, 1 s by default), reset (TCP RST) or stall (no answer,
                                held until the client gives up, 60 s at most); times=N: N requests
                                at most. Repeatable; the shares of one rule add up to 1 at most
          --faults <file>       a JSON file of faults: {"all": RULE, "operations": {"OP": RULE}},
                                RULE {"latency": "200±50", "fail": [{"share": 0.2, "status": 503}]};
                                --latency and --fail replace its latency or failures of the same OP
          --seed <n>            the seed of the faults drawn, and of the UUIDs given to created
                                items: the same seed and requests give the same faults and ids
                                (default: random faults, ids from seed 0)
          --stateless           no state: every answer from the fixtures, examples and made-up
                                values, nothing a request sends is kept
          --state <file>        read the state from this JSON file at start when it exists, and
                                write it there after every change (as GET /_mock/state shows it)
          --proxy <url>         forward every request to the real server at this URL and answer
                                with its answer, naming where the request or the answer breaks
                                the description (X-Ron-Mock-Proxy-Problem headers, the log line).
                                The path below the description's server path goes below the URL's
                                path (a URL without a path: the request's path as it is). No state;
                                --latency and --fail still apply (a failed request is not sent)
          --proxy-timeout <secs>
                                how long the real server may take (default: 30; then 504)
          --proxy-report <file> one JSON line per proxied exchange: method, path, operation,
                                status and problems (side, location, message)
          --proxy-refuse-invalid
                                answer a request the description refuses with the mock's 400, 401
                                or 415 instead of forwarding it

        Exit status: 0 when stopped, 2 bad input.
        """

    init(_ arguments: ArraySlice<String>) throws {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--schema": schema = try reader.value(for: flag)
            case "--fixtures": fixtures = try reader.value(for: flag)
            case "--port":
                let text = try reader.value(for: flag)
                guard let number = Int(text), (0...65535).contains(number) else {
                    throw UsageError("--port wants a whole number from 0 to 65535, got '\(text)'")
                }
                port = number
            case "--host": host = try reader.value(for: flag)
            case "--max-body":
                let text = try reader.value(for: flag)
                guard let number = Int(text), number >= 0 else {
                    throw UsageError("--max-body wants a number of bytes, got '\(text)'")
                }
                maxBodyBytes = number
            case "--quiet": quiet = true
            case "--ignore-stdin": watchesInput = false
            case "--url-file": urlFile = try reader.value(for: flag)
            case "--credential":
                let text = try reader.value(for: flag)
                do { _ = try MockCredentials.assignment(text) } catch { throw UsageError("--credential: \(error)") }
                credentials.append(text)
            case "--credentials-file": credentialsFile = try reader.value(for: flag)
            case "--oauth-client":
                let text = try reader.value(for: flag)
                do { _ = try MockCredentials.client(text) } catch { throw UsageError("--oauth-client: \(error)") }
                oauthClients.append(text)
            case "--token-lifetime": tokenLifetime = try reader.number(for: flag, in: 1...Int(Int32.max))
            case "--latency":
                let text = try reader.value(for: flag)
                do { _ = try MockFaults.commandLine(latency: [text]) } catch { throw UsageError("\(error)") }
                latencies.append(text)
            case "--fail":
                let text = try reader.value(for: flag)
                do { _ = try MockFaults.commandLine(fail: [text]) } catch { throw UsageError("\(error)") }
                failures.append(text)
            case "--faults": faultsFile = try reader.value(for: flag)
            case "--seed":
                let text = try reader.value(for: flag)
                guard let number = UInt64(text) else {
                    throw UsageError("--seed wants a whole number from 0 to \(UInt64.max), got '\(text)'")
                }
                seed = number
            case "--stateless": stateless = true
            case "--state": stateFile = try reader.value(for: flag)
            case "--proxy": proxyURL = try reader.value(for: flag)
            case "--proxy-timeout": proxyTimeout = try reader.value(for: flag)
            case "--proxy-report": proxyReport = try reader.value(for: flag)
            case "--proxy-refuse-invalid": proxyRefusesInvalid = true
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
        do { _ = try MockStateConfiguration.commandLine(stateless: stateless, seed: seed, file: stateFile) } catch {
            throw UsageError("\(error)")
        }
        if proxyURL != nil {
            guard stateFile == nil else { throw UsageError("--state does not go with --proxy: it keeps no state") }
            guard credentials.isEmpty, credentialsFile == nil, oauthClients.isEmpty else {
                throw UsageError(
                    "--credential, --credentials-file and --oauth-client do not go with --proxy: the real server "
                        + "judges credentials (the proxy checks that they are sent)")
            }
        }
        if let proxyURL, URL(string: proxyURL).flatMap(\.scheme) == nil {
            throw UsageError("--proxy wants an http or https URL, got '\(proxyURL)'")
        }
    }

    /// Loads the schema and fixtures, starts the server, and serves until stopped.
    func run() throws -> Never {
        var fixturesFolder = fixtures.map { URL(fileURLWithPath: $0) }
        if fixturesFolder == nil, FileManager.default.fileExists(atPath: "Fixtures") {
            fixturesFolder = URL(fileURLWithPath: "Fixtures")
        }
        let quiet = quiet
        let errors = FileHandle.standardError
        var accepted = MockCredentials()
        // With --proxy the real server judges credentials' values; the proxy checks their presence.
        // A setting that cannot be used throws its own error, which main prints (exit status 2).
        if proxyURL == nil {
            accepted = try MockCredentials.commandLine(
                assignments: credentials, file: credentialsFile, clients: oauthClients,
                tokenLifetime: tokenLifetime, environment: ProcessInfo.processInfo.environment)
        }
        let faults = try MockFaults.commandLine(latency: latencies, fail: failures, file: faultsFile, seed: seed)
        let state = try MockStateConfiguration.commandLine(
            stateless: stateless || proxyURL != nil, seed: seed, file: stateFile)
        let proxy = try MockProxy.commandLine(
            url: proxyURL, timeout: proxyTimeout, reportFile: proxyReport, refusesInvalid: proxyRefusesInvalid)
        let source = try MockSource(
            schemaDirectory: URL(fileURLWithPath: schema), fixturesDirectory: fixturesFolder,
            credentials: accepted, state: state,
            onReload: { result in
                guard !quiet else { return }
                errors.write(Data((MockSource.reloadLine(result) + "\n").utf8))
            })
        let api = source.current
        for result in api.fixtureProblems {
            for problem in result.problems {
                let at = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
                errors.write(Data("warning: \(result.file) (\(result.typeName))\(at): \(problem.message)\n".utf8))
            }
        }
        for name in api.unknownCredentialNames {
            errors.write(Data("warning: a credential is given for '\(name)', no security scheme of the schema\n".utf8))
        }
        for name in faults.unknownOperations(in: api) {
            errors.write(Data("warning: faults are given for '\(name)', no operation of the schema\n".utf8))
        }
        if !faults.isEmpty, !quiet { errors.write(Data("faults: \(faults)\n".utf8)) }
        if let proxy, !quiet { errors.write(Data("\(proxy.description)\n".utf8)) }
        let server = MockServer(
            source: source,
            configuration: .init(
                host: host, port: port, maxBodyBytes: maxBodyBytes, faults: faults, proxy: proxy),
            log: { request, response in
                guard !quiet else { return }
                let target = source.loggedTarget(of: request)
                errors.write(Data("\(request.method) \(target) -> \(response.logDescription)\n".utf8))
            })
        // Watched before the address is printed: a script may stop the server as soon as it reads it.
        let stops = Self.watchStops(of: server, input: watchesInput)
        let url = try server.start()
        // Written at once, not buffered: a script or test waits for this line.
        FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))
        if let urlFile {
            do {
                try Data((url.absoluteString + "\n").utf8).write(to: URL(fileURLWithPath: urlFile), options: .atomic)
            } catch {
                server.stop()
                fail("\(urlFile): cannot write the URL (\(error.localizedDescription))", code: 2)
            }
        }
        if !quiet {
            for line in api.routeDescriptions + api.tokenEndpointDescriptions + api.stateEndpointDescriptions {
                errors.write(Data("  \(line)\n".utf8))
            }
        }
        withExtendedLifetime(stops) { dispatchMain() }
    }

    /// Stops `server` and exits 0 on SIGINT or SIGTERM, or at the end of standard input when it is
    /// a pipe, socket or terminal (not /dev/null or a file, as for a job started in the background
    /// of a script). The signal sources returned must be kept alive.
    private static func watchStops(of server: MockServer, input: Bool) -> [any DispatchSourceSignal] {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                server.stop()
                exit(0)
            }
            source.resume()
            sources.append(source)
        }
        var status = stat()
        if input, fstat(0, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            if kind == S_IFIFO || kind == S_IFSOCK || isatty(0) == 1 {
                let thread = Thread {
                    var byte: UInt8 = 0
                    while read(0, &byte, 1) > 0 {}
                    server.stop()
                    exit(0)
                }
                thread.start()
            }
        }
        return sources
    }
}
