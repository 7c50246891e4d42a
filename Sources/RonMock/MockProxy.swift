import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The mock's proxy mode (`--proxy URL`): each request is forwarded to a real server and the
/// client gets that server's answer (status, headers but the hop-by-hop ones, body), while the
/// request is judged by the mock's request checks and the answer by the description's letter
/// (``RonCodegenCore/DescriptionAnswerCheck``, as `ron drift` judges answers). Every divergence is
/// named in `X-Ron-Mock-Proxy-Problem` headers, in the log line and, with
/// ``Configuration/reportFile``, in a JSON-lines report. See docs/MockServer.md, "Proxy".
public final class MockProxy: Sendable, CustomStringConvertible {
    /// Where requests go and how.
    public struct Configuration: Sendable {
        /// The real server (`http://127.0.0.1:8888/api`): a request's path below the description's
        /// server path is put below this URL's path; a URL without a path takes the request's path
        /// as it is.
        public var url: URL
        /// How long the real server may take to answer, in seconds; then the client gets 504.
        public var timeoutSeconds: Double
        /// Whether a request the description refuses gets the mock's own refusal (400, 401, 415)
        /// instead of being forwarded; by default it is forwarded and the divergence reported.
        public var refusesInvalidRequests: Bool
        /// A file of JSON lines, one per exchange, emptied at start; `nil` for none.
        public var reportFile: URL?

        /// A configuration: 30 s to answer, invalid requests forwarded, no report.
        public init(
            url: URL, timeoutSeconds: Double = 30, refusesInvalidRequests: Bool = false, reportFile: URL? = nil
        ) {
            self.url = url
            self.timeoutSeconds = timeoutSeconds
            self.refusesInvalidRequests = refusesInvalidRequests
            self.reportFile = reportFile
        }
    }

    /// A proxy that cannot be set up (a URL that is no http or https URL, a report that cannot be
    /// written), in one line.
    public struct ConfigurationError: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// What it was set up with.
    public let configuration: Configuration
    /// The upstream's scheme, host and port (`http://127.0.0.1:8888`), and the path put before
    /// what is forwarded (`/api`; empty for a URL without a path).
    let origin: String
    let basePath: String
    private let session: URLSession
    let report: MockProxyReport?

