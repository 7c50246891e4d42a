import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory ron-record --base URL [--target NAME]`:
/// `fixtures record` for a package that depends on the SDK. It writes each safe operation's answer
/// into the target's fixtures folder (or `--output DIR`), so it is the one command that asks for
/// write permission (`swift package ron-codegen fixtures record --help` shows its options without it).
@main
struct RonRecordCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let root = context.package.directoryURL
        let drift = try context.tool(named: "ron-drift").url
        if arguments.contains("--help") || arguments.contains("-h") {
            try ToolRun.run(drift, ["fixtures", "record", "--help"], in: root)
        }
        try ToolRun.run(drift, ["fixtures", "record"] + (try ToolRun.targetsArguments(context)) + arguments, in: root)
    }
}
