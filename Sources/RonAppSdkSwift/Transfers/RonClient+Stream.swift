import Foundation

extension RonClient {
    /// Sends `request` and returns as soon as the response head arrived, with the body as a
    /// ``RonByteStream`` read while it arrives (never held whole in memory).
    ///
    /// The call passes the same stages as ``request(_:)``: *prepare*, the middleware (which see the
    /// head: a retry, an auth refresh or a metrics middleware acts before the body starts), the
    /// report (log, `onResponse` and `events()`, once the head is in). A non-2xx answer throws its
    /// `RonProblem` (read from at most 64 KiB of its body), as every call maps it. The overall
    /// timeout bounds the wait for the head; the body has no overall deadline, and each silence
    /// while reading is bounded by the read timeout. ``RonSDK/maxResponseBytes`` does not apply: pass
    /// `maxBytes` to cap the body. The request carries `Cache-Control: no-store` (unless it sets its
    /// own), so a ``ResponseCache`` passes it by. A body in a content coding the transport does not
    /// decode (`URLSession` decodes gzip, deflate and br; `AsyncHTTPClientTransport` none) throws
    /// `undecoded_content_coding`, unless the request sets its own `Accept-Encoding` (then the coded
    /// bytes come as they are, with their `Content-Encoding` header).
    ///
    /// ```swift
    /// let response = try await client.stream(AppRequest(path: "/exports/latest"))
    /// for try await chunk in response.body { consume(chunk) }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The call (usually a `GET`).
    ///   - maxBytes: The most body bytes to accept (`nil`: no limit).
    /// - Returns: The status, the headers and the body.
    /// - Throws: The call's `RonProblem`: a non-2xx status, a transport failure before the head, a
    ///   closed client, or `streaming_unsupported` when the configured transport cannot stream.
    public func stream(_ request: AppRequest, maxBytes: Int64? = nil) async throws(RonProblem) -> RonStreamedResponse {
        let head = try await openStream(request, takesCodedBytes: Self.namesAcceptEncoding(request))
        return RonStreamedResponse(
            status: head.status, headers: head.headers, body: RonByteStream(head.body, maxBytes: maxBytes))
    }

    /// Whether `request` sets its own `Accept-Encoding` (and so takes coded bytes as they come).
    static func namesAcceptEncoding(_ request: AppRequest) -> Bool {
        request.headers.keys.contains { $0.lowercased() == "accept-encoding" }
    }

    /// Opens a streamed call through the pipeline and returns its 2xx head and body; a body in a
    /// coding the transport did not decode is refused unless `takesCodedBytes`.
    func openStream(_ request: AppRequest, takesCodedBytes: Bool) async throws(RonProblem) -> TransportStream {
        var call = request
        if !call.headers.keys.contains(where: { $0.lowercased() == "cache-control" }) {
            call.headers["Cache-Control"] = "no-store"
        }
        let opened = OpenedStream()
        let start = ContinuousClock.now
        let exchange = await exchange(
            call, limits: PreparationLimits(readTimeoutMs: nil, maxResponseBytes: Int.max),
            terminal: streamTerminal(into: opened))
        let head: AppResponse<Data> = Self.makeResponse(
            exchange.result, durationMs: Self.milliseconds(ContinuousClock.now - start))
        report(call, url: exchange.url, sentHeaders: exchange.sentHeaders, response: head, secrets: exchange.secrets)
        if let problem = head.problem { throw problem }
        guard let stream = opened.value else {
            throw RonProblem(
                code: "stream_not_opened", message: "A middleware answered the streamed call without opening it",
                kind: "local", status: head.status, retryable: false)
        }
        if let problem = HTTPBodyRules.undecodedCodingProblem(
            headers: stream.headers, decoded: stream.decodedContentCodings, status: stream.status,
            takesCodedBytes: takesCodedBytes)
        {
            throw problem
        }
        return stream
    }
}
