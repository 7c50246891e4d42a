import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonCommandLine

/// What `drift` and `fixtures record` are asked to do, from either command line (`ron`'s or
/// `ron-drift`'s, which the command plugin runs in a user's package).
package struct DriftOptions: Sendable {
    /// The node's base URL (`nil`: `RON_SDK_GATEWAY_ADDR`).
    package var base: String?
    /// A capability token, sent as the bearer credential, never printed or written.
    package var token: String?
    /// The credentials of the schema's security schemes, by scheme name (never printed or written).
    package var credentials = ToolCredentials()
    /// Only these operation ids (empty: all).
    package var operations: [String] = []
    /// A schema folder read at run time (`nil`: the schema compiled into the tool).
    package var schema: String?
    /// Also report members the schema does not declare.
    package var strict = false
    /// The report as JSON instead of text (drift only).
    package var json = false
    /// The timeout of each call in milliseconds.
    package var timeoutMs = 10_000
    /// Allow an http:// base that is not on this machine.
    package var allowInsecureHttp = false
    /// The name messages on standard error start with.
    package var program = "ron"

    /// Options with every default.
    package init() {}
}

/// The runs of `drift` and `fixtures record`; usage errors are thrown as ``UsageError``, every
/// other outcome is the returned exit status.
package enum DriftRun {
    /// What `fixtures record` does, for `--help`.
    package static let recordDiscussion = """
        Calls the operations `ron drift` calls (GET, parameters from the schema's examples) and writes each \
        JSON answer as it came, under the folder of its schema type, so the offline drift tests cover it. \
        Only bodies are written: no header, and the token (and any "authorization" member) is replaced by \
        "redacted". Each answer is checked as `ron drift` checks it (the same comparison as \
        RonFixtures.verify: it decodes, and a round trip loses nothing); one that fails is still written, \
        and named on standard error with its JSON pointer. With --schema DIR, the operations and types \
        come from a schema folder of your own (as for `ron drift --schema`).
        """

    /// What `drift` does, for `--help`.
    package static let driftDiscussion = """
        Calls every GET operation of Schema/app-plane.openapi.json whose parameters have an example or \
        are optional, and decodes each answer with the generated type. Per operation: ok (the answer \
        fits), drift (the answer drifted: the type, the JSON pointer, what the schema says and what \
        came), failed (the call failed: no answer, or a status that is not the documented answer, such \
        as a mock's 501 no_example), or skipped (nothing to call it with, and why: an answer with no \
        schema, a required parameter without an example, not a GET). The last line sums them up: \
        'drift: 12 operations: 9 fit, 1 drifted, 1 failed, 1 skipped'.
        With --schema DIR, the operations and types are read from the OpenAPI 3.1 and type documents \
        below DIR (a user's own Schema/) and each answer is checked at JSON level against the model \
        the code generator builds from them, instead of the schema built into ron. Either way an answer \
        drifts when the generated type refuses it or a round trip through it would lose a member; with \
        --strict, also when it has a member the schema does not declare (which the type would keep).
        A drifted answer gets one line per problem (every value the type refuses, every member a round trip \
        loses), each naming the type, the JSON pointer, what the schema says there and what came; a value \
        the compiled types refuse is reported where their decoder stopped. --format json gives one entry \
        per operation, its problems in a 'problems' array (pointer, expected, got) and the first one also \
        in 'pointer', 'expected' and 'got'; standard output then holds that JSON document alone, and \
        the summary line goes to standard error.
        Exit status, for CI: 1 when any operation drifted, 2 when none drifted but a call failed or a \
        stream sent nothing, 0 when every answer fits or its operation was skipped; 64 for a usage \
        error.
        """

    /// Calls every safe operation and checks its answer; prints the report and its summary line.
    /// Returns 1 when any operation drifted, 2 when none drifted but a call failed, 0 otherwise.
    package static func drift(_ options: DriftOptions) async throws -> Int32 {
        let (types, client) = try prepare(options)
        defer { client.close() }
        var reports: [DriftReport] = []
        for operation in types.operations
        where options.operations.isEmpty || options.operations.contains(operation.operationId) {
            reports.append(
                await DriftCheck.check(operation, types: types, client: client, timeoutMs: options.timeoutMs))
        }
        let summary = DriftReport.summary(reports)
        if options.json {
            // Standard output holds the JSON document alone; the summary goes to standard error.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
            fflush(nil)
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        } else {
            for report in reports {
                for line in report.lines { print(line) }
            }
            print(summary)
        }
        // Every line ends and is written before the process does (a plugin that runs this tool
        // exits right after it, and SwiftPM then adds a line of its own).
        fflush(nil)
        return DriftReport.status(reports)
    }

    /// Writes each safe operation's answer as `<output>/<Type>/recorded_<operation>.json`, checked
    /// as drift checks it. Returns 1 when a call failed or an answer does not fit, 0 otherwise.
    package static func record(_ options: DriftOptions, output: String) async throws -> Int32 {
        let (types, client) = try prepare(options)
        defer { client.close() }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        var failed = false
        func complain(_ message: String) {
            FileHandle.standardError.write(Data("\(options.program): \(message)\n".utf8))
            failed = true
        }
        for operation in types.operations
        where options.operations.isEmpty || options.operations.contains(operation.operationId) {
            guard operation.isSafe, !operation.eventStream, let type = operation.responseType else { continue }
            guard case .success(let call) = ExampleCall.make(for: operation) else { continue }
            var request = AppRequest(method: .get, path: call.path, query: call.query, headers: call.headers)
            request.security = operation.security
            let answer: AppResponse<Data> = await client.request(request)
            guard let body = answer.data, answer.ok else {
                complain(
                    "\(operation.operationId): \(answer.problem.map { "\($0.code): \($0.message)" } ?? "no answer")")
                continue
            }
            let cleaned = FixtureScrubber.scrub(
                body, secrets: [options.token].compactMap { $0 } + options.credentials.secrets())
            let examples: [RecordedExample]
            switch RecordedExample.split(cleaned, type: type, operationId: operation.operationId) {
            case .success(let found): examples = found
            case .failure(let note):
                FileHandle.standardError.write(
                    Data("\(options.program): \(operation.operationId): \(note.message)\n".utf8))
                continue
            }
            for example in examples {
                let file = folder.appending(path: example.type).appending(path: example.name + ".json")
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try example.data.write(to: file, options: .atomic)
                let verdict = types.check(example.data, of: operation, as: example.type, element: example.element)
                switch verdict {
                case .ok: break
                case .unknownType:
                    complain("\(operation.operationId): the schema has no type '\(example.type)' (written anyway)")
                case .drift(let problems):
                    for problem in problems {
                        let got = DriftDescription.value(at: problem.pointer, in: example.data)
                        complain(
                            "\(operation.operationId): \(example.type) at \(problem.pointer.isEmpty ? "/" : problem.pointer): "
                                + "expected \(problem.expected), got \(got) (written anyway)")
                    }
                }
                print("wrote \(folder.lastPathComponent)/\(example.type)/\(file.lastPathComponent)")
            }
        }
        return failed ? 1 : 0
    }

    private static func prepare(_ options: DriftOptions) throws -> (DriftTypes, RonClient) {
        let types = try DriftTypes.load(schema: options.schema, strict: options.strict)
        let known = Set(types.operations.map(\.operationId))
        for id in options.operations where !known.contains(id) {
            throw UsageError("no operation '\(id)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        let base =
            options.base.flatMap(URL.init(string:))
            ?? ProcessInfo.processInfo.environment["RON_SDK_GATEWAY_ADDR"].flatMap(URL.init(string:))
        let credentials = try options.credentials.credentials(for: types.securitySchemes, base: base)
        let client = try ToolClient.make(
            base: options.base, allowInsecureHttp: options.allowInsecureHttp, timeoutMs: options.timeoutMs,
            token: options.token, credentials: credentials)
        return (types, client)
    }
}

/// One fixture to write from an answer: fixtures are per named type, so a list's items are written
/// one by one into their type's folder (at most three), and an answer of another shape is not written.
struct RecordedExample {
    /// Why nothing is written.
    struct Note: Error {
        var message: String
    }

    var type: String
    var name: String
    var data: Data
    /// Whether it is an item of the answer, not the whole answer.
    var element: Bool

    static func split(_ body: Data, type: String, operationId: String) -> Result<[RecordedExample], Note> {
        let plain = { (name: Substring) in !name.isEmpty && !name.contains(where: { "<>[]:, ".contains($0) }) }
        let name = "recorded_\(operationId)"
        if plain(Substring(type)) {
            return .success([RecordedExample(type: type, name: name, data: body, element: false)])
        }
        let item = type.dropFirst().dropLast()
        guard type.hasPrefix("["), type.hasSuffix("]"), plain(item) else {
            return .failure(
                Note(message: "an answer of type \(type) has no fixtures folder (one per named type); not written"))
        }
        guard case .array(let items)? = try? SchemaDocumentReader.parse(body, path: "answer.json") else {
            return .failure(Note(message: "the answer is not a JSON array of \(item); not written"))
        }
        guard !items.isEmpty else {
            return .failure(Note(message: "the answer is an empty list: no \(item) to write"))
        }
        return .success(
            items.prefix(3).enumerated().map { index, value in
                RecordedExample(
                    type: String(item), name: "\(name)-\(index + 1)", data: Data((value.jsonText + "\n").utf8),
                    element: true)
            })
    }
}
