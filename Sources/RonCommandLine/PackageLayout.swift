import Foundation

/// Where a package keeps a target's schema and fixtures, found the way README's "Your own schema"
/// lays them out, and said on standard error so nobody wonders which folder was read: the tools'
/// reading of `--target`, `--schema` and `--fixtures` when a command plugin runs them
/// (``expand(_:command:schemaOption:fixturesOption:fixtures:)``).
package struct PackageLayout: Sendable {
    /// The schema folder.
    package var schema: URL
    /// The fixtures folder, when one exists.
    package var fixtures: URL?
    /// The folders looked in for fixtures, in order.
    package var fixturesLookedIn: [URL]
    /// The target the schema belongs to (`nil` for the package's top-level `Schema/`).
    package var target: String?
    /// The target named on the command line when it has no `Schema/` of its own and gets the calls
    /// of `target`'s (the two targets of a split: types, and calls beside them).
    package var callsTarget: String?

    /// A command line that names no target nor folder that exists.
    package struct Failure: Error, CustomStringConvertible {
        /// What is missing, and where it was looked for.
        package var description: String
    }

    /// The layout for `--target NAME`, `--schema DIR` and `--fixtures DIR` (any of them may be absent):
    /// a given folder wins; otherwise the named target's `Schema/` (for a target without one that
    /// depends on a target of the package with one, as the build plugin reads it, that target's),
    /// else the package's `Schema/`, else the one target that has a `Schema/`. Fixtures:
    /// `Tests/<Target>Tests/Fixtures` (the named target's, then the schema's target's, then those of
    /// the targets that get its calls), the target's `Fixtures/`, the folder beside the schema, the
    /// package's `Fixtures/`, the first that exists.
    package static func find(
        in package: PackageTargets, target name: String?, schema: String?, fixtures: String?
    ) throws -> PackageLayout {
        let root = package.folder
        let withSchema = package.targets.filter { SchemaTargets.hasSchema($0.directoryURL) }
        var target: PackageTargets.Target?
        if let name {
            guard let found = package.targets.first(where: { $0.name == name }) else {
                let names = package.targets.map(\.name).sorted().joined(separator: ", ")
                throw Failure(description: "no target '\(name)' in \(root.path) (targets: \(names))")
            }
            target = found
        }
        var named: PackageTargets.Target?
        if schema == nil, let found = target,
            let types = SchemaTargets.typesTarget(of: found) ?? SchemaTargets.front(found, in: package.targets)?.types
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
                let callers = package.targets.filter {
                    $0.name != named?.name
                        && (SchemaTargets.typesTarget(of: $0)?.id == target.id
                            || SchemaTargets.front($0, in: package.targets)?.types.id == target.id)
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

    /// What a tool does with the fixtures folder of the layout.
    package enum FixturesUse: Sendable {
        /// Nothing: it is not passed on.
        case none
        /// Reads it: `--fixtures DIR` when one exists.
        case read
        /// Writes into it: `--<fixturesOption> DIR`, the one found or the first place looked.
        case write
    }

    /// `arguments` (a tool's options) with the layout a command plugin asks for: when they hold
    /// `--package-targets FILE` (``PackageTargets``), that option, `--target NAME`,
    /// `--<schemaOption> DIR` and `--<fixturesOption> DIR` (the last of each counts; `--name=value`
    /// too) are taken out, the folders are found (``find(in:target:schema:fixtures:)``) and said on
    /// standard error for `command`, and the others come back followed by `--<schemaOption> DIR` and,
    /// by `use`, the fixtures. Without `--package-targets`, `arguments` as they are.
    package static func expand(
        _ arguments: some Collection<String>, command: String, schemaOption: String = "schema",
        fixturesOption: String = "fixtures", fixtures use: FixturesUse
    ) throws -> [String] {
        guard arguments.contains(where: { $0 == "--package-targets" || $0.hasPrefix("--package-targets=") }) else {
            return Array(arguments)
        }
        let taken = ["package-targets", "target", schemaOption, fixturesOption]
        var values: [String: String] = [:]
        var rest: [String] = []
        var words = arguments.makeIterator()
        while let word = words.next() {
            let name = word.hasPrefix("--") ? String(word.dropFirst(2).prefix { $0 != "=" }) : ""
            guard taken.contains(name) else {
                rest.append(word)
                continue
            }
            if word.count > name.count + 2 {
                values[name] = String(word.dropFirst(name.count + 3))
            } else if let value = words.next() {
                values[name] = value
            } else {
                throw UsageError("--\(name) needs a value")
            }
        }
        let package = try PackageTargets.read(URL(fileURLWithPath: values["package-targets"] ?? ""))
        let layout = try find(
            in: package, target: values["target"], schema: values[schemaOption], fixtures: values[fixturesOption])
        layout.announce(command, in: package.folder)
        rest += ["--\(schemaOption)", layout.schema.path]
        switch use {
        case .none: break
        case .read: rest += layout.fixturesArguments
        case .write: rest += ["--\(fixturesOption)", layout.fixturesToWrite.path]
        }
        return rest
    }

    /// The fixtures folder to write into: the one found, else the first place looked.
    package var fixturesToWrite: URL { fixtures ?? fixturesLookedIn[0] }

    /// `--fixtures DIR` for a tool, when there are fixtures.
    package var fixturesArguments: [String] { fixtures.map { ["--fixtures", $0.path] } ?? [] }

    /// One line on standard error (which a command plugin hands SwiftPM as a progress message):
    /// which folders are read.
    package func announce(_ command: String, in root: URL) {
        let owner =
            target.map { name in " (target \(name)" + (callsTarget.map { ", whose calls \($0) gets)" } ?? ")") } ?? ""
        let fixturesText =
            fixtures.map { "fixtures \(Self.relative($0, to: root))" }
            ?? "no fixtures (looked in \(fixturesLookedIn.map { Self.relative($0, to: root) }.joined(separator: ", ")))"
        FileHandle.standardError.write(
            Data("ron-codegen \(command): schema \(Self.relative(schema, to: root))\(owner), \(fixturesText)\n".utf8))
    }

    /// `path` as given on a command line run in `root`.
    package static func resolve(_ path: String, against root: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
        return url.standardizedFileURL
    }

    /// `url`'s path below `root`, else the whole path.
    package static func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
