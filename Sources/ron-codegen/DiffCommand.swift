import Foundation
import RonCodegenCore
import RonCommandLine

/// `ron-codegen diff [--old <dir | git-rev>] [--new <dir>] [--format table|json] [--fail-on wire|source|any]`
struct DiffCommand {
    var old = "HEAD"
    var new = "Schema"
    var json = false
    var listing = SchemaDiffReport.Listing.all
    var failOn = SchemaDiffReport.FailOn.wire
    var oldFixtures: String?
    var fixtures: String?
    var checkFixtures = true
    var checkVersion = false

    static let usage = """
        usage: ron-codegen diff [--old <dir | git-rev>] [--new <dir>] [options]

        Compares two versions of a schema and says what each change breaks: old clients reading a new
        server, new clients reading an old server, and Swift source written against the old types.

          --old <dir | git-rev>  the old schema: a folder, or a git revision whose Schema/ is read with
                                 git show, no checkout (default: HEAD)
          --new <dir>            the new schema folder (default: Schema)
          --format table|json    a table for people (default) or JSON for tools (alone on standard
                                 output; every note goes to standard error)
          --only breaking|all    list only the changes that break something (no documentation,
                                 addition or deprecation), or all of them (default): breaking first,
                                 then compatible, then documentation only; the summary counts them
                                 all, by group (JSON: breaking, compatible, documentation)
          --fail-on wire|source|any
                                 what makes the exit status 1 (default: wire, a break in either
                                 direction on the wire or an old fixture the new schema refuses)
          --fixtures <dir>       where the fixtures live (Tests/<Target>Tests/Fixtures, say): read as
                                 they are at the old revision, or from this folder when --old is a
                                 folder (default: the Fixtures/ folder beside the schema)
          --old-fixtures <dir>   the old version's fixtures, a folder read as it is now
          --no-fixtures          do not check the old fixtures against the new schema
          --check-version        instead of --fail-on: exit 1 only when a document's changes need a
                                 bigger x-ron-version bump than it got (a break: major, an addition:
                                 minor, anything else: patch; one place less below 1.0.0)
          --help                 show this text

        Exit status: 0 nothing breaks what --fail-on selects, 1 something does, 2 bad input.
        """

    init(_ arguments: ArraySlice<String>) throws {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--old": old = try reader.value(for: flag)
            case "--new": new = try reader.value(for: flag)
            case "--format":
                switch try reader.value(for: flag) {
                case "table": json = false
                case "json": json = true
                case let other: throw UsageError("--format must be table or json, not '\(other)'")
                }
            case "--only":
                let text = try reader.value(for: flag)
                guard let choice = SchemaDiffReport.Listing(rawValue: text) else {
                    throw UsageError("--only must be breaking or all, not '\(text)'")
                }
                listing = choice
            case "--fail-on":
                let text = try reader.value(for: flag)
                guard let choice = SchemaDiffReport.FailOn(rawValue: text) else {
                    throw UsageError("--fail-on must be wire, source or any, not '\(text)'")
                }
                failOn = choice
            case "--old-fixtures": oldFixtures = try reader.value(for: flag)
            case "--fixtures": fixtures = try reader.value(for: flag)
            case "--no-fixtures": checkFixtures = false
            case "--check-version": checkVersion = true
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    /// Runs the diff; returns the exit status.
    func run() throws -> Int32 {
        let newFolder = URL(fileURLWithPath: new)
        let newSide = try SchemaSnapshot.folder(newFolder, fixtures: nil)
        let oldSide = try oldSnapshot(newFolder: newFolder)
        let oldModel = try oldSide.model()
        let newModel = try newSide.model()
        var report = SchemaDiff.compare(old: oldModel, new: newModel)
        report.listing = listing
        if checkFixtures {
            report.fixtures = FixtureValidator(model: newModel).check(
                fixtures: oldSide.fixtures, renames: report.renamedTypes)
            // Said on standard error, so a silent "no fixtures" cannot pass for "all fixtures fit".
            let note =
                oldSide.fixtures.isEmpty
                ? "no old fixtures at \(oldSide.fixturesLabel) (--fixtures <dir> names the folder)"
                : "old fixtures: \(oldSide.fixtures.count) from \(oldSide.fixturesLabel)"
            FileHandle.standardError.write(Data("ron-codegen diff: \(note)\n".utf8))
        }
        if checkVersion {
            report.versionProblems = SchemaVersionCheck.problems(
                report, oldVersions: SchemaVersionCheck.versions(of: oldSide.documents),
                newVersions: SchemaVersionCheck.versions(of: newSide.documents),
                newDocuments: newSide.documents.map(\.path))
        }
        print(json ? try report.json() : report.table(), terminator: "")
        if checkVersion { return report.versionProblems.isEmpty ? 0 : 1 }
        return report.breaks(failOn) ? 1 : 0
    }

    private func oldSnapshot(newFolder: URL) throws -> SchemaSnapshot {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: old, isDirectory: &isDirectory), isDirectory.boolValue {
            let folder = URL(fileURLWithPath: old)
            let sibling = folder.standardizedFileURL.deletingLastPathComponent().appending(path: "Fixtures")
            let chosen = (oldFixtures ?? fixtures).map { URL(fileURLWithPath: $0) } ?? sibling
            return try SchemaSnapshot.folder(folder, fixtures: checkFixtures ? chosen : nil)
        }
        // A revision: the new folder's path inside the repository names the old one.
        let top = try Git(directory: newFolder.standardizedFileURL.deletingLastPathComponent())
            .run(["rev-parse", "--show-toplevel"])
        let root = URL(
            fileURLWithPath: String(decoding: top, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        )
        .resolvingSymlinksInPath().path
        func inRepository(_ url: URL) -> String? {
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
        }
        let relative = inRepository(newFolder) ?? "Schema"
        var fixturesPath: String?
        if let fixtures {
            guard let inside = inRepository(URL(fileURLWithPath: fixtures)) else {
                throw SchemaSnapshot.Failure(
                    description: "--fixtures \(fixtures) is not inside the repository at \(root)")
            }
            fixturesPath = inside
        }
        var snapshot = try SchemaSnapshot.git(
            revision: old, schemaPath: relative, in: URL(fileURLWithPath: root),
            withFixtures: checkFixtures && oldFixtures == nil, fixturesPath: fixturesPath)
        if checkFixtures, let oldFixtures {
            let folder = URL(fileURLWithPath: oldFixtures)
            snapshot.fixtures = try SchemaSnapshot.folder(newFolder, fixtures: folder).fixtures
            snapshot.fixturesLabel = folder.path
        }
        return snapshot
    }
}
