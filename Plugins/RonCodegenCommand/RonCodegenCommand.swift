import Foundation
import PackagePlugin

/// `swift package ron-codegen [--schema DIR] [--output DIR]`: writes the generated Swift to a
/// folder for review (default `GeneratedPreview/`), one file per schema document.
/// `swift package ron-codegen diff [options]`: runs `ron-codegen diff` in the package's folder.
@main
struct RonCodegenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        if arguments.first == "diff" {
            let process = Process()
            process.executableURL = try context.tool(named: "ron-codegen").url
            process.arguments = arguments
            process.currentDirectoryURL = context.package.directoryURL
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Diagnostics.error("ron-codegen diff exited with status \(process.terminationStatus)")
            }
            return
        }
        var extractor = ArgumentExtractor(arguments)
        let root = context.package.directoryURL
        let schema =
            extractor.extractOption(named: "schema").last.map { URL(fileURLWithPath: $0, relativeTo: root) }
            ?? root.appending(path: "Schema")
        let output =
            extractor.extractOption(named: "output").last.map { URL(fileURLWithPath: $0, relativeTo: root) }
            ?? root.appending(path: "GeneratedPreview")
        let tool = try context.tool(named: "ron-codegen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments =
            ["--schema", schema.path, "--output", output.path, "--split"] + extractor.remainingArguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("ron-codegen failed with exit code \(process.terminationStatus)")
            return
        }
        print("Generated sources written to \(output.path)")
    }
}
