import Foundation
import RonAppSdkSwift

/// What `ron drift` found for one operation.
struct DriftReport: Codable, Equatable {
    /// What came of one operation: its answer fits, its answer drifted, the call failed (no
    /// answer, or a status that is not the documented answer), or there was nothing to call it
    /// with (skipped, with the reason).
    enum Outcome: String, Codable {
        case ok, drift, failed, skipped
    }

    /// One place where the answer is not what the schema says.
    struct Problem: Codable, Equatable {
        /// Where in the answer (RFC 6901; `/events/N...` for the Nth event of a stream).
        var pointer: String
        /// What the schema says there.
        var expected: String
        /// What came (`nothing` when there is no value there).
        var got: String
    }

    var operation: String
    var method: String
    var path: String
    var outcome: Outcome
    /// The schema type the answer was checked against.
    var type: String?
    /// Where in the answer the first drift is (RFC 6901); ``problems`` has every one.
    var pointer: String?
    /// What the schema says at the first drift.
    var expected: String?
    /// What came at the first drift.
    var got: String?
    /// Every drift of the answer, in the order found (`nil` unless the outcome is drift).
    var problems: [Problem]?
    /// The problem, or why the operation was skipped.
    var message: String?

    /// The lines of the text report: one, or for drift one per problem.
    var lines: [String] {
        let head =
            "\(outcome.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(operation) (\(method) \(path))"
        switch outcome {
        case .ok: return [head + ": \(type ?? "")"]
        case .drift:
            return (problems ?? []).map { problem in
                head + ": \(type ?? "") at \(problem.pointer.isEmpty ? "/" : problem.pointer): "
                    + "expected \(problem.expected), got \(problem.got)"
            }
        case .failed, .skipped: return [head + ": \(message ?? "")"]
        }
    }

    /// The last line of a run: `drift: 12 operations: 9 fit, 1 drifted, 1 failed, 1 skipped`.
    static func summary(_ reports: [DriftReport]) -> String {
        func count(_ outcome: Outcome) -> Int { reports.filter { $0.outcome == outcome }.count }
        let total = "\(reports.count) operation\(reports.count == 1 ? "" : "s")"
        return "drift: \(total): \(count(.ok)) fit, \(count(.drift)) drifted, \(count(.failed)) failed, "
            + "\(count(.skipped)) skipped"
    }

    /// The run's exit status: 1 when any answer drifted, 2 when none drifted but a call failed,
    /// 0 when every answer fits or its operation was skipped.
    static func status(_ reports: [DriftReport]) -> Int32 {
        if reports.contains(where: { $0.outcome == .drift }) { return 1 }
        if reports.contains(where: { $0.outcome == .failed }) { return 2 }
        return 0
    }
}

/// Calls one operation and compares its answer with the generated type.
enum DriftCheck {
    static func check(_ operation: RonOperationInfo, types: DriftTypes, client: RonClient, timeoutMs: Int) async
        -> DriftReport
    {
        var report = DriftReport(
            operation: operation.operationId, method: operation.method, path: operation.path, outcome: .skipped,
            type: operation.responseType)
        guard operation.isSafe else {
            report.message = "not a GET: only safe operations are called"
            return report
        }
        guard let type = operation.responseType else {
            report.message = "the answer has no schema to check"
            return report
        }
        let call: ExampleCall
        switch ExampleCall.make(for: operation) {
        case .success(let made): call = made
        case .failure(let reason):
            report.message = reason.message
            return report
        }
        let (path, query, headers) = (call.path, call.query, call.headers)
        let bodies: [Data]
        if operation.eventStream {
            switch await events(client: client, path: path, query: query, timeoutMs: timeoutMs) {
            case .success(let data): bodies = data
            case .failure(let problem):
                report.outcome = .failed
                report.message = describe(problem)
                return report
            }
        } else {
            var request = AppRequest(
                method: HTTPMethod(rawValue: operation.method), path: path, query: query, headers: headers)
            request.security = operation.security
            let answer: AppResponse<Data> = await client.request(request)
            if let problem = answer.problem {
                report.outcome = .failed
                report.message = describe(problem)
                return report
            }
            bodies = [answer.data ?? Data()]
        }
        var problems: [DriftReport.Problem] = []
        for (index, body) in bodies.enumerated() {
            switch types.check(body, of: operation, as: type) {
            case .ok: continue
            case .unknownType:
                report.message = "the generated types have no '\(type)'"
                return report
            case .drift(let found):
                let prefix = operation.eventStream ? "/events/\(index)" : ""
                problems += found.map { problem in
                    DriftReport.Problem(
                        pointer: prefix + problem.pointer, expected: problem.expected,
                        got: DriftDescription.value(at: problem.pointer, in: body))
                }
            }
        }
        guard let first = problems.first else {
            report.outcome = .ok
            return report
        }
        report.outcome = .drift
        report.problems = problems
        (report.pointer, report.expected, report.got) = (first.pointer, first.expected, first.got)
        return report
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

    private static func describe(_ problem: RonProblem) -> String {
        let status = problem.status > 0 ? "\(problem.status) " : ""
        return "\(status)\(problem.code): \(problem.message)"
    }
}
