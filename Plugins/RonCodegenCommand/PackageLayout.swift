import Foundation
import PackagePlugin

/// Where a package keeps a target's schema and fixtures, found the way README's "Your own schema"
/// lays them out, and said on standard error so nobody wonders which folder was read.
struct PackageLayout {
    /// The schema folder.
    var schema: URL
    /// The fixtures folder, when one exists.
    var fixtures: URL?
    /// The folders looked in for fixtures, in order.
    var fixturesLookedIn: [URL]
    /// The target the schema belongs to (`nil` for the package's top-level `Schema/`).
    var target: String?
    /// The target named on the command line when it has no `Schema/` of its own and gets the calls
    /// of `target`'s (the two targets of a split: types, and calls beside them).
    var callsTarget: String?

    /// A command line that names no target nor folder that exists.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The layout for `--target NAME`, `--schema DIR` and `--fixtures DIR` (any of them may be absent):
    /// a given folder wins; otherwise the named target's `Schema/` (for a target without one that
    /// depends on a target of the package with one, as the build plugin reads it, that target's),
    /// else the package's `Schema/`, else the one target that has a `Schema/`. Fixtures:
    /// `Tests/<Target>Tests/Fixtures` (the named target's, then the schema's target's, then those of
    /// the targets that get its calls), the target's `Fixtures/`, the folder beside the schema, the
    /// package's `Fixtures/`, the first that exists.
    static func find(
        in package: Package, target name: String?, schema: String?, fixtures: String?
    ) throws -> PackageLayout {
        let root = package.directoryURL
        let withSchema = package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
            SchemaTargets.hasSchema($0.directoryURL)
        }
        var target: SourceModuleTarget?
        if let name {
            guard let found = package.targets.first(where: { $0.name == name }) as? SourceModuleTarget else {
                let names = package.targets.map(\.name).sorted().joined(separator: ", ")
                throw Failure(description: "no target '\(name)' in \(root.path) (targets: \(names))")
            }
            target = found
        }
        var named: SourceModuleTarget?
        if schema == nil, let found = target,
            let types = SchemaTargets.typesTarget(of: found) ?? SchemaTargets.front(found, in: package)?.types
        {
            named = found
            target = types
        }
        let schemaFolder: URL
        if let schema {
            schemaFolder = resolve(schema, against: root)
        } else if let target {
            schemaFolder = target.directoryURL.appending(path: "Schema")
        } else if SchemaTargets.hasSchema(root) {
            schemaFolder = root.appending(path: "Schema")
        } else if withSchema.count == 1 {
            target = withSchema[0]
            schemaFolder = withSchema[0].directoryURL.appending(path: "Schema")
        } else if withSchema.isEmpty {
            throw Failure(
                description: "no Schema/ folder in \(root.path) nor in any target's folder; "
                    + "put your documents in Sources/<Target>/Schema or pass --schema DIR")
        } else {
            let names = withSchema.map(\.name).sorted().joined(separator: ", ")
            throw Failure(description: "several targets have a Schema/ folder (\(names)): pass --target NAME")
        }
        guard SchemaTargets.isFolder(schemaFolder) else {
            throw Failure(description: "\(schemaFolder.path): the schema folder does not exist")
        }
        var candidates: [URL] = []
        if let fixtures {
            candidates = [resolve(fixtures, against: root)]
        } else {
            if let target {
                // The named target's tests, then the schema target's, then those of the targets
                // that get its calls (or, for calls in parts, their front): in a split the tests of
                // the target a user imports hold the fixtures, as `ron new` lays them out.
                let callers = package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
                    $0.name != named?.name
                        && (SchemaTargets.typesTarget(of: $0)?.id == target.id
                            || SchemaTargets.front($0, in: package)?.types.id == target.id)
                }
                for owner in [named].compactMap(\.self) + [target] + callers {
                    candidates.append(root.appending(path: "Tests/\(owner.name)Tests/Fixtures"))
                }
                candidates.append(target.directoryURL.appending(path: "Fixtures"))
            }
            candidates.append(schemaFolder.deletingLastPathComponent().appending(path: "Fixtures"))
            candidates.append(root.appending(path: "Fixtures"))
        }
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
        return PackageLayout(
            schema: schemaFolder.standardizedFileURL, fixtures: candidates.first(where: SchemaTargets.isFolder),
            fixturesLookedIn: candidates, target: target?.name, callsTarget: named?.name)
    }

    /// The fixtures folder to write into: the one found, else the first place looked.
    var fixturesToWrite: URL { fixtures ?? fixturesLookedIn[0] }

    /// The layout a command line names, its `--target`, schema and fixtures options taken out of
    /// `extractor`, announced for `command`; `nil` once the error is reported when it names
    /// nothing that exists.
    static func read(
        _ extractor: inout ArgumentExtractor, in package: Package, for command: String,
        schemaOption: String = "schema", fixturesOption: String = "fixtures"
    ) -> PackageLayout? {
        let target = extractor.extractOption(named: "target").last
        let schema = extractor.extractOption(named: schemaOption).last
        let fixtures = extractor.extractOption(named: fixturesOption).last
        do {
            let layout = try find(in: package, target: target, schema: schema, fixtures: fixtures)
            layout.announce(command, in: package.directoryURL)
            return layout
        } catch {
            Diagnostics.error("\(error)")
            return nil
        }
    }

    /// `--fixtures DIR` for a tool, when there are fixtures.
    var fixturesArguments: [String] { fixtures.map { ["--fixtures", $0.path] } ?? [] }

    /// One line, a progress message SwiftPM writes to its standard error: which folders are read.
    func announce(_ command: String, in root: URL) {
        let owner =
            target.map { name in " (target \(name)" + (callsTarget.map { ", whose calls \($0) gets)" } ?? ")") } ?? ""
        let fixturesText =
            fixtures.map { "fixtures \(Self.relative($0, to: root))" }
            ?? "no fixtures (looked in \(fixturesLookedIn.map { Self.relative($0, to: root) }.joined(separator: ", ")))"
        Diagnostics.progress(
            "ron-codegen \(command): schema \(Self.relative(schema, to: root))\(owner), \(fixturesText)")
    }

    static func resolve(_ path: String, against root: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
        return url.standardizedFileURL
    }

    static func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}

