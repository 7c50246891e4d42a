import ArgumentParser
import Foundation
import RonAppSdkSwift

/// `ron fixtures`: wire examples for the drift tests.
struct FixturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Record a live node's answers as wire examples (Fixtures/<Type>/).",
        subcommands: [FixturesRecordCommand.self])
}

/// `ron fixtures record --base URL --output DIR`: each safe operation's answer, saved under its type.
struct FixturesRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Save the answer of each safe operation of the schema as Fixtures/<Type>/recorded_<operation>.json.",
        discussion: """
            Calls the operations `ron drift` calls (GET, parameters from the schema's examples) and writes each \
            JSON answer as it came, under the folder of its schema type, so the offline drift tests cover it. \
            Only bodies are written: no header, and the token (and any "authorization" member) is replaced by \
            "redacted". Each answer is checked as `ron drift` checks it (the same comparison as \
            RonFixtures.verify: it decodes, and a round trip loses nothing); one that fails is still written, \
            and named on standard error with its JSON pointer. With --schema DIR, the operations and types \
            come from a schema folder of your own (as for `ron drift --schema`).
            """)

    @Option(help: "The node's base URL (default: RON_SDK_GATEWAY_ADDR).")
    var base: String?

    @Option(help: "A capability token, sent as the Authorization bearer credential (never written).")
    var token: String?

    @Option(help: "The fixtures folder to write into.")
    var output: String = "Fixtures"

    @Option(name: .customLong("operation"), help: "Record only this operation id (repeatable).")
    var operations: [String] = []

    @Option(
        help: ArgumentHelp(
            "A schema folder (OpenAPI 3.1 documents and the type documents they refer to) to record the "
                + "operations of, instead of the schema built into ron.", valueName: "dir"))
    var schema: String?

    @Flag(help: "Also name answers with members the schema does not declare.")
    var strict = false

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
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        var failed = false
        for operation in types.operations
        where operations.isEmpty || operations.contains(operation.operationId) {
            guard operation.isSafe, !operation.eventStream, let type = operation.responseType else { continue }
            guard case .success(let call) = ExampleCall.make(for: operation) else { continue }
            let answer: AppResponse<Data> = await client.request(
                AppRequest(method: .get, path: call.path, query: call.query, headers: call.headers))
            guard let body = answer.data, answer.ok else {
                CLIOutput.error(
                    "\(operation.operationId): \(answer.problem.map { "\($0.code): \($0.message)" } ?? "no answer")")
                failed = true
                continue
            }
            let cleaned = FixtureScrubber.scrub(body, token: token)
            let file = folder.appending(path: type).appending(path: "recorded_\(operation.operationId).json")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try cleaned.write(to: file, options: .atomic)
            switch types.check(cleaned, of: operation, as: type) {
            case .ok: break
            case .unknownType:
                CLIOutput.error("\(operation.operationId): the schema has no type '\(type)' (written anyway)")
                failed = true
            case .drift(let problems):
                for problem in problems {
                    CLIOutput.error(
                        "\(operation.operationId): \(type) at \(problem.pointer.isEmpty ? "/" : problem.pointer): "
                            + "expected \(problem.expected), got \(DriftDescription.value(at: problem.pointer, in: cleaned)) "
                            + "(written anyway)")
                }
                failed = true
            }
            print("wrote \(type)/\(file.lastPathComponent)")
        }
        if failed { throw ExitCode(1) }
    }
}

/// Keeps credentials out of recorded bodies.
enum FixtureScrubber {
    /// `body` with every string member named `authorization` (any case) and every occurrence of
    /// `token` replaced by `redacted` (then written back pretty-printed with sorted keys); a body
    /// with neither is kept byte for byte.
    static func scrub(_ body: Data, token: String?) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        let token = token.flatMap { $0.isEmpty ? nil : $0 }
        // Bytes as they came unless something must go.
        guard text.lowercased().contains("authorization") || token.map({ text.contains($0) }) == true else {
            return body
        }
        guard let value = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed) else {
            return body
        }
        let cleaned = scrub(value, token: token)
        guard
            var data = try? JSONSerialization.data(
                withJSONObject: cleaned,
                options: [.fragmentsAllowed, .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return body }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private static func scrub(_ value: Any, token: String?) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object {
                result[key] =
                    key.lowercased() == "authorization" && member is String ? "redacted" : scrub(member, token: token)
            }
            return result
        case let array as [Any]:
            return array.map { scrub($0, token: token) }
        case let text as String:
            guard let token else { return text }
            return text.replacingOccurrences(of: token, with: "redacted")
        default:
            return value
        }
    }
}
