import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// What every session of the SDK starts from: ephemeral, with no cookies, cache or credential
    /// storage, and `resourceTimeoutMs` as the longest a task may live.
    /// `base` makes the configuration to start from (a proxy, TLS settings, extra headers); the
    /// SDK's rules are applied on top of it.
    static func ronEphemeral(
        resourceTimeoutMs: Int, base: (@Sendable () -> URLSessionConfiguration)? = nil
    ) -> URLSessionConfiguration {
        let configuration = base?() ?? URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForResource = Double(resourceTimeoutMs) / 1000
        return configuration
    }
}

extension URLRequest {
    /// The `URLRequest` for a prepared request: method, body, every header field (repeated names
    /// kept), no cookies or cache, and `idleTimeoutMs` as the longest silence. `Accept-Encoding`
    /// names the codings `URLSession` decodes, unless the request chose its own.
    init(_ request: TransportRequest, idleTimeoutMs: Int) {
        self.init(url: request.url)
        httpMethod = request.method
        httpBody = request.body
        httpShouldHandleCookies = false
        cachePolicy = .reloadIgnoringLocalCacheData
        timeoutInterval = Double(max(idleTimeoutMs, 1)) / 1000
        for (name, value) in request.headers {
            addValue(value, forHTTPHeaderField: name)
        }
        if !request.headers.contains("accept-encoding") {
            setValue("gzip, deflate", forHTTPHeaderField: "Accept-Encoding")
        }
    }
}

extension CredentialPolicy {
    /// Answers `URLSession`'s redirect question for `task` with the policy: follows (credentials
    /// stripped as needed) and returns `nil`, or refuses and returns why, for the caller to end the
    /// task with (`fail`, which cancels it).
    /// `count` is the number of this redirect (1 for the first) and `maxRedirects` the most allowed.
    ///
    /// A refusal answers `nil` (not followed) on Apple platforms; on FoundationNetworking it does not
    /// answer, so that the cancellation alone ends the task: there an answer ends the task on the
    /// task's own queue, and a cancellation queued there just before it (the call's overall timeout)
    /// would report to a task the session had let go, which stops the process (see `IdleWatchdog`).
    static func answerRedirect(
        of task: URLSessionTask, to request: URLRequest, count: Int, maxRedirects: Int,
        credentialHeaders: Set<String> = [], completionHandler: (URLRequest?) -> Void
    ) -> TransportFailure? {
        switch redirect(
            from: task.originalRequest?.url, current: task.currentRequest?.url, to: request, count: count,
            maxRedirects: maxRedirects, credentialHeaders: credentialHeaders)
        {
        case .follow(let next):
            completionHandler(next)
            return nil
        case .refuse(let failure):
            #if !canImport(FoundationNetworking)
                completionHandler(nil)
            #endif
            return failure
        }
    }
}

/// When a response's length can be checked against `Content-Length` (RFC 9110), and which content
/// codings arrive decoded.
enum HTTPBodyRules {
    /// The content codings `URLSession` decodes whatever `Accept-Encoding` said: on Apple platforms
    /// gzip, deflate and br; FoundationNetworking on Linux lets libcurl decode every coding libcurl
    /// was built with (gzip, deflate and, with the libcurl of Debian and Ubuntu, br; measured
    /// against httpbin's `/gzip`, `/deflate` and `/brotli`). Only these are counted on, so a coding
    /// that arrived undecoded is never passed on as content.
    static let urlSessionDecodes: Set<String> = ["gzip", "x-gzip", "deflate", "br"]

    /// The one rule for content codings, wherever a transport hands a body over (whole body, stream,
    /// download, subscription): what the transport decoded (`decoded`) is content; a body in any other
    /// coding is refused with `undecoded_content_coding`, never passed on as content, unless the
    /// caller asked for coded bytes by sending its own `Accept-Encoding` (`takesCodedBytes`).
    static func undecodedCodingProblem(
        headers: RonHeaders, decoded: Set<String>, status: Int, takesCodedBytes: Bool
    ) -> RonProblem? {
        guard !takesCodedBytes else { return nil }
        let undecoded = contentCodings(headers).filter { !decoded.contains($0) }
        guard !undecoded.isEmpty else { return nil }
        let named = undecoded.joined(separator: ", ")
        return RonProblem(
            code: "undecoded_content_coding",
            message:
                "The body is coded with '\(named)', which the transport does not decode; send your own Accept-Encoding to take the coded bytes",
            kind: "transport", status: status, retryable: false, details: ["content_encoding": .string(named)])
    }

    /// The content codings named by `Content-Encoding` (lowercased; `identity` left out).
    static func contentCodings(_ headers: RonHeaders) -> [String] {
        (headers["content-encoding"] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "identity" }
    }

    /// Whether a response to `method` with `status` has no body whatever its `Content-Length`
    /// says: HEAD, 1xx, 204, 304.
    static func hasNoBody(method: String?, status: Int) -> Bool {
        method?.uppercased() == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304
    }

    /// Whether `Content-Length` counts the bytes received: not when a content coding was decoded
    /// on the way (it is then the coded size; the decoded size is bounded by the body limit).
    static func lengthIsComparable(_ http: HTTPURLResponse, method: String?) -> Bool {
        guard !hasNoBody(method: method, status: http.statusCode) else { return false }
        let coding = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "").trimmingCharacters(in: .whitespaces)
        return coding.isEmpty || coding.lowercased() == "identity"
    }
}
