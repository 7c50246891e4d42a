import Foundation
import PackagePlugin

/// `swift package --scratch-path .build/mock ron-mock [--port N] [--target NAME] [--fixtures DIR]`:
/// `ron-mock` for a package that depends on the SDK, with only that program as its tool, so its
/// first start builds the mock and not the generator, the client and `ron-drift` too. It serves the
/// target's operations from its fixtures until stopped; a running `swift package` holds its build
/// folder, hence a scratch path of its own while other commands run.
@main
struct RonMockCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let root = context.package.directoryURL
        let mock = try context.tool(named: "ron-mock").url
        if arguments.contains("--help") || arguments.contains("-h") {
            try ToolRun.run(mock, ["--help"], in: root)
        }
        try ToolRun.run(mock, try ToolRun.targetsArguments(context) + arguments, in: root)
    }
}
