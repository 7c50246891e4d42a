import Foundation

/// The result of a schema diff: the changes, the version bump they imply, and their renderings.
public struct SchemaDiffReport: Sendable, Equatable {
    /// Every change found.
    public var changes: [SchemaChange]
    /// What checking the old version's fixtures against the new model found (empty when not run).
    public var fixtures: [FixtureCheckResult] = []
    /// Documents whose `x-ron-version` does not cover their changes (``SchemaVersionCheck``), when
    /// checked.
    public var versionProblems: [String] = []
    /// Old name → new name of each type found renamed (for reading the old fixtures).
    public var renamedTypes: [String: String] = [:]

    /// A report of `changes`.
    public init(changes: [SchemaChange], fixtures: [FixtureCheckResult] = [], renamedTypes: [String: String] = [:]) {
        self.changes = changes
        self.fixtures = fixtures
        self.renamedTypes = renamedTypes
    }

    /// Which verdicts make a change count as breaking for `--fail-on`.
    public enum FailOn: String, Sendable, CaseIterable {
        /// Either wire direction.
        case wire
        /// Swift source.
        case source
        /// Any of the three.
        case any
    }

    /// Which changes the renderings list; the summary, the bump and the exit status count them all.
    public enum Listing: String, Sendable, CaseIterable {
        /// Every change, the breaking ones first.
        case all
        /// Only the changes with a `BREAKS` verdict (`--only breaking`).
        case breaking
    }

    /// Which changes ``table()`` and ``json()`` list (default: all).
    public var listing: Listing = .all

    /// The changes the renderings list: those with a `BREAKS` verdict first, then (unless
    /// ``listing`` is ``Listing/breaking``) the other compatible ones, then those to documentation
    /// only, each group in the order found.
    public var listed: [SchemaChange] {
        let breaking = changes.filter { $0.verdicts.breaksAnything }
        guard listing == .all else { return breaking }
        let others = changes.filter { !$0.verdicts.breaksAnything }
        return breaking + others.filter { !$0.isDocumentationOnly } + others.filter(\.isDocumentationOnly)
    }

    /// How many of the changes are in each of three groups; every change is in exactly one.
    public struct Counts: Sendable, Equatable {
        /// The changes with a `BREAKS` verdict (on the wire or in Swift source).
        public var breaking: Int
        /// The changes that break nothing and alter more than documentation: additions,
        /// deprecations and the like.
        public var compatible: Int
        /// The changes to documentation only (``SchemaChange/isDocumentationOnly``): descriptions,
        /// summaries, titles, examples; nothing on the wire or in the Swift API.
        public var documentation: Int
    }

    /// The changes counted by group, all of them whatever ``listing`` lists.
    public var counts: Counts {
        let breaking = changes.filter { $0.verdicts.breaksAnything }.count
        let documentation = changes.filter(\.isDocumentationOnly).count
        return Counts(
            breaking: breaking, compatible: changes.count - breaking - documentation, documentation: documentation)
    }

    /// The semantic version bump the changes imply.
    public var bump: SemverBump { changes.map(\.bump).max() ?? .none }

    /// The changes that break under `failOn`, plus a fixture of the old version the new model refuses
    /// (a wire break shown on a real body).
    public func breaks(_ failOn: FailOn) -> Bool {
        let fixtureRefused = fixtures.contains { !$0.problems.isEmpty }
        switch failOn {
        case .wire: return fixtureRefused || changes.contains { $0.verdicts.breaksWire }
        case .source: return changes.contains { $0.verdicts.swiftSource == .breaking }
        case .any: return fixtureRefused || changes.contains { $0.verdicts.breaksAnything }
        }
    }

