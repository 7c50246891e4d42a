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

    /// Runs `body` with `options` completed by these.
    func run(_ options: DriftOptions, _ body: (DriftOptions) async throws -> Int32) async throws {
        var options = options
        (options.timeoutMs, options.allowInsecureHttp) = (timeoutMs, allowInsecureHttp)
        let status: Int32
        do {
            options.credentials = try credentials.read()
            status = try await body(options)
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
