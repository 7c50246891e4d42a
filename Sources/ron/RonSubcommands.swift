import ArgumentParser

/// The subcommands of `ron`, one file each.
enum RonSubcommands {
    static let all: [any ParsableCommand.Type] = [
        DemoCommand.self,
        CallCommand.self,
        ServeCommand.self,
        FacetsCommand.self,
        DriftCommand.self,
        FixturesCommand.self,
        NewCommand.self,
    ]
}
