import ArgumentParser
import Foundation
import RonAppSdkSwift

/// `ron drift`: calls each safe operation of the schema on a live node and checks each answer
/// against the generated types.
struct DriftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Check that a live node still answers what the schema says.",
        discussion: """
            Calls every GET operation of Schema/app-plane.openapi.json whose parameters have an example or \
            are optional, and decodes each answer with the generated type. Per operation: ok, drift (the \
            type, the JSON pointer, what the schema says and what came), problem, or skipped (an answer \
            with no schema, a required parameter without an example, not a GET).
            With --schema DIR, the operations and types are read from the OpenAPI 3.1 and type documents \
            below DIR (a user's own Schema/) and each answer is checked at JSON level against the model \
            the code generator builds from them, instead of the schema built into ron. Either way an answer \
            drifts when the generated type refuses it or a round trip through it would lose a member; with \
            --strict, also when it has a member the schema does not declare (which the type would keep).
            A drifted answer gets one line per problem (every value the type refuses, every member a round trip \
            loses), each naming the type, the JSON pointer, what the schema says there and what came; a value \
            the compiled types refuse is reported where their decoder stopped. --format json gives one entry \
            per operation, its problems in a 'problems' array (pointer, expected, got) and the first one also \
            in 'pointer', 'expected' and 'got'.
            Exit status, for CI: 1 when any operation drifted, 2 when none drifted but a call failed or a \
            stream sent nothing, 0 otherwise (skipped operations do not count); 64 for a usage error.
            """)

    /// How the report is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "The node's base URL (default: RON_SDK_GATEWAY_ADDR).")
    var base: String?

    @Option(help: "A capability token, sent as the Authorization bearer credential (never printed).")
    var token: String?

    @Option(name: .customLong("operation"), help: "Check only this operation id (repeatable).")
    var operations: [String] = []

    @Option(
        help: ArgumentHelp(
            "A schema folder (OpenAPI 3.1 documents and the type documents they refer to) to check against "
                + "instead of the schema built into ron.", valueName: "dir"))
    var schema: String?

    @Flag(help: "Report members the schema does not declare, even those the generated types keep.")
    var strict = false

    @Option(help: "text or json.")
    var format: Format = .text

    @Option(help: "The timeout of each call in milliseconds.")
    var timeoutMs: Int = 10_000

    @Flag(help: "Allow an http:// base URL that is not on this machine.")
    var allowInsecureHttp = false

    func run() async throws {
        let types = try DriftTypes.load(schema: schema, strict: strict)
        let known = Set(types.operations.map(\.operationId))
        for id in operations where !known.contains(id) {
            throw ValidationError("no operation '\(id)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        let client = try CLIClient.make(
            base: base, allowInsecureHttp: allowInsecureHttp, timeoutMs: timeoutMs, token: token)
        defer { client.close() }
        var reports: [DriftReport] = []
        for operation in types.operations
        where operations.isEmpty || operations.contains(operation.operationId) {
            reports.append(await DriftCheck.check(operation, types: types, client: client, timeoutMs: timeoutMs))
        }
        switch format {
        case .text:
            for report in reports {
                for line in report.lines { print(line) }
            }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        }
        if reports.contains(where: { $0.outcome == .drift }) { throw ExitCode(1) }
        if reports.contains(where: { $0.outcome == .problem }) { throw ExitCode(2) }
    }
}

/// What `ron drift` found for one operation.
struct DriftReport: Codable, Equatable {
    enum Outcome: String, Codable {
        case ok, drift, problem, skipped
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
        case .problem, .skipped: return [head + ": \(message ?? "")"]
        }
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
                report.outcome = .problem
                report.message = describe(problem)
                return report
            }
        } else {
            let answer: AppResponse<Data> = await client.request(
                AppRequest(method: HTTPMethod(rawValue: operation.method), path: path, query: query, headers: headers))
            if let problem = answer.problem {
                report.outcome = .problem
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

/// An operation's call with the schema's example values, or why there is none.
struct ExampleCall {
    struct Refusal: Error {
        var message: String
    }

    var path: String
    var query: [URLQueryItem] = []
    var headers: [String: String] = [:]

    static func make(for operation: RonOperationInfo) -> Result<ExampleCall, Refusal> {
        if let missing = operation.requiredParameters.first(where: { operation.examples[$0] == nil }) {
            return .failure(Refusal(message: "required parameter '\(missing)' has no example in the schema"))
        }
        // Below the document's server path when it is not the App Plane's `/app`.
        var call = ExampleCall(
            path: operation.serverPath == "/app"
                ? operation.path : RonPath.server(operation.serverPath) + operation.path)
        for (name, location) in operation.parameters.sorted(by: { $0.key < $1.key }) {
            guard let example = operation.examples[name] else { continue }
            switch location {
            case "path": call.path = call.path.replacingOccurrences(of: "{\(name)}", with: example)
            case "query": call.query.append(URLQueryItem(name: name, value: example))
            default: call.headers[name] = example
            }
        }
        return .success(call)
    }
}

/// What a drift report shows of an answer: where a decoding failure is and what the schema
/// expected there, and the value that came.
enum DriftDescription {
    static func location(of error: any Error) -> (pointer: String, expected: String) {
        guard let error = error as? DecodingError else { return ("", "\(error)") }
        switch error {
        case .typeMismatch(let type, let context):
            return (pointer(context.codingPath), words(type))
        case .valueNotFound(let type, let context):
            return (pointer(context.codingPath), words(type) + ", not null")
        case .keyNotFound(let key, let context):
            return (pointer(context.codingPath + [key]), "the required member '\(key.stringValue)'")
        case .dataCorrupted(let context):
            return (pointer(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }

    /// What a decoder expected, in words (`a Bool`, `an Int32`, `an object`, `an array`).
    static func words(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Dictionary<") || name.contains("KeyedDecodingContainer") { return "an object" }
        if name.hasPrefix("Array<") || name.contains("UnkeyedDecodingContainer") { return "an array" }
        return ("AEIOaeio".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    static func pointer(_ path: [any CodingKey]) -> String {
        path.map { key in
            "/"
                + (key.intValue.map(String.init) ?? key.stringValue)
                .replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }.joined()
    }

    /// A short rendering of the value at `pointer` in `body` (`nothing` when there is none).
    static func value(at pointer: String, in body: Data) -> String {
        guard var value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            return "not JSON: " + String(decoding: body.prefix(60), as: UTF8.self)
        }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = value as? [String: Any], let next = object[key] {
                value = next
            } else if let array = value as? [Any], let index = Int(key), array.indices.contains(index) {
                value = array[index]
            } else {
                return "nothing"
            }
        }
        if value is NSNull { return "null" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        else { return "\(value)" }
        let text = String(decoding: data, as: UTF8.self)
        return text.count > 80 ? text.prefix(77) + "..." : text
    }
}
