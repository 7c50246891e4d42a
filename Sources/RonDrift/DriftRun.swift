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
    /// Parameter values given by the user (`--value`); the values file is read beside them.
    package var values = DriftValues()
    /// The values file (`nil`: `drift-values.json` beside the schema folder, when there is one).
    package var valuesFile: String?
    /// Also call operations that change the server (searches that are POSTs, then create, read,
    /// update, delete), against a server that may be changed.
    package var unsafe = false
    /// Where each exchange is written as one JSON line, for another judge.
    package var exchanges: String?

    /// Options with every default.
    package init() {}
}

/// The runs of `drift` and `fixtures record`; usage errors are thrown as ``UsageError``, every
/// other outcome is the returned exit status.
package enum DriftRun {
    /// What `fixtures record` does, for `--help`.
    package static let recordDiscussion = """
        Calls the operations `ron drift` calls (with the same values: the values file, examples, earlier \
        answers) and writes each JSON answer drift judges ok or tolerated where the fixture tests read it: \
        a named type's answer under Fixtures/<Type>/, a list's items under their type's folder (an empty \
        list under <Type>.list/), other shapes under the folder of their Swift wire type (Bool/, String/, \
        JSONValue/, <Type>.map/). Only bodies are written: no header, and the token and every credential \
        (and any "authorization" member) are replaced by "redacted". What it cannot write is named on \
        standard error. Exit status: 1 when an answer drifted or a call failed, 3 when an answer was \
        left unwritten, 0 otherwise.
        """

    /// What `drift` does, for `--help`.
    package static let driftDiscussion = """
        Calls every GET operation of the schema on a live server and judges each answer: its status and \
        content type against the description, its body against the generated types and the description. \
        Parameter values come from, in order: the values file (drift-values.json beside the schema \
        folder, or --values FILE: {"parameters": {NAME: VALUE}, "operations": {ID: {NAME: VALUE}}}) and \
        --value NAME=VALUE or --value OPERATION.NAME=VALUE; the description's examples and defaults; \
        earlier answers (lists are called first, and their items' ids feed the item routes: /flows/{id} \
        takes an id listed by /flows, a parameter flow_id any member flow_id); and values made up from \
        the schema where any value of the type will do (never an identifier in the path).
        Per operation: ok (the answer fits), drift (the generated types refuse it, or a round trip loses \
        part of it: the type, the JSON pointer, what the schema says and what came), tolerated (the types \
        read it, but the description says otherwise: a null where the member is not nullable, an \
        undocumented status or content type, a value out of its enum, range or pattern), failed (no \
        answer, or an error status), or skipped (why, and for a missing value where one could come from). \
        The summary counts GET operations apart from the others: 'drift: 51 GET operations: 47 called (45 \
        fit, 1 drifted, 1 tolerated), 4 skipped (no value for {deployment_id}: 4)'.
        --unsafe also calls the operations that change the server, against a server you can throw away: \
        searches that are POSTs first, then creates (bodies made from the schema), reads, updates and \
        deletes of what drift created, and the rest; it deletes only what it created. Never without it. \
        An operation on no item whose path or id says delete, bulk, clear, reset, shutdown... is left out \
        unless named with --operation.
        With --schema DIR the operations, types and description come from a schema folder of your own \
        (a user's Schema/); without it, from the schema built into ron (no description: status and types \
        only). --strict: a tolerated answer fails the run too, and a member the schema does not declare \
        is drift. --format json gives one entry per operation (request with credentials left out, values \
        and where they came from, status, content type, outcome, problems, the description's verdict); \
        standard output then holds that JSON document alone, and the summary goes to standard error. \
        --exchanges FILE writes every request and answer as JSON lines for another validator.
        Exit status, for CI: 1 when any operation drifted (with --strict, or was tolerated), 2 when none \
        did but a call failed or a stream sent nothing, 0 otherwise; 64 for a usage error.
        """

    /// Calls the operations and checks their answers; prints the report and its summary.
    package static func drift(_ options: DriftOptions) async throws -> Int32 {
        let outcomes = try await run(options)
        let reports = outcomes.map(\.report)
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
        return DriftReport.status(reports, strict: options.strict)
    }

    /// Writes each answer drift judges ok or tolerated into `output` where the fixture tests read
    /// it. Returns 1 when an answer drifted or a call failed, 3 when an answer was left unwritten,
    /// 0 otherwise.
    package static func record(_ options: DriftOptions, output: String) async throws -> Int32 {
        let outcomes = try await run(options)
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        var status: Int32 = 0
        func complain(_ message: String, _ code: Int32) {
            FileHandle.standardError.write(Data("\(options.program): \(message)\n".utf8))
            status = max(status, code)
        }
        let secrets = [options.token].compactMap { $0 } + options.credentials.secrets()
        for outcome in outcomes {
            let report = outcome.report
            switch report.outcome {
            case .skipped: continue
            case .failed:
                complain("\(report.operation): \(report.message ?? "failed"); not written", 1)
                continue
            case .drift:
                complain(
                    "\(report.operation): the answer drifted (\(report.pointer ?? "/"): expected "
                        + "\(report.expected ?? "?"), got \(report.got ?? "?")); not written", 1)
                continue
            case .ok, .tolerated: break
            }
            guard let body = outcome.body, !body.isEmpty,
                DriftCheck.isJSON(report.contentType) || outcome.answerType != nil
            else { continue }
            // A `null` answer (of an operation that may answer one) holds nothing to check.
            if String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "null" {
                FileHandle.standardError.write(
                    Data("\(options.program): \(report.operation): a null answer; nothing to write\n".utf8))
                continue
            }
            let name: String
            if let type = outcome.answerType {
                guard let folderName = FixtureFolderName.name(for: type) else {
                    complain(
                        "\(report.operation): an answer of type \(report.type ?? "?") has no fixtures folder; not written",
                        3)
                    continue
                }
                name = folderName
            } else if let spelled = report.type {
                name = spelled
            } else {
                name = "JSONValue"
            }
            let cleaned = FixtureScrubber.scrub(body, secrets: secrets)
            switch RecordedExample.split(cleaned, folder: name, operationId: report.operation) {
            case .failure(let note):
                complain("\(report.operation): \(note.message)", 3)
            case .success(let examples):
                for example in examples {
                    let file = folder.appending(path: example.type).appending(path: example.name + ".json")
                    try FileManager.default.createDirectory(
                        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try example.data.write(to: file, options: .atomic)
                    print("wrote \(folder.lastPathComponent)/\(example.type)/\(file.lastPathComponent)")
                }
            }
        }
        fflush(nil)
        return status
    }

    /// Every operation's call and judgement, in the order they were made, then the skipped ones.
    static func run(_ options: DriftOptions) async throws -> [DriftOutcome] {
        let types = try DriftTypes.load(schema: options.schema, strict: options.strict)
        let targets = types.targets
        let known = Set(targets.map(\.operationId))
        for id in options.operations where !known.contains(id) {
            throw UsageError("no operation '\(id)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        var values = DriftValues()
        var valuesPath: String?
        if let file = options.valuesFile {
            values = try DriftValues.read(URL(fileURLWithPath: file))
            valuesPath = file
        } else if let schema = options.schema {
            let beside = URL(fileURLWithPath: schema, isDirectory: true).deletingLastPathComponent()
                .appending(path: DriftValues.fileName)
            if FileManager.default.fileExists(atPath: beside.path) {
                values = try DriftValues.read(beside)
                valuesPath = beside.path
            }
        }
        for id in values.operations.keys.sorted() where !known.contains(id) {
            throw UsageError(
                "\(valuesPath ?? DriftValues.fileName)#/operations/\(id): the schema has no operation '\(id)'")
        }
        for id in options.values.operations.keys.sorted() where !known.contains(id) {
            throw UsageError("--value \(id).…: the schema has no operation '\(id)'")
        }
        values.merge(options.values)
        let base =
            options.base
            ?? ProcessInfo.processInfo.environment["RON_SDK_GATEWAY_ADDR"]
        let credentials = try options.credentials.credentials(
            for: types.securitySchemes, base: base.flatMap(URL.init(string:)))
        let client = try ToolClient.make(
            base: options.base, allowInsecureHttp: options.allowInsecureHttp, timeoutMs: options.timeoutMs,
            token: options.token, credentials: credentials)
        defer { client.close() }
        var exchanges: FileHandle?
        if let path = options.exchanges {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw UsageError("cannot write the exchanges file \(path)") }
            exchanges = handle
        }
        defer { try? exchanges?.close() }
        let context = DriftContext(
            client: client, types: types, timeoutMs: options.timeoutMs, base: base ?? "",
            exchanges: exchanges, secrets: [options.token].compactMap { $0 } + options.credentials.secrets())
        var planner = DriftPlanner(
            targets: targets.filter { options.operations.isEmpty || options.operations.contains($0.operationId) },
            resolver: ParameterResolver(values: values, documents: types.documents), unsafe: options.unsafe,
            named: Set(options.operations))
        return await planner.run(context: context)
    }
}
