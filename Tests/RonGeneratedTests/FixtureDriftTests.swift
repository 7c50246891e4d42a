import Foundation
import RonGenerated
import Testing

/// The drift check: every example under `Fixtures/` decodes with its generated type and encodes
/// back to the same JSON, through `RonFixtures` (what users call on their own fixtures). When
/// a schema and its examples disagree (a renamed member, a changed type, a new required field), the
/// failure names the file, the type and the JSON pointer.
@Suite("Fixtures match the schema")
struct FixtureDriftTests {
    @Test("every fixture round-trips through its generated type", arguments: Fixture.all())
    func roundTrip(_ example: RonFixtures.Example) {
        if let failure = RonFixtures.failure(of: example, catalog: RonSchemaCatalog.self, readers: Fixture.readers) {
            Issue.record("\(failure)")
        }
    }

    @Test("every fixture folder names a generated type")
    func foldersNameTypes() {
        let known = Set(RonSchemaCatalog.typeNames)
        for folder in Fixture.folders() {
            #expect(known.contains(folder), "Fixtures/\(folder) names no generated type")
        }
    }

    @Test("every generated type has at least one fixture")
    func everyTypeHasAFixture() {
        let covered = Set(Fixture.all().map(\.typeName))
        for name in RonSchemaCatalog.typeNames {
            #expect(
                covered.contains(name),
                "\(name) (\(RonSchemaCatalog.origin(of: name) ?? "?")) has no example under Fixtures/\(name)/")
        }
    }
}
