import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonCommandLine
import RonDrift

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
        discussion: DriftRun.recordDiscussion)

    @Option(help: "The node's base URL (default: RON_SDK_GATEWAY_ADDR).")
    var base: String?

    @Option(
        parsing: .unconditional,
        help: "A capability token, sent as the Authorization bearer credential (never written; may start with '-')."
    )
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

    @OptionGroup var call: LiveCallOptions

    func run() async throws {
        var options = DriftOptions()
        (options.base, options.token, options.operations, options.schema) = (base, token, operations, schema)
        options.strict = strict
        try await call.run(options) { try await DriftRun.record($0, output: output) }
    }
}
