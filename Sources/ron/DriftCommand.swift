import ArgumentParser
import Foundation
import RonAppSdkSwift
import RonCommandLine
import RonDrift

/// `ron drift`: calls each safe operation of the schema on a live node and checks each answer
/// against the generated types.
struct DriftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Check that a live node still answers what the schema says.",
        discussion: DriftRun.driftDiscussion)

    /// How the report is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "The node's base URL (default: RON_SDK_GATEWAY_ADDR).")
    var base: String?

    @Option(
        parsing: .unconditional,
        help: "A capability token, sent as the Authorization bearer credential (never printed; may start with '-')."
    )
    var token: String?

    @Option(name: .customLong("operation"), help: "Check only this operation id (repeatable).")
    var operations: [String] = []

    @Option(
        help: ArgumentHelp(
            "A schema folder (OpenAPI 3.1 documents and the type documents they refer to) to check against "
                + "instead of the schema built into ron.", valueName: "dir"))
    var schema: String?

    @Flag(help: "A tolerated answer fails the run, and a member the schema does not declare is drift.")
    var strict = false

    @Option(help: "text or json.")
    var format: Format = .text

    @OptionGroup var call: LiveCallOptions

    func run() async throws {
        var options = DriftOptions()
        (options.base, options.token, options.operations, options.schema) = (base, token, operations, schema)
        (options.strict, options.json) = (strict, format == .json)
        try await call.run(options, DriftRun.drift)
    }
}