    /// One line: how many changes, how many break what, how many are breaking, compatible and
    /// documentation only (``counts``), and the bump:
    /// `12 changes: 1 breaking the wire, 2 breaking Swift source; 2 breaking, 3 compatible,
    /// 7 documentation only; semver bump: major`.
    public var summary: String {
        let wire = changes.filter { $0.verdicts.breaksWire }.count
        let source = changes.filter { $0.verdicts.swiftSource == .breaking }.count
        let counts = self.counts
        var line =
            "\(changes.count) change\(changes.count == 1 ? "" : "s"): \(wire) breaking the wire, "
            + "\(source) breaking Swift source; \(counts.breaking) breaking, \(counts.compatible) compatible, "
            + "\(counts.documentation) documentation only"
        if !fixtures.isEmpty {
            let refused = fixtures.filter { !$0.problems.isEmpty }.count
            line += "; \(fixtures.count - refused) of \(fixtures.count) old fixtures decode with the new schema"
        }
        let hidden = changes.count - listed.count
        if hidden > 0 { line += "; \(hidden) not breaking not listed (--only breaking)" }
        return line + "; semver bump: \(bump.rawValue)"
    }

    // MARK: Renderings

    /// A table for people: type, member, rule, the three verdicts (`ok` or `BREAKS`), what changed,
    /// the old and new locations, one row per listed change (``listed``: breaking ones first); then
    /// the fixture problems and the summary line.
    public func table() -> String {
        let header = ["type", "member", "change", "old clients", "new clients", "swift source", "detail", "old", "new"]
        func mark(_ verdict: CompatibilityVerdict) -> String { verdict == .compatible ? "ok" : "BREAKS" }
        let rows = listed.map { change in
            [
                change.typeName, change.member ?? "-", change.rule.rawValue, mark(change.verdicts.oldClientsNewServer),
                mark(change.verdicts.newClientsOldServer), mark(change.verdicts.swiftSource), change.detail,
                change.old?.description ?? "-", change.new?.description ?? "-",
            ]
        }
        var lines: [String] = []
        if !rows.isEmpty {
            let widths = header.indices.map { column in
                ([header] + rows).map { $0[column].count }.max() ?? 0
            }
            for row in [header] + rows {
                lines.append(
                    row.enumerated().map { column, cell in
                        column == row.count - 1
                            ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    }.joined(separator: "  "))
            }
            lines.append("")
        }
        for result in fixtures where !result.problems.isEmpty {
            for problem in result.problems {
                let location = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
                lines.append("fixture \(result.file) (\(result.typeName))\(location): \(problem.message)")
            }
        }
        for problem in versionProblems {
            lines.append("version: \(problem)")
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON for tools: `changes` (rule, type, member, detail, verdicts, old and new
    /// locations; the ``listed`` ones, breaking first), `fixtures`, `versionProblems`, `bump`,
    /// `summary`, and the ``counts`` of all changes, listed or not: `breaking`, `compatible` and
    /// `documentation`.
    public func json() throws -> String {
        struct Location: Encodable {
            var file: String
            var pointer: String
        }
        struct Change: Encodable {
            var rule: String
            var type: String
            var member: String?
            var detail: String
            var oldClientsNewServer: CompatibilityVerdict
            var newClientsOldServer: CompatibilityVerdict
            var swiftSource: CompatibilityVerdict
            var bump: SemverBump
            var old: Location?
            var new: Location?
        }
        struct Problem: Encodable {
            var pointer: String
            var message: String
        }
        struct Fixture: Encodable {
            var file: String
            var type: String
            var decodes: Bool
            var problems: [Problem]
        }
        struct Report: Encodable {
            var changes: [Change]
            var fixtures: [Fixture]
            var versionProblems: [String]
            var bump: SemverBump
            var summary: String
            var breaking: Int
            var compatible: Int
            var documentation: Int
        }
        let counts = self.counts
        let report = Report(
            changes: listed.map { change in
                Change(
                    rule: change.rule.rawValue, type: change.typeName, member: change.member, detail: change.detail,
                    oldClientsNewServer: change.verdicts.oldClientsNewServer,
                    newClientsOldServer: change.verdicts.newClientsOldServer, swiftSource: change.verdicts.swiftSource,
                    bump: change.bump, old: change.old.map { Location(file: $0.file, pointer: $0.pointer) },
                    new: change.new.map { Location(file: $0.file, pointer: $0.pointer) })
            },
            fixtures: fixtures.map { result in
                Fixture(
                    file: result.file, type: result.typeName, decodes: result.problems.isEmpty,
                    problems: result.problems.map { Problem(pointer: $0.pointer, message: $0.message) })
            },
            versionProblems: versionProblems, bump: bump, summary: summary, breaking: counts.breaking,
            compatible: counts.compatible, documentation: counts.documentation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
}
