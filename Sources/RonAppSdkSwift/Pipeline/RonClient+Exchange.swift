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
}

extension RonClient {
    /// Runs *prepare* and *execute* within the call's overall budget, and turns whatever was thrown
    /// on the way into the call's `RonProblem` (exactly once).
    func exchange(
        _ call: AppRequest, limits: PreparationLimits = .call, terminal: @escaping RonMiddlewareNext
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
