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

    @Option(
        name: .customLong("credential"),
        help: ArgumentHelp(
            "A security scheme's credential, by the scheme's name (repeatable; basic: USER:PASSWORD; never printed "
                + "or written). Also RON_CREDENTIAL_<NAME>.", valueName: "name=value"))
    var credentials: [String] = []

    @Option(help: ArgumentHelp("A file of NAME=VALUE credential lines ('#' comments).", valueName: "file"))
    var credentialsFile: String?

    @Option(
        name: .customLong("oauth-client"),
        help: ArgumentHelp(
            "An OAuth 2.0 client for a scheme's client credentials flow, at its tokenUrl (repeatable).",
            valueName: "name=id:secret"))
    var oauthClients: [String] = []

    /// Runs `body` with `options` completed by these.
    func run(_ options: DriftOptions, _ body: (DriftOptions) async throws -> Int32) async throws {
        var options = options
        (options.timeoutMs, options.allowInsecureHttp) = (timeoutMs, allowInsecureHttp)
        let status: Int32
        do {
            for spec in credentials { try options.credentials.add(spec, option: "--credential") }
            for spec in oauthClients { try options.credentials.add(spec, option: "--oauth-client") }
            if let credentialsFile { try options.credentials.read(file: credentialsFile) }
            status = try await body(options)
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
