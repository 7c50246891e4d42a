import ArgumentParser
import Foundation

/// `ron new DIR`: a package that uses the SDK, ready to build, test and check.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a package that uses the SDK: its own schema, typed calls, fixtures, tests and CI checks.",
        discussion: """
            Writes a Swift package into DIR (which must not exist or be empty): a library <Name>API, what \
            an app imports, over a target of types <Name>APITypes whose Schema/ holds a JSON Schema \
            document as schemars writes it and an OpenAPI 3.1 document with three operations, so the \
            plugin generates the types in <Name>APITypes (over RonGenerated) and the RonClient calls in \
            <Name>API, which re-exports the types; a command-line app <name>-cli that calls them; the \
            fixture test in Tests/<Name>APITests with one fixture per type, and MockFlowTests, the app's \
            flow against the mock of the API; and ci.sh, which starts `ron-mock` and runs the tests, \
            `ron-codegen verify`, `ron-codegen diff` against the last commit and `ron-codegen drift` \
            against the mock. With --server hummingbird, a Hummingbird server target that answers with \
            the same types is added. The types and the calls are apart so that an edited operation \
            recompiles the calls, not the types: a build after an edit took 0.4 of one target's time on \
            descriptions of 97 and 235 operations, 0.6-0.8 on those of 5 and 43, for a clean build a \
            tenth longer on the smallest. --one-module puts the types and the calls in <Name>API alone, \
            Schema/ with them. --calls-targets N spreads the calls over N targets, <Name>APICalls1 …, \
            that build side by side, and <Name>API re-exports them (for the largest descriptions, where \
            one target of calls keeps a core idle; 4 for a thousand operations and more, so an edit \
            recompiles a smaller target). The package depends on this SDK by path (the checkout `ron` \
            was built from, or --sdk-path) or by URL and version (--sdk-url and --sdk-from). An iOS app \
            is an Xcode project: add the package to it, and use <Name>API from the app target.
            """)

    @Argument(help: "The folder to create the package in.")
    var directory: String

    @Option(help: "The package's name (default: the folder's name, in UpperCamelCase).")
    var name: String?

    @Option(help: ArgumentHelp("Depend on the SDK at this path.", valueName: "path"))
    var sdkPath: String?

    @Option(help: ArgumentHelp("Depend on the SDK by this git URL (with --sdk-from).", valueName: "url"))
    var sdkUrl: String?

    @Option(help: ArgumentHelp("The lowest SDK version to accept, with --sdk-url.", valueName: "version"))
    var sdkFrom: String?

    @Option(help: "Add a server target: hummingbird, or none.")
    var server: ScaffoldServer = .none

    @Flag(help: "The types and the calls in one target, <Name>API (by default the types go in <Name>APITypes).")
    var oneModule = false

    @Flag(help: "The types in <Name>APITypes and the calls in <Name>API: the default, kept for scripts that say so.")
    var split = false

    @Option(
        help: ArgumentHelp(
            "The calls in this many targets (<Name>APICalls1 …, 2 to 8) that build side by side; <Name>API re-exports them.",
            valueName: "n"))
    var callsTargets = 1

    func validate() throws {
        if sdkUrl != nil, sdkPath != nil { throw ValidationError("--sdk-path and --sdk-url exclude each other") }
        if (sdkUrl == nil) != (sdkFrom == nil) { throw ValidationError("--sdk-url and --sdk-from go together") }
        if let sdkFrom,
            sdkFrom.split(separator: ".").count != 3 || sdkFrom.contains(where: { !"0123456789.".contains($0) })
        {
            throw ValidationError("--sdk-from '\(sdkFrom)' is not a version like 1.2.0")
        }
        if oneModule, split { throw ValidationError("--one-module and --split exclude each other") }
        if callsTargets != 1 {
            guard !oneModule else {
                throw ValidationError("--calls-targets needs the types' own target: drop --one-module")
            }
            guard (2...8).contains(callsTargets) else {
                throw ValidationError("--calls-targets wants a whole number from 2 to 8, got \(callsTargets)")
            }
        }
        if let name, Scaffold.typeName(name) != name {
            throw ValidationError(
                "--name '\(name)' is not an UpperCamelCase Swift name (try \(Scaffold.typeName(name)))")
        }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: directory).standardizedFileURL
        let files = FileManager.default
        if let existing = try? files.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw ValidationError("\(folder.path) exists and is not empty")
        }
        let dependency: Scaffold.Dependency
        if let sdkUrl, let sdkFrom {
            dependency = .url(sdkUrl, from: sdkFrom)
        } else {
            // The checkout this `ron` was built from: Sources/ron/NewCommand.swift is three levels down.
            let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let path = sdkPath.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? checkout
            guard files.fileExists(atPath: path.appending(path: "Package.swift").path) else {
                throw ValidationError("no Package.swift in \(path.path): pass --sdk-path or --sdk-url")
            }
            dependency = .path(path.path)
        }
        let scaffold = Scaffold(
            name: name ?? Scaffold.typeName(folder.lastPathComponent), dependency: dependency, server: server,
            split: !oneModule, callsTargets: callsTargets)
        for file in scaffold.files {
            let url = folder.appending(path: file.path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
            if file.executable { try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        }
        print("Created \(scaffold.name) in \(folder.path):")
        for file in scaffold.files { print("  \(file.path)") }
        print(Self.makeRepository(at: folder))
        print(
            """

            Next:
              cd \(directory)
              swift build && swift test          # the types and calls are generated from Sources/\(scaffold.schemaTarget)/Schema
              ./ci.sh                            # tests, verify, diff against the last commit, drift against the mock
            """)
    }
}

extension NewCommand {
    /// Makes `folder` a git repository whose first commit holds what was written, so `ron-codegen
    /// diff` (which compares the schema with the last commit) works from the start; says what it did.
    /// Without git, or when git refuses, the package is left as written and the line says why.
    static func makeRepository(at folder: URL) -> String {
        func git(_ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.path] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        guard git(["init", "-q"]) else { return "(no git repository made: git is not installed or refused)" }
        // A first commit even where git has no identity configured yet; the user's own wins.
        let identity =
            git(["config", "user.email"]) ? [] : ["-c", "user.name=ron new", "-c", "user.email=ron@localhost"]
        guard git(["add", "-A"]), git(identity + ["commit", "-q", "-m", "Created by ron new"]) else {
            return "A git repository, with nothing committed (git refused the commit)."
        }
        return "A git repository with the first commit, so `swift package ron-codegen diff` has one to compare with."
    }
}

/// The server target `ron new` can add.
enum ScaffoldServer: String, ExpressibleByArgument, CaseIterable {
    case none, hummingbird
}
