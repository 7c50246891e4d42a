import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the SDK's two `URLSession` transports share: the session setup, the request they send and
/// how they read a response head.
enum URLSessionSupport {
    /// An ephemeral configuration: no cookies, cache or credential storage. The client enforces
    /// each call's overall timeout itself, so the session's resource timeout is the largest allowed
    /// (a per-call timeout longer than the client's must not be cut short).
    static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForResource = Double(RonConfig.Defaults.maxTimeoutMs) / 1000
        return configuration
    }

    /// The `URLRequest` for `request`, with `idleTimeoutMs` as its idle timeout. `Accept-Encoding`
    /// names the codings `URLSession` decodes, unless the caller chose one.
    static func urlRequest(_ request: TransportRequest, idleTimeoutMs: Int) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.timeoutInterval = Double(max(idleTimeoutMs, 1)) / 1000
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        if !request.headers.contains("accept-encoding") {
            urlRequest.setValue("gzip, deflate", forHTTPHeaderField: "Accept-Encoding")
        }
        return urlRequest
    }

    /// Whether a response to `method` with `status` has no body whatever its `Content-Length`
    /// says (RFC 9110: HEAD, 1xx, 204, 304).
    static func hasNoBody(method: String?, status: Int) -> Bool {
        method?.uppercased() == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304
    }

    /// Whether `Content-Length` counts the bytes we receive: not when a content coding was
    /// decoded on the way (then it is the coded size).
    static func lengthIsComparable(_ http: HTTPURLResponse, method: String?) -> Bool {
        guard !hasNoBody(method: method, status: http.statusCode) else { return false }
        let coding = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "").trimmingCharacters(in: .whitespaces)
        return coding.isEmpty || coding.lowercased() == "identity"
    }
}
