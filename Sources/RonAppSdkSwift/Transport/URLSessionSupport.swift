import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// What every session of the SDK starts from: ephemeral, with no cookies, cache or credential
    /// storage, and `resourceTimeoutMs` as the longest a task may live.
    static func ronEphemeral(resourceTimeoutMs: Int) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
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
    /// kept), no cookies or cache, and `idleTimeoutMs` as the longest silence.
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
    }
}

extension CredentialPolicy {
    /// Answers `URLSession`'s redirect question for `task` with the policy: follows (credentials
    /// stripped as needed) and returns `nil`, or refuses and returns why.
    static func answerRedirect(
        of task: URLSessionTask, to request: URLRequest, completionHandler: (URLRequest?) -> Void
    ) -> TransportFailure? {
        switch redirect(from: task.originalRequest?.url, to: request) {
        case .follow(let next):
            completionHandler(next)
            return nil
        case .refuse(let failure):
            completionHandler(nil)
            return failure
        }
    }
}