/// Runs a tool of this package in the package's folder and passes on its exit status: a verdict
/// (diff's 1, drift's 1 or 2) is the tool's own report, not a failure of the plugin, so nothing is
/// added to it. SwiftPM echoes a plugin's standard output and standard error alike on its own
/// standard output, and exits 1 (saying `error: Plugin ended with exit code N` on standard error)
/// whenever the plugin does not exit 0.
enum ToolRun {
    /// Runs `tool`; with `messagesToStandardError`, the tool's standard error comes back line by
    /// line as progress messages, which SwiftPM writes to its standard error, so that its standard
    /// output holds the tool's report alone (`--format json > report.json` is JSON).
    static func run(_ tool: URL, _ arguments: [String], in directory: URL, messagesToStandardError: Bool = false)
        throws -> Never
    {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Nothing to read: the mock then serves until SIGINT or SIGTERM, and no tool can read what
        // SwiftPM says to the plugin.
        process.standardInput = FileHandle.nullDevice
        let messages = messagesToStandardError ? Pipe() : nil
        let forwarded = DispatchSemaphore(value: 0)
        if let messages {
            process.standardError = messages
            let reader = messages.fileHandleForReading
            Thread.detachNewThread {
                var pending = Data()
                while true {
                    let chunk = reader.availableData
                    pending.append(chunk)
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        Diagnostics.progress(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                        pending.removeSubrange(pending.startIndex...end)
                    }
                    if chunk.isEmpty { break }
                }
                if !pending.isEmpty { Diagnostics.progress(String(decoding: pending, as: UTF8.self)) }
                forwarded.signal()
            }
        }
        try process.run()
        // SwiftPM runs the plugin, and the plugin the tool, each in a process group of its own, so
        // Ctrl-C (or a script's kill) reaches `swift package` alone: when it is gone, so is the tool.
        let parent = getppid()
        while process.isRunning {
            if getppid() != parent {
                process.terminate()
                process.waitUntilExit()
                exit(130)
            }
            usleep(100_000)
        }
        if messages != nil {
            try? messages?.fileHandleForWriting.close()
            forwarded.wait()
        }
        // The tool's report ended with its own newline and was written before it exited; the
        // plugin's own output is written before SwiftPM adds its line.
        fflush(nil)
        exit(process.terminationStatus)
    }
}
