import Foundation
import PackagePlugin

/// `swift package --scratch-path .build/mock ron-mock [--port N] [--target NAME] [--fixtures DIR]`:
/// `ron-codegen mock` for a package that depends on the SDK, with only the generator as its tool, so
/// its first start builds the generator and not the client and `ron-drift` too. It serves the
/// target's operations from its fixtures until stopped; a running `swift package` holds its build
/// folder, hence a scratch path of its own while other commands run.
@main
struct RonMockCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        let root = context.package.directoryURL
        let codegen = try context.tool(named: "ron-codegen").url
        if arguments.contains("--help") || arguments.contains("-h") {
            try ToolRun.run(codegen, ["mock", "--help"], in: root)
        }
        var extractor = ArgumentExtractor(arguments)
        guard let layout = PackageLayout.read(&extractor, in: context.package, for: "mock") else { return }
        try ToolRun.run(
            codegen,
            ["mock", "--schema", layout.schema.path] + layout.fixturesArguments + extractor.remainingArguments,
            in: root)
    }
}
