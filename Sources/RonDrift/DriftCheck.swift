import Foundation
import RonAppSdkSwift
import RonCodegenCore

/// What every call of a run shares: the client, the types answers are checked against, and where
/// exchanges are written for another judge.
struct DriftContext {
    var client: RonClient
    var types: DriftTypes
    var timeoutMs: Int
    /// The base URL as given, for the exchanges' absolute URLs.
    var base: String
    /// Where each exchange is written as a JSON line (`--exchanges`), or `nil`.
    var exchanges: FileHandle?
    /// Secrets to keep out of anything written.
    var secrets: [String]
}

/// One call and its answer as judged: the report, and the answer's body for what comes next
/// (values for later calls, fixtures).
struct DriftOutcome {
    var report: DriftReport
    var body: Data?
    /// The answer's status (0 without one).
    var status: Int
    /// The type the answer was checked against, as the generator's model has it.
    var answerType: TypeReference?
}

/// Calls one operation and judges its answer: its status and content type against the description,
/// its body against the generated types (drift) and against the description (tolerated).
enum DriftCheck {
    static func run(_ target: DriftTarget, call: DriftCall, phase: String, context: DriftContext) async -> DriftOutcome
    {
        var report = DriftReport(
            operation: target.operationId, method: target.method, path: target.info.path, outcome: .failed,
            phase: phase, type: target.info.responseType)
        report.request = DriftReport.Request(
            method: target.method, url: call.display, headers: call.headers.isEmpty ? nil : call.headers,
            credentials: target.info.security.map { requirements in
                Array(Set(requirements.flatMap { $0.schemes.map(\.name) })).sorted()
            },
            body: call.body.map { String(decoding: $0, as: UTF8.self) })
        report.values = call.sources.isEmpty ? nil : call.sources
        if target.info.eventStream {
            return await stream(target, call: call, report: report, context: context)
        }
        var request = AppRequest(
            method: HTTPMethod(rawValue: target.method), path: call.path, query: call.query, headers: call.headers)
        if let body = call.body {
            request.body = AppRequestBody(data: body, contentType: call.contentType ?? "application/json")
        }
        request.security = target.info.security
        let answer: AppResponse<Data> = await context.client.request(request)
        guard answer.status > 0 else {
            report.message = describe(answer.problem)
            return DriftOutcome(report: report, body: nil, status: 0)
        }
        let body = answer.raw ?? answer.data ?? Data()
        let contentType = answer.header("content-type")
        report.status = answer.status
        report.contentType = contentType
        write(call: call, target: target, answer: answer, body: body, context: context)

        var headers: [String: String] = [:]
        for (name, value) in answer.headers { headers[name.lowercased()] = value }
        let described = context.types.describe(
            body, of: target.operationId, status: answer.status, contentType: contentType, headers: headers)
        if let described {
            let problems = described.map { problem in
                DriftReport.Problem(
                    pointer: problem.pointer, expected: problem.expected,
                    got: problem.got ?? DriftDescription.value(at: problem.pointer, in: body))
            }
            report.description = DriftReport.DescriptionFit(
                fits: problems.isEmpty, problems: problems.isEmpty ? nil : problems)
        }
        guard (200..<400).contains(answer.status) else {
            let documented = described.map { problems in
                problems.contains { $0.pointer.isEmpty && $0.expected.hasPrefix("a documented status") }
                    ? "undocumented" : "documented"
            }
            report.message =
                "\(answer.status)\(documented.map { " (\($0))" } ?? ""): " + describe(answer.problem)
            return DriftOutcome(report: report, body: body, status: answer.status)
        }
        let answerType = context.types.answerType(of: target, status: answer.status, contentType: contentType)
        if let answerType, !body.isEmpty || Self.isJSON(contentType) {
            report.type = answerType.spelling
            switch context.types.check(body, of: target.info, as: answerType) {
            case .ok: break
            case .unknownType:
                report.outcome = .failed
                report.message = "the generated types have no '\(answerType.spelling)'"
                return DriftOutcome(report: report, body: body, status: answer.status)
            case .drift(let found):
                let problems = found.map { problem in
                    DriftReport.Problem(
                        pointer: problem.pointer, expected: problem.expected,
                        got: DriftDescription.value(at: problem.pointer, in: body))
                }
                report.outcome = .drift
                report.problems = problems
                (report.pointer, report.expected, report.got) = (
                    problems[0].pointer, problems[0].expected, problems[0].got
                )
                return DriftOutcome(report: report, body: body, status: answer.status, answerType: answerType.model)
            }
        }
        if let problems = report.description?.problems, let first = problems.first {
            report.outcome = .tolerated
            report.problems = problems
            (report.pointer, report.expected, report.got) = (first.pointer, first.expected, first.got)
        } else {
            report.outcome = .ok
        }
        return DriftOutcome(report: report, body: body, status: answer.status, answerType: answerType?.model)
    }

    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// One JSON line of the exchange, for a judge other than drift (`--exchanges`).
    private static func write(
        call: DriftCall, target: DriftTarget, answer: AppResponse<Data>, body: Data, context: DriftContext
    ) {
        guard let file = context.exchanges else { return }
        var headers: [String: String] = [:]
        for (name, value) in answer.headers { headers[name.lowercased()] = value }
        var line: [String: Any] = [
            "operation": target.operationId, "method": target.method,
            "url": context.base.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + call.display,
            "requestHeaders": call.headers, "status": answer.status, "responseHeaders": headers,
        ]
        line["requestBody"] = call.body.map { String(decoding: $0, as: UTF8.self) } ?? NSNull()
        if let text = String(data: body, encoding: .utf8) {
            line["responseBody"] = FixtureScrubber.redact(text, secrets: context.secrets)
            line["responseBodyBase64"] = NSNull()
        } else {
            line["responseBody"] = NSNull()
            line["responseBodyBase64"] = body.base64EncodedString()
        }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        file.write(data + Data("\n".utf8))
    }

