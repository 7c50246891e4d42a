import Foundation

/// The proxy's answer to one request: judged, forwarded (or refused), the real server's answer
/// judged, and every divergence put in its headers and the report.
extension MockProxy {
    /// How many problems are named one per `X-Ron-Mock-Proxy-Problem` field at most (the count
    /// is in `X-Ron-Mock-Proxy-Problems`).
    static let problemHeaderLimit = 20

    /// The answer to `request` through the real server, `api` judging the exchange: the real
    /// server's status, headers (but the hop-by-hop ones) and body, with `X-Ron-Mock-Source:
    /// proxy URL` and, per divergence from the description, an `X-Ron-Mock-Proxy-Problem` field;
    /// 502 (or 504 after the timeout) with the problem envelope when the real server does not
    /// answer; the mock's own refusal, not forwarded, for an invalid request when
    /// ``Configuration/refusesInvalidRequests``.
    func answer(_ request: MockRequest, api: MockAPI) -> MockResponse {
        let judged = api.proxyJudgement(of: request)
        let serverPath = judged.route?.operation.serverPath ?? api.serverPath(above: request.path)
        let path = upstreamPath(of: request.path, serverPath: serverPath)
        // Shown without the query, which may carry a credential.
        let shown = origin + path
        let operationId = judged.route?.operation.operationId
        if configuration.refusesInvalidRequests, let refusal = judged.refusal {
            var response = refusal
            response.headers.removeAll { $0.name.caseInsensitiveCompare("X-Ron-Mock-Source") == .orderedSame }
            mark(&response, source: "proxy refused (not forwarded to \(shown))", problems: judged.problems)
            report?.write(
                request: request, operationId: operationId,
                status: response.status, upstream: nil, problems: judged.problems, error: nil)
            return response
        }
        let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
        let exchange: Exchange
        if let url = Self.url(origin + path + query) {
            exchange = self.exchange(request, url: url)
        } else {
            exchange = .failed(status: 502, reason: "the request target does not make a URL")
        }
        switch exchange {
        case .answered(let status, let headers, let body):
            var problems = judged.problems
            if let route = judged.route {
                problems += api.proxyProblems(
                    answer: route, method: request.method, status: status, headers: headers, body: body)
            }
            let own: Set<String> = ["x-ron-mock-source", "x-ron-mock-proxy-problem", "x-ron-mock-proxy-problems"]
            var response = MockResponse(
                status: status, headers: headers.filter { !own.contains($0.name.lowercased()) }, body: body)
            mark(&response, source: "proxy \(shown)", problems: problems)
            report?.write(
                request: request, operationId: operationId, status: status,
                upstream: shown, problems: problems, error: nil)
            return response
        case .failed(let status, let reason):
            let message =
                "the proxied server did not answer \(request.method.uppercased()) \(shown): \(reason)"
            var response = MockProblem.response(
                status: status, code: MockProblem.code(for: status), message: message, kind: "app",
                retryable: true)
            mark(&response, source: "proxy \(shown), no answer: \(reason)", problems: judged.problems)
            report?.write(
                request: request, operationId: operationId, status: status,
                upstream: shown, problems: judged.problems, error: message)
            return response
        }
    }

    /// Adds `X-Ron-Mock-Source: source` and the problem fields to `response`.
    private func mark(_ response: inout MockResponse, source: String, problems: [MockProxyProblem]) {
        response.headers.append(("X-Ron-Mock-Source", MockProblem.headerText(source)))
        guard !problems.isEmpty else { return }
        response.headers.append(("X-Ron-Mock-Proxy-Problems", "\(problems.count)"))
        for problem in problems.prefix(Self.problemHeaderLimit) {
            response.headers.append(("X-Ron-Mock-Proxy-Problem", MockProblem.headerText(problem.description)))
        }
    }

    /// `text` as a URL, the characters a URL cannot hold as they are (a space, `|`) percent-encoded.
    static func url(_ text: String) -> URL? {
        if let url = URL(string: text) { return url }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "%#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed).flatMap(URL.init(string:))
    }
}
