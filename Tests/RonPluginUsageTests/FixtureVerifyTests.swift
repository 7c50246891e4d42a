import Foundation
import RonGenerated
import Testing

/// `RonFixtures.verify` on this target's own `Fixtures/`, exactly as README tells users, and the
/// failures it reports for examples that do not match.
@Suite("RonFixtures on a user's target")
struct FixtureVerifyTests {
    @Test("README: every example under Fixtures/ matches this target's generated types")
    func fixturesMatchTheSchema() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
        try RonFixtures.verify(folder: fixtures, catalog: RonSchemaCatalog.self)
        #expect(RonFixtures.examples(in: fixtures).count == 6)
    }

    @Test("a wrong example fails with its file, type and JSON pointer")
    func failuresAreLocated() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = [
            "Circle/missing.json": "{}",
            "Circle/wrong_type.json": #"{"radius": "big"}"#,
            "Registry/extra.json": #"{"a": {"widget_id": "w", "surprise": 1}}"#,
            "Nope/any.json": "{}",
        ]
        for (path, text) in examples {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let failures = RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self)
        let name = folder.lastPathComponent
        #expect(failures.count == 4, "\(failures)")
        let byFile = Dictionary(failures.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = try #require(byFile["\(name)/Circle/missing.json"])
        #expect(missing.typeName == "Circle" && missing.pointer == "/radius")
        #expect(missing.message.contains("required but missing"))
        #expect(byFile["\(name)/Circle/wrong_type.json"]?.pointer == "/radius")
        #expect(byFile["\(name)/Nope/any.json"]?.message == "'Nope' is not a generated type")
        #expect(byFile["\(name)/Registry/extra.json"]?.pointer.hasPrefix("/a") == true)
        #expect(throws: RonFixtureVerificationError.self) {
            try RonFixtures.verify(folder: folder, catalog: RonSchemaCatalog.self)
        }
    }

    @Test("strict: a member the type does not declare fails; without strict it is kept, so it passes")
    func strictReportsUndeclaredMembers() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-fixtures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "PublishedJobsValue/newer.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"runs-on": "x", "services": {"db": "pg"}, "timeout-minutes": 5}"#.utf8).write(to: url)
        #expect(RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self).isEmpty)
        let strict = RonFixtures.failures(folder: folder, catalog: RonSchemaCatalog.self, strict: true)
        #expect(strict.count == 1)
        #expect(strict.first?.pointer == "/services")
        #expect(strict.first?.message == "a member the schema does not declare (strict)")
        #expect(throws: RonFixtureVerificationError.self) {
            try RonFixtures.verify(folder: folder, catalog: RonSchemaCatalog.self, strict: true)
        }
        // The comparison a live node's answers get in `ron drift`.
        let lost = RonFixtures.difference(
            of: Data(#"{"name": "n", "closed": {"a": "x", "b": 2}}"#.utf8), as: "Published",
            catalog: RonSchemaCatalog.self)
        #expect(lost?.pointer == "/closed/b")
    }

    @Test("a date-time in a tuple comes back as the text it came as: no difference")
    func dateTimesComeBackAsTheyCame() throws {
        let span = Data(#"["2018-08-13T21:31:01+00:10", "2018-08-13T23:00:00.5+02:00"]"#.utf8)
        let reencoded = try #require(try RonSchemaCatalog.reencode(span, as: "Span"))
        #expect(
            String(decoding: reencoded, as: UTF8.self)
                == #"["2018-08-13T21:31:01+00:10","2018-08-13T23:00:00.5+02:00"]"#)
        #expect(RonFixtures.differences(of: span, as: "Span", catalog: RonSchemaCatalog.self).isEmpty)
    }
}
