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
        var extractor = ArgumentExtractor(arguments)
        let output = extractor.extractOption(named: "output").last
        // `diff` names the new schema `--new`; every other command `--schema`.
        guard
            let layout = PackageLayout.read(
                &extractor, in: context.package, for: command, schemaOption: command == "diff" ? "new" : "schema")
        else { return }
        let rest = extractor.remainingArguments
        switch command {
        case "verify":
            try ToolRun.run(
                codegen, ["verify", "--schema", layout.schema.path] + layout.fixturesArguments + rest, in: root,
                messagesToStandardError: true)
        case "diff":
            try ToolRun.run(
                codegen, ["diff", "--new", layout.schema.path] + layout.fixturesArguments + rest, in: root,
                messagesToStandardError: true)
        case "mock":
            let mock = try context.tool(named: "ron-mock").url
            try ToolRun.run(mock, ["--schema", layout.schema.path] + layout.fixturesArguments + rest, in: root)
        case "calls":
            try ToolRun.run(codegen, ["calls", "--schema", layout.schema.path] + rest, in: root)
        case "drift":
            let drift = try context.tool(named: "ron-drift").url
            try ToolRun.run(
                drift, ["drift", "--schema", layout.schema.path] + rest, in: root, messagesToStandardError: true)
        default:
            let folder =
                output.map { PackageLayout.resolve($0, against: root) }
                ?? context.pluginWorkDirectoryURL.appending(path: "GeneratedPreview")
            let process = Process()
            process.executableURL = codegen
            // The calls too, as a target that depends on the client gets them.
            process.arguments =
                [
                    "--schema", layout.schema.path, "--output", folder.path, "--split", "--with-operations",
                    "--client-module", "RonAppSdkSwift",
                ] + rest
            process.currentDirectoryURL = root
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { exit(process.terminationStatus) }
            print("Generated sources written to \(folder.path)")
            print("Every call and type, one a line: swift package ron-codegen calls")
        }
    }
}