    /// Up to three events' data of a stream, checked as answers are.
    private static func stream(_ target: DriftTarget, call: DriftCall, report: DriftReport, context: DriftContext)
        async -> DriftOutcome
    {
        var report = report
        let bodies: [Data]
        switch await events(client: context.client, path: call.path, query: call.query, timeoutMs: context.timeoutMs) {
        case .success(let data): bodies = data
        case .failure(let problem):
            report.message = describe(problem)
            return DriftOutcome(report: report, body: nil, status: problem.status)
        }
        report.status = 200
        report.contentType = "text/event-stream"
        guard let type = context.types.answerType(of: target, status: 200, contentType: "text/event-stream") else {
            report.outcome = .ok
            return DriftOutcome(report: report, body: nil, status: 200)
        }
        var problems: [DriftReport.Problem] = []
        for (index, body) in bodies.enumerated() {
            switch context.types.check(body, of: target.info, as: type) {
            case .ok: continue
            case .unknownType:
                report.message = "the generated types have no '\(type.spelling)'"
                return DriftOutcome(report: report, body: nil, status: 200)
            case .drift(let found):
                problems += found.map { problem in
                    DriftReport.Problem(
                        pointer: "/events/\(index)" + problem.pointer, expected: problem.expected,
                        got: DriftDescription.value(at: problem.pointer, in: body))
                }
            }
        }
        guard let first = problems.first else {
            report.outcome = .ok
            return DriftOutcome(report: report, body: nil, status: 200)
        }
        report.outcome = .drift
        report.problems = problems
        (report.pointer, report.expected, report.got) = (first.pointer, first.expected, first.got)
        return DriftOutcome(report: report, body: nil, status: 200)
    }

    /// Up to three events' data, or the problem that ended the stream (a stream that sends nothing
    /// within the timeout is a problem too).
    private static func events(client: RonClient, path: String, query: [URLQueryItem], timeoutMs: Int) async
        -> Result<[Data], RonProblem>
    {
        var options = RonSubscriptionOptions()
        options.maxReconnects = 0
        let parameters = query
        let subscription = options
        return await withTaskGroup(of: Result<[Data], RonProblem>?.self) { group in
            group.addTask {
                var collected: [Data] = []
                do {
                    let stream = try await client.serverSentEvents(
                        path: path, queryItems: parameters, options: subscription)
                    for try await event in stream {
                        collected.append(Data(event.data.utf8))
                        if collected.count == 3 { break }
                    }
                } catch let problem as RonProblem {
                    return .failure(problem)
                } catch {
                    return .failure(RonProblem(code: "stream_failed", message: "\(error)", retryable: false))
                }
                if collected.isEmpty {
                    return .failure(
                        RonProblem(code: "no_events", message: "the stream ended without an event", retryable: false))
                }
                return .success(collected)
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(timeoutMs))
                if Task.isCancelled { return nil }
                return .failure(
                    RonProblem(
                        code: "timeout", message: "no event within \(timeoutMs) ms", kind: "transport", retryable: true)
                )
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(RonProblem(code: "timeout", message: "no answer", retryable: true))
        }
    }

    static func describe(_ problem: RonProblem?) -> String {
        guard let problem else { return "no answer" }
        let status = problem.status > 0 ? "\(problem.status) " : ""
        return "\(status)\(problem.code): \(problem.message)"
    }
}
