import ArgumentParser
import RonCommandLine
import RonDrift

/// The credentials of a schema's security schemes, as `ron call --schema`, `ron drift` and
/// `ron fixtures record` take them: by scheme name, never printed.
struct CredentialOptions: ParsableArguments {
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

    /// Whether any credential was given on the command line.
    var isEmpty: Bool { credentials.isEmpty && oauthClients.isEmpty && credentialsFile == nil }

    /// The credentials given, the options winning over the file.
    ///
    /// - Throws: ``UsageError`` for a value that is not `NAME=VALUE` or a file that cannot be read.
    func read() throws -> ToolCredentials {
        var tool = ToolCredentials()
        for spec in credentials { try tool.add(spec, option: "--credential") }
        for spec in oauthClients { try tool.add(spec, option: "--oauth-client") }
        if let credentialsFile { try tool.read(file: credentialsFile) }
        return tool
    }
}
