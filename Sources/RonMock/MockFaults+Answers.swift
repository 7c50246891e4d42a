import Foundation

/// ``MockAPI/respond(to:)`` with the faults and latency of a ``MockServer``: its configured
/// ``MockFaults`` drawn with its ``MockFaultDice``, and what the request asks with `Prefer`
/// (`latency=`, `fault=`, `retry-after=`).
extension MockAPI {
    /// The operation `request` goes to, as ``respond(to:)`` finds it; `nil` for a POST to the
    /// token endpoint, a path no operation has, or another method.
    func route(for request: MockRequest) -> MockRoute? {
        let method = request.method.uppercased()
        if method == "POST", tokenPaths.contains(Self.normalizedPath(request.path)) { return nil }
        let segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        let matching = routes.filter { $0.match(segments) != nil }
        let best = { (candidates: [MockRoute]) in candidates.max { $0.literalCount < $1.literalCount } }
        return best(matching.filter { $0.operation.method == method })
            ?? (method == "HEAD" ? best(matching.filter { $0.operation.method == "GET" }) : nil)
    }

    /// The answer to `request` with `faults`: preferences that cannot be read are a 400; else the
    /// rule of its operation (or of all) draws a failure and a delay from `dice` (`Prefer:
    /// latency=` takes the rule's place, `Prefer: fault=` wins over the draw). A failure replaces
    /// the answer, and the request is not processed: an error status is the operation's documented
    /// answer for it (else the problem envelope), a reset or a stall is no answer
    /// (``MockResponse/delivery``). Every 429 and 503 the mock makes carries `Retry-After`. With a
    /// `proxy`, a request that gets no failure is forwarded (MockProxy+Answer.swift).
    func respond(
        to request: MockRequest, faults: MockFaults, dice: MockFaultDice, proxy: MockProxy? = nil
    ) -> MockResponse {
        let preference = MockPreference(request.header("prefer"))
        if let refusal = preference.refusal { return refusal }
        let route = faults.operations.isEmpty ? nil : self.route(for: request)
        let rule = faults.rule(for: route?.operation.operationId)
        let decision = dice.decide(
            latency: preference.latency ?? rule.latency, failures: rule.failures, scope: rule.scope)
        var response: MockResponse
        var retryAfter = preference.retryAfter
        if let fault = preference.fault {
            response = MockResponse(status: 0, headers: [("X-Ron-Mock-Fault", "\(fault), asked with Prefer")])
            response.delivery = fault == .reset ? .reset : .stall
        } else if let failure = decision.failure {
            let reason = "\(failure.fault), share \(failure.shareText) of \(decision.scope)"
            switch failure.fault {
            case .status(let status):
                response = faultAnswer(request, route: route ?? self.route(for: request), status: status)
                response.headers.append(("X-Ron-Mock-Fault", reason))
                retryAfter = failure.retryAfterSeconds ?? retryAfter
            case .reset, .stall:
                response = MockResponse(status: 0, headers: [("X-Ron-Mock-Fault", reason)])
                response.delivery = failure.fault == .reset ? .reset : .stall
            }
        } else if let proxy {
            response = proxy.answer(request, api: self)
        } else {
            response = respond(to: request)
        }
        let proxied = proxy != nil && preference.fault == nil && decision.failure == nil
        if !proxied, [429, 503].contains(response.status), response.header("Retry-After") == nil {
            response.headers.append(("Retry-After", "\(retryAfter ?? 1)"))
        }
        if decision.delayMilliseconds > 0 {
            response.delayMilliseconds = decision.delayMilliseconds
            response.headers.append(("X-Ron-Mock-Latency", "\(decision.delayMilliseconds)"))
        }
        return response
    }

    /// The answer with `status` that a failure puts in place of the answer to `request`: the one
    /// `route` documents (as `Prefer: code=` picks it), else the problem envelope.
    private func faultAnswer(_ request: MockRequest, route: MockRoute?, status: Int) -> MockResponse {
        if let route, documentedResponse(of: route, status: status, ownError: false) != nil {
            var asked = request
            asked.headers.removeAll { $0.name.caseInsensitiveCompare("Prefer") == .orderedSame }
            asked.headers.append(("Prefer", "code=\(status)"))
            return answer(asked, route: route)
        }
        let subject = route?.operation.operationId ?? "\(request.method) \(request.path)"
        return MockProblem.response(
            status: status, code: MockProblem.code(for: status),
            message: "\(subject): a \(status) the mock was asked to answer (a fault)", kind: "app",
            retryable: MockProblem.retryable(status), headers: [("X-Ron-Mock-Source", "generated")])
    }
}
