import Foundation
import PackagePlugin

/// `swift package ron-codegen <command>`: every tool of the SDK from a package that depends on it,
/// with no checkout of the SDK and no write permission (`ron-record` is the one that writes).
@main
struct RonCodegenCommand: CommandPlugin {
    static let usage = """
        usage: swift package ron-codegen [<command>] [--target <name>] [options]

        Runs the SDK's tools on a target's Schema/ (and its fixtures), found as README's "Your own
        schema" lays them out: --target NAME (a target of calls without Schema/, as `ron new`
        makes: the Schema/ of the types target it depends on), else the package's Schema/, else the
        one target with a Schema/ folder. Fixtures: Tests/<Target>Tests/Fixtures (the target named,
        the schema's, those that get its calls), <target>/Fixtures, the folder beside Schema/, then
        Fixtures/ (--fixtures DIR names another). The folders read are said on standard error. `<command> --help` shows a command's options; none needs a permission.

          preview            write the generated Swift, one file per document and the calls
                             (RonOperations.swift), to a folder for review (default: in .build;
                             the path is printed), with the summary every build prints: operations
                             declared and generated, types, what was left out    [the default command]
          calls              every generated call (Swift signature, HTTP method and path, document)
                             and every type with its members, one a line, for grep
          verify             read every fixture against the schema, without building
          diff               what a schema change breaks, against the last commit (--old REV|DIR)
          drift              call the safe operations of a running server and check every answer
                             (--base URL)
          mock               serve the target's operations from its fixtures and the document's
                             examples, validating requests (--port N); `swift package ron-mock`
                             is the same and builds only the generator
          fixtures record    show how to record a server's answers as fixtures: that writes into the
                             package, so it is `swift package --allow-writing-to-package-directory
                             ron-record --base URL`

        Standard output holds the tool's report alone (`diff --format json > f.json` is JSON); the
        tool's messages, and the folders read, are on standard error. Exit status: the plugin exits
        with the tool's (diff: 1 a break; drift: 1 drift, 2 a failed call, 0 every answer fits or
        was skipped; verify: 1 a fixture that does not fit; 64 or 2 bad input), but SwiftPM exits 1
        for any status but 0 and ends with `error: Plugin ended with exit code N`, N the tool's, on
        standard error (after the report on a terminal; with 2>&1 into one file it can land inside it).
        """

    func performCommand(context: PluginContext, arguments: [String]) throws {
        var arguments = arguments
        let commands = ["preview", "calls", "verify", "diff", "drift", "mock", "fixtures", "help"]
        let command = arguments.first.flatMap { commands.contains($0) ? $0 : nil } ?? "preview"
        if arguments.first == command { arguments.removeFirst() }
        let help = arguments.contains("--help") || arguments.contains("-h")
        if command == "help" || (help && command == "preview" && arguments.count == 1) {
            print(Self.usage)
            return
        }
        let codegen = try context.tool(named: "ron-codegen").url
        let root = context.package.directoryURL
        if help {
            // The tool prints its own options; nothing is looked up or written.
            switch command {
            case "drift": try ToolRun.run(try context.tool(named: "ron-drift").url, ["drift", "--help"], in: root)
            case "fixtures":
                try ToolRun.run(try context.tool(named: "ron-drift").url, ["fixtures", "record", "--help"], in: root)
            case "preview": try ToolRun.run(codegen, ["--help"], in: root)
            case "mock": try ToolRun.run(try context.tool(named: "ron-mock").url, ["--help"], in: root)
            default: try ToolRun.run(codegen, [command, "--help"], in: root)
            }
        }
        if command == "fixtures" {
            Diagnostics.error(
                "fixtures record writes into your package: run `swift package "
                    + "--allow-writing-to-package-directory ron-record --base URL` "
                    + "(`swift package ron-codegen fixtures record --help` lists its options)")
            return
        }
        // The tools find the target's schema and fixtures from the package's targets (`--target`,
        // `--schema`, `--fixtures` as the usage says) and say which folders they read.
        let targets = try ToolRun.targetsArguments(context)
        switch command {
        case "verify", "diff", "calls":
            try ToolRun.run(codegen, [command] + targets + arguments, in: root)
        case "mock":
            try ToolRun.run(try context.tool(named: "ron-mock").url, targets + arguments, in: root)
        case "drift":
            try ToolRun.run(try context.tool(named: "ron-drift").url, ["drift"] + targets + arguments, in: root)
        default:
            var extractor = ArgumentExtractor(arguments)
            let folder =
                extractor.extractOption(named: "output").last.map { path in
                    path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
                } ?? context.pluginWorkDirectoryURL.appending(path: "GeneratedPreview")
            // The calls too, as a target that depends on the client gets them.
            let generation = [
                "--output", folder.standardizedFileURL.path, "--split", "--with-operations", "--client-module",
                "RonAppSdkSwift",
            ]
            try ToolRun.run(
                codegen, targets + generation + extractor.remainingArguments, in: root,
                onSuccess: "Generated sources written to \(folder.standardizedFileURL.path)\n"
                    + "Every call and type, one a line: swift package ron-codegen calls")
        }
    }
}
