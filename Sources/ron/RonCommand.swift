import ArgumentParser

/// `ron`: the SDK's command-line tool.
@main
struct RonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ron",
        abstract: "Call a RON node's App Plane, run the embedded gateway, and work with facet manifests.",
        subcommands: RonSubcommands.all
    )
}
