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
        let target = extractor.extractOption(named: "target").last
        let schema = extractor.extractOption(named: "schema").last
        let output = extractor.extractOption(named: "output").last
        let layout: PackageLayout
        do {
            layout = try PackageLayout.find(in: context.package, target: target, schema: schema, fixtures: output)
        } catch {
            Diagnostics.error("\(error)")
            return
        }
        layout.announce("fixtures record", in: root)
        let folder = layout.fixturesToWrite
        try ToolRun.run(
            drift,
            ["fixtures", "record", "--schema", layout.schema.path, "--output", folder.path]
                + extractor.remainingArguments, in: root)
    }
}
