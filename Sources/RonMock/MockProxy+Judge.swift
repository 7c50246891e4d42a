import Foundation
import RonCodegenCore

/// One way a proxied exchange breaks the description: in the request (judged by the mock's request
/// checks) or in the real server's answer (judged by ``DescriptionAnswerCheck``), where, and what.
struct MockProxyProblem: Sendable, Hashable, CustomStringConvertible {
    enum Side: String, Sendable {
        case request
        case answer
    }

    var side: Side
    /// `query parameter 'limit'`, `credential api_key (header 'X-Api-Key')`, `status`,
    /// `Content-Type`, `body at /price`, `header 'X-Rate-Limit'`.
    var location: String
    var message: String

    /// `request query parameter 'limit': 51 is above the maximum 50`.
    var description: String { "\(side.rawValue) \(location): \(message)" }
}

/// How the proxy judges by the description: the request as ``respond(to:)`` checks it (without
/// answering it), the answer as `ron drift` does.
extension MockAPI {
    /// What the proxy makes of `request`: its operation (`nil` for none, or a POST to the token
    /// endpoint), what in it breaks the description, and the mock's own refusal of it (the first
    /// of the credentials check and the request check, in the shape the operation documents).
    func proxyJudgement(of request: MockRequest) -> (
        route: MockRoute?, problems: [MockProxyProblem], refusal: MockResponse?
    ) {
        let method = request.method.uppercased()
        if method == "POST", tokenPaths.contains(Self.normalizedPath(request.path)) { return (nil, [], nil) }
        guard let route = route(for: request) else {
            let segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
            var allowed = Set(routes.filter { $0.match(segments) != nil }.map(\.operation.method))
            guard !allowed.isEmpty else {
                let message = "no operation of the description matches \(method) \(request.path)"
                return (nil, [MockProxyProblem(side: .request, location: "path", message: message)], nil)
            }
            if allowed.contains("GET") { allowed.insert("HEAD") }
            let message = "\(request.path) is described for \(allowed.sorted().joined(separator: ", ")), not \(method)"
            return (nil, [MockProxyProblem(side: .request, location: "method", message: message)], nil)
        }
        let segments = request.path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        var refusals: [MockResponse] = []
        if let refusal = authorize(request, route: route) { refusals.append(refusal) }
        if let refusal = validate(request, route: route, pathValues: route.match(segments) ?? [:]) {
            refusals.append(refusal)
        }
        // A parameter that carries a credential is named, its value never (the log and report show it).
        var secret: Set<String> = ["query parameter 'access_token'"]
        for scheme in securitySchemes {
            if case .apiKey(let name, let location) = scheme.kind { secret.insert("\(location) parameter '\(name)'") }
        }
        let problems = refusals.flatMap(Self.proxyProblems(of:)).map { problem in
            var shown = problem
            if secret.contains(problem.location) { shown.message = "not as described (a credential: not shown)" }
            return shown
        }
        return (route, problems, refusals.first.map { documentedError($0, routes: [route]) })
    }

    /// The findings of one of the mock's own refusals (its envelope's `details.problems`, else its
    /// message), as request problems; a credential's place is named as such.
    private static func proxyProblems(of refusal: MockResponse) -> [MockProxyProblem] {
        let envelope = (try? JSONSerialization.jsonObject(with: refusal.body)) as? [String: Any] ?? [:]
        let findings = ((envelope["details"] as? [String: Any])?["problems"] as? [[String: Any]]) ?? []
        let credentials = [401, 403].contains(refusal.status)
        let problems = findings.compactMap { finding -> MockProxyProblem? in
            guard let location = finding["location"] as? String, let message = finding["message"] as? String else {
                return nil
            }
            return MockProxyProblem(
                side: .request, location: credentials ? "credential \(location)" : location, message: message)
        }
        guard problems.isEmpty else { return problems }
        let message = envelope["message"] as? String ?? "refused with \(refusal.status)"
        return [
            MockProxyProblem(side: .request, location: refusal.status == 415 ? "body" : "request", message: message)
        ]
    }

    /// Where the real server's answer to `method` on `route` breaks the operation's documented
    /// responses: an undocumented status or content type, a body or header its schema refuses (with
    /// where the rule is written). A HEAD answer's missing body is no problem.
    func proxyProblems(
        answer route: MockRoute, method: String, status: Int, headers: [(name: String, value: String)], body: Data
    ) -> [MockProxyProblem] {
        var fields: [String: String] = [:]
        for header in headers {
            fields[header.name, default: ""] += (fields[header.name] == nil ? "" : ", ") + header.value
        }
        let contentType = headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        let verdict = DescriptionAnswerCheck(documents: documents).judge(
            operation: route.operation.origin, status: status, contentType: contentType, headers: fields, body: body)
        var problems: [MockProxyProblem] = []
        switch verdict.kind {
        case .fits, .breaks, .unknownOperation: break
        case .undocumentedStatus(let code, let documented):
            problems.append(
                MockProxyProblem(
                    side: .answer, location: "status",
                    message: "\(code) is not documented (documented: \(documented.joined(separator: ", ")))"))
        case .undocumentedContentType(let type, let documented):
            problems.append(
                MockProxyProblem(
                    side: .answer, location: "Content-Type",
                    message: "\(type ?? "none") is not documented for \(verdict.status ?? "the status") (documented: "
                        + (documented.isEmpty ? "no body" : documented.joined(separator: ", ")) + ")"))
        }
        let head = method.uppercased() == "HEAD"
        for problem in verdict.problems {
            let location: String
            switch problem.part {
            case .header(let name):
                location = "header '\(name)'" + (problem.pointer.isEmpty ? "" : " at \(problem.pointer)")
            case .body:
                if head { continue }
                location = problem.pointer.isEmpty ? "body" : "body at \(problem.pointer)"
            }
            problems.append(
                MockProxyProblem(
                    side: .answer, location: location, message: "expected \(problem.expected) (\(problem.schemaOrigin))"
                ))
        }
        return problems
    }

    /// The longest server path of the description that `path` is at or below (`""` for none).
    func serverPath(above path: String) -> String {
        let servers = Set(routes.map(\.operation.serverPath)).filter { server in
            let trimmed = server.hasSuffix("/") ? String(server.dropLast()) : server
            return !trimmed.isEmpty && (path == trimmed || path.hasPrefix(trimmed + "/"))
        }
        return servers.max { $0.count < $1.count } ?? ""
    }
}