    /// A proxy to `configuration.url`; its report file, if any, is emptied now.
    public init(_ configuration: Configuration) throws(ConfigurationError) {
        let url = configuration.url
        guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = parts.host, !host.isEmpty, parts.query == nil, parts.fragment == nil
        else {
            throw ConfigurationError(
                description: "--proxy wants an http or https URL without a query (http://127.0.0.1:8888/api), "
                    + "got '\(url.absoluteString)'")
        }
        guard configuration.timeoutSeconds > 0, configuration.timeoutSeconds <= 3600 else {
            throw ConfigurationError(
                description: "--proxy-timeout wants seconds from 0 to 3600, got \(configuration.timeoutSeconds)")
        }
        self.configuration = configuration
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        origin = "\(scheme)://\(hostText)" + (parts.port.map { ":\($0)" } ?? "")
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
        report = try configuration.reportFile.map { file throws(ConfigurationError) in
            try MockProxyReport(file: file)
        }
        let settings = URLSessionConfiguration.ephemeral
        settings.timeoutIntervalForRequest = configuration.timeoutSeconds
        settings.timeoutIntervalForResource = configuration.timeoutSeconds
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        settings.httpMaximumConnectionsPerHost = 64
        session = URLSession(configuration: settings, delegate: MockProxyRedirects(), delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// The proxy of the command-line options `--proxy URL`, `--proxy-timeout SECONDS`,
    /// `--proxy-report FILE` and `--proxy-refuse-invalid`; `nil` without `--proxy` (the others
    /// then are an error).
    public static func commandLine(
        url: String?, timeout: String?, reportFile: String?, refusesInvalid: Bool
    ) throws(ConfigurationError) -> MockProxy? {
        guard let url else {
            guard timeout == nil, reportFile == nil, !refusesInvalid else {
                throw ConfigurationError(
                    description: "--proxy-timeout, --proxy-report and --proxy-refuse-invalid go with --proxy URL")
            }
            return nil
        }
        guard let parsed = URL(string: url) else {
            throw ConfigurationError(description: "--proxy wants an http or https URL, got '\(url)'")
        }
        var seconds = 30.0
        if let timeout {
            guard let number = Double(timeout), number.isFinite else {
                throw ConfigurationError(description: "--proxy-timeout wants a number of seconds, got '\(timeout)'")
            }
            seconds = number
        }
        return try MockProxy(
            Configuration(
                url: parsed, timeoutSeconds: seconds, refusesInvalidRequests: refusesInvalid,
                reportFile: reportFile.map { URL(fileURLWithPath: $0) }))
    }

    /// `proxy to http://127.0.0.1:8888/api (timeout 30 s)`, for a start-up line.
    public var description: String {
        var text = "proxy to \(origin)\(basePath) (timeout \(timeoutText)"
        if configuration.refusesInvalidRequests { text += ", invalid requests refused" }
        if let file = configuration.reportFile { text += ", report \(file.path)" }
        return text + ")"
    }

    /// The timeout in words: `30 s`, `1.5 s`.
    var timeoutText: String {
        let seconds = configuration.timeoutSeconds
        return (seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)") + " s"
    }

    // MARK: Forwarding

    /// The header fields that concern one connection only (RFC 9110 §7.6.1), never forwarded
    /// either way; `Content-Length` is set again for the body as sent.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "transfer-encoding", "upgrade", "content-length",
    ]

    /// The fields of `headers` to forward: without the hop-by-hop ones, those `Connection` names,
    /// and `removing` (lower-cased names).
    static func forwarded(
        _ headers: [(name: String, value: String)], removing: Set<String> = []
    ) -> [(name: String, value: String)] {
        var dropped = hopByHop.union(removing)
        for header in headers where header.name.lowercased() == "connection" {
            for token in header.value.split(separator: ",") {
                dropped.insert(token.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return headers.filter { !dropped.contains($0.name.lowercased()) }
    }

    /// The upstream path of a request to `path` (percent-encoded, as sent) under the description's
    /// `serverPath`: the path below the server path, put below the proxy URL's path; as it is when
    /// the proxy URL has no path (or the request is not below the server path).
    func upstreamPath(of path: String, serverPath: String) -> String {
        guard !basePath.isEmpty else { return path }
        let server = serverPath.hasSuffix("/") ? String(serverPath.dropLast()) : serverPath
        guard !server.isEmpty else { return basePath + (path == "/" ? "" : path) }
        if path == server { return basePath }
        if path.hasPrefix(server + "/") { return basePath + path.dropFirst(server.count) }
        return basePath + path
    }

    /// What the real server answered, or why it did not.
    enum Exchange {
        case answered(status: Int, headers: [(name: String, value: String)], body: Data)
        case failed(status: Int, reason: String)
    }

    /// Sends `request` to `url` and waits for the answer (or the timeout); the connection's thread
    /// waits, no other.
    func exchange(_ request: MockRequest, url: URL) -> Exchange {
        var upstream = URLRequest(url: url, timeoutInterval: configuration.timeoutSeconds)
        upstream.httpMethod = request.method
        upstream.httpShouldHandleCookies = false
        for header in Self.forwarded(request.headers, removing: ["host", "expect"]) {
            upstream.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if !request.body.isEmpty { upstream.httpBody = request.body }
        let outcome = MockProxyOutcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: upstream) { data, response, error in
            outcome.set(data: data, response: response, error: error)
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + configuration.timeoutSeconds + 5) == .timedOut {
            task.cancel()
            return .failed(status: 504, reason: "no answer within \(timeoutText)")
        }
        let (data, response, error) = outcome.value
        guard let http = response as? HTTPURLResponse else {
            if let error = error as? URLError, error.code == .timedOut {
                return .failed(status: 504, reason: "no answer within \(timeoutText)")
            }
            let reason = error.map { ($0 as? URLError)?.localizedDescription ?? "\($0)" } ?? "no HTTP answer"
            return .failed(status: 502, reason: reason)
        }
        var headers: [(name: String, value: String)] = []
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String else { continue }
            headers.append((name, "\(value)"))
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        let body = data ?? Data()
        var removing: Set<String> = []
        // URLSession hands over a compressed body decoded (asking for every coding it reads when the
        // client names none): it is sent so, without its coding (a gzip body still gzip is kept).
        if let coding = http.value(forHTTPHeaderField: "Content-Encoding")?.lowercased(),
            ["gzip", "x-gzip", "deflate", "br", "zstd"].contains(coding),
            !(coding.hasSuffix("gzip") && body.starts(with: [0x1F, 0x8B]))
        {
            removing.insert("content-encoding")
        }
        return .answered(status: http.statusCode, headers: Self.forwarded(headers, removing: removing), body: body)
    }
}

/// The upstream call's outcome, set on URLSession's queue and read on the connection's thread.
private final class MockProxyOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

    func set(data: Data?, response: URLResponse?, error: (any Error)?) {
        lock.withLock { stored = (data, response, error) }
    }

    var value: (Data?, URLResponse?, (any Error)?) { lock.withLock { stored } }
}

/// Passes the real server's redirects to the client instead of following them.
private final class MockProxyRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
