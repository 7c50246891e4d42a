import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory ron-record --base URL [--target NAME]`:
/// `fixtures record` for a package that depends on the SDK. It writes each safe operation's answer
/// into the target's fixtures folder, so it is the one command that asks for write permission
/// (`swift package ron-codegen fixtures record --help` shows its options without it).
@main
struct RonRecordCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let root = context.package.directoryURL
        let drift = try context.tool(named: "ron-drift").url
        if arguments.contains("--help") || arguments.contains("-h") {
            try ToolRun.run(drift, ["fixtures", "record", "--help"], in: root)
        }
        var extractor = ArgumentExtractor(arguments)
        // The fixtures folder is where the answers go: `--output`.
        guard
            let layout = PackageLayout.read(
                &extractor, in: context.package, for: "fixtures record", fixturesOption: "output")
        else { return }
        let folder = layout.fixturesToWrite
        try ToolRun.run(
            drift,
            ["fixtures", "record", "--schema", layout.schema.path, "--output", folder.path]
                + extractor.remainingArguments, in: root)
    }
}
