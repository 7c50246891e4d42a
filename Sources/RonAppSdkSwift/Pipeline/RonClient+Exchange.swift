import Foundation

/// What came of stages 1 and 2 for one call: the URL and headers it went out with (for reporting)
/// and the HTTP answer or the problem that stands in for one.
struct Exchange: Sendable {
    /// The URL, when it could be built.
    var url: URL?
    /// The headers sent (empty when the call never got that far).
    var sentHeaders: RonHeaders = [:]
    /// The answer, or the problem.
    var result: Result<TransportResponse, RonProblem>
    /// The credential values the call's security attached, redacted wherever the call is reported.
    var secrets: [String] = []
}

extension RonClient {
    /// Attaches the credentials of the call's security (``AppRequest/security``), then runs
    /// *prepare* and *execute* within the call's overall budget, and turns whatever was thrown on
    /// the way into the call's `RonProblem` (exactly once). A call whose OAuth 2.0 token got 401 is
    /// sent once more with a fresh token, when its body can be sent again.
    func exchange(
        _ call: AppRequest, limits: PreparationLimits = .call, terminal: @escaping RonMiddlewareNext
    ) async -> Exchange {
        // Calls of no declared security (every App Plane call) take the path they always took.
        guard call.security != nil else { return await exchangeOnce(call, limits: limits, terminal: terminal) }
        var attachment: CredentialAttachment
        do {
            attachment = try await CredentialAttachment.attach(to: call, credentials: config.credentials)
        } catch {
            return Exchange(result: .failure(error))
        }
        var exchange = await exchangeOnce(attachment.call, limits: limits, terminal: terminal)
        exchange.secrets = attachment.secrets
        guard case .success(let response) = exchange.result, response.status == 401, !attachment.tokens.isEmpty,
            call.body?.source.isReplayable ?? true, call.uploadProgress == nil
        else { return exchange }
        var refreshable = false
        for (source, token) in attachment.tokens {
            await source.invalidate(token)
            if await source.canRefresh { refreshable = true }
        }
        guard refreshable else { return exchange }
        do {
            attachment = try await CredentialAttachment.attach(to: call, credentials: config.credentials)
        } catch {
            return Exchange(url: exchange.url, result: .failure(error), secrets: exchange.secrets)
        }
        logger?.debug("ron oauth2 token refused (401): sent again with a fresh token")
        var second = await exchangeOnce(attachment.call, limits: limits, terminal: terminal)
        second.secrets = exchange.secrets + attachment.secrets
        return second
    }

    /// One exchange of a call whose credentials are in place.
    private func exchangeOnce(
        _ call: AppRequest, limits: PreparationLimits, terminal: @escaping RonMiddlewareNext
    ) async -> Exchange {
        let url: URL
        do {
            url = try self.url(for: call)
        } catch {
            return Exchange(result: .failure(error))
        }
        let timeoutMs = timeoutMs(for: call)
        let deadline = ContinuousClock.now + .milliseconds(timeoutMs)
        let (result, sent) = await DeadlineRace.run(
            timeoutMs: timeoutMs, deadlines: deadlines, startImmediately: startsCallsImmediately
        ) { [self] race in
            // Without a provider there is nothing to wait for (and no async frame to make).
            var provided: [String: String] = [:]
            if let headerProvider = headerComposer.headerProvider { provided = await headerProvider() }
            let prepared = try prepare(
                call, url: url, provided: provided, timeoutMs: timeoutMs, deadline: deadline, limits: limits)
            race.recordSent(prepared.transport.headers)
            return try await execute(prepared, terminal: terminal)
        }
        call.uploadProgress?.finish()
        return Exchange(url: url, sentHeaders: sent, result: result.mapError(problem(for:)))
    }

    /// Whether a call may start on the caller's thread: the transport never blocks its thread and no
    /// middleware runs around it (see ``RonTransport/neverBlocks``).
    var startsCallsImmediately: Bool { chain.layers.isEmpty && transport.neverBlocks }

    /// The problem for an error thrown by a stage, a middleware or the transport.
    private func problem(for error: any Error) -> RonProblem {
        switch error {
        case let local as LocalNetworkError: return local.problem
        case let problem as RonProblem: return problem
        default:
            let failure = TransportFailure.classify(error)
            // A call cut short by `close()` says so, whatever the torn-down session reported for it
            // (cancelled, or on Linux sometimes a reset connection or a cut body).
            if state.isClosed { return LocalNetworkError.clientClosed.problem }
            logger?.debug(
                "ron transport failure",
                metadata: ["cause": .string(failure.cause.code), "detail": .string(failure.detail)])
            return ProblemMapper.fromTransport(failure)
        }
    }
}
