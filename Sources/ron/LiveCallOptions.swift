import ArgumentParser
import RonCommandLine
import RonDrift

/// The options `ron drift` and `ron fixtures record` share for their calls to a live node, and how
/// both run: a usage error is ArgumentParser's, a status other than 0 the exit code.
struct LiveCallOptions: ParsableArguments {
    @Option(help: "The timeout of each call in milliseconds.")
    var timeoutMs: Int = 10_000

    @Flag(help: "Allow an http:// base URL that is not on this machine.")
    var allowInsecureHttp = false

    @OptionGroup var credentials: CredentialOptions

    @Option(
        name: .customLong("value"),
        help: ArgumentHelp(
            "A parameter's value, NAME=VALUE or OPERATION.NAME=VALUE (repeatable; wins over the values file).",
            valueName: "name=value"))
    var values: [String] = []

    @Option(
        name: .customLong("values"),
        help: ArgumentHelp(
            "A values file (default: drift-values.json beside the schema folder, when there is one).",
            valueName: "file"))
    var valuesFile: String?

    @Flag(help: "Also call operations that change the server (only against one you can throw away).")
    var unsafe = false

    @Option(help: ArgumentHelp("Write every request and answer as JSON lines to this file.", valueName: "file"))
    var exchanges: String?

    /// Runs `body` with `options` completed by these.
    func run(_ options: DriftOptions, _ body: (DriftOptions) async throws -> Int32) async throws {
        var options = options
        (options.timeoutMs, options.allowInsecureHttp) = (timeoutMs, allowInsecureHttp)
        let status: Int32
        do {
            options.credentials = try credentials.read()
            for value in values { try options.values.add(option: value) }
            (options.valuesFile, options.unsafe, options.exchanges) = (valuesFile, unsafe, exchanges)
            status = try await body(options)
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
