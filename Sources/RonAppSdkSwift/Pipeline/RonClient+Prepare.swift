import Foundation

extension RonClient {
    /// Stage 1, *prepare*: the URL, the headers (configured credentials, `headerProvider`, the call's
    /// own, then the ids and keys the SDK adds; see ``HeaderComposer``) and the body become one
    /// ``PreparedRequest``. Nothing is sent yet.
    ///
    /// `provided` is what the `headerProvider` gave for this call (asked just before, in
    /// ``exchange(_:limits:terminal:)``), so this stage never suspends. Whether the client is closed was checked as the URL was built
    /// (``url(for:)``) and is checked again before the transport.
    ///
    /// - Throws: ``LocalNetworkError`` when a header is invalid.
    func prepare(
        _ call: AppRequest, url: URL, provided: [String: String], timeoutMs: Int, deadline: ContinuousClock.Instant,
        limits: PreparationLimits
    ) throws(LocalNetworkError) -> PreparedRequest {
        let headers = try headerComposer.compose(
            method: call.method, callHeaders: call.headers, provided: provided, body: call.body)
        var request = TransportRequest(
            method: call.method.rawValue, url: url, headers: headers, body: nil, timeoutMs: timeoutMs,
            connectTimeoutMs: connectTimeoutMs, readTimeoutMs: limits.readTimeoutMs ?? readTimeoutMs,
            writeTimeoutMs: writeTimeoutMs,
            maxResponseBytes: limits.maxResponseBytes ?? call.maxResponseBytes.map { max(1, $0) } ?? maxResponseBytes,
            maxRedirects: maxRedirects, idempotent: call.idempotent)
        request.cachePolicy = call.cachePolicy
        request.credentials = call.credentials
        request.bodySource = call.body?.source
        request.uploadProgress = call.uploadProgress?.monotonic()
        return PreparedRequest(call: call, url: url, deadline: deadline, transport: request)
    }

    /// The URL of a call, or the problem that it cannot be built (client closed, invalid path).
    func url(for call: AppRequest) throws(RonProblem) -> URL {
        if state.isClosed { throw LocalNetworkError.clientClosed.problem }
        do {
            return try urlBuilder.url(path: call.path, query: call.query)
        } catch {
            throw error.problem
        }
    }

    /// The overall budget of a call in milliseconds: its own, else the client's, within the allowed range.
    func timeoutMs(for call: AppRequest) -> Int {
        min(max(call.timeoutMs ?? overallTimeoutMs, 1), RonConfig.Defaults.maxTimeoutMs)
    }

    /// A new idempotency key from the configured factory (the offline queue stores it with a write).
    func makeIdempotencyKey() -> String {
        headerComposer.makeIdempotencyKey()
    }

    /// The header new idempotency keys are sent under.
    var idempotencyKeyHeader: String { headerComposer.idempotencyKeyHeader }

    /// The most redirects a call follows.
    var maxRedirects: Int { max(0, config.maxRedirects ?? RonConfig.Defaults.maxRedirects) }

    /// The client's cap on whole response bodies (``RonConfig/maxResponseBytes``).
    var maxResponseBytes: Int { config.maxResponseBytes ?? RonSDK.maxResponseBytes }
}
