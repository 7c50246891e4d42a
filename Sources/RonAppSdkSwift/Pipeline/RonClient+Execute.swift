import Foundation

extension RonClient {
    /// Stage 2, *execute*: announces the request (log, `onRequest`, `events()`), then runs the
    /// middleware chain, outermost first, around `terminal` (the transport). Inlined into the call's
    /// operation: one async frame fewer per call.
    @inline(__always)
    func execute(_ prepared: PreparedRequest, terminal: @escaping RonMiddlewareNext) async throws
        -> TransportResponse
    {
        announce(prepared.transport, body: prepared.call.body)
        guard !chain.layers.isEmpty else { return try await terminal(prepared.transport) }
        var context = MiddlewareContext(
            method: prepared.call.method, path: RonPath.display(prepared.call.path), url: prepared.url,
            requestId: prepared.requestId, correlationId: prepared.correlationId, deadline: prepared.deadline,
            onEvent: { [broadcaster] event in broadcaster.emit(event) })
        context.terminal = terminal
        let secrets = prepared.transport.credentials.secrets
        if !secrets.isEmpty { context.redactedURL = Redactor.url(prepared.url, secrets: secrets) }
        return try await chain.run(prepared.transport, context: context, terminal: terminal)
    }

    /// The terminal of a call: the transport, the response size cap, the rule for content codings
    /// (``HTTPBodyRules/undecodedCodingProblem(headers:decoded:status:takesCodedBytes:)``) and, for a
    /// non-2xx answer, its problem worked out once (middleware and *make the response* both read it).
    var sendTerminal: RonMiddlewareNext {
        { [transport, state] request in
            // A call that reaches the transport after `close()` ends here, not in a released session.
            if state.isClosed { throw LocalNetworkError.clientClosed }
            try request.bodySource?.checkFile()
            var response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch let failure as TransportFailure where failure.cause == .responseTooLarge {
                // The problem names the limit in force (the client's, the call's or a middleware's).
                throw ProblemMapper.fromTransport(failure, limit: request.maxResponseBytes)
            }
            try request.bodySource?.checkFile(answered: response.status)
            // A body the transport did not decode is never handed over as content (a request that
            // names its own Accept-Encoding takes the coded bytes).
            if !response.body.isEmpty,
                let problem = HTTPBodyRules.undecodedCodingProblem(
                    headers: response.headers, decoded: response.decodedContentCodings, status: response.status,
                    takesCodedBytes: request.headers.contains("accept-encoding"))
            {
                throw problem
            }
            if response.body.count > request.maxResponseBytes {
                throw ProblemMapper.fromTransport(
                    TransportFailure(.responseTooLarge, detail: "\(response.body.count) bytes"),
                    limit: request.maxResponseBytes)
            }
            if !(200..<300).contains(response.status) {
                response.mappedProblem = ProblemMapper.fromHTTP(
                    status: response.status, headers: response.headers, body: response.body)
            }
            return response
        }
    }
}
