import Foundation
import RonGenerated
import Testing

/// The drift check: every example under `Fixtures/` decodes with its generated type and encodes
/// back to the same JSON. When a schema and its examples disagree (a renamed member, a changed
/// type, a new required field), the failure names the file, the type and the field.
@Suite("Fixtures match the schema")
struct FixtureDriftTests {
    @Test("every fixture round-trips through its generated type", arguments: Fixture.all())
    func roundTrip(_ fixture: Fixture) throws {
        let original = try fixture.json()
        let reencoded: Data
        do {
            guard let data = try RonSchemaCatalog.reencode(original, as: fixture.typeName) else {
                Issue.record("\(fixture.path): '\(fixture.typeName)' is not a generated type")
                return
            }
            reencoded = data
        } catch let error as DecodingError {
            Issue.record("\(fixture.path) does not decode as \(fixture.typeName): \(DecodingErrorText.describe(error))")
            return
        }
        let expected = try JSONDecoder().decode(JSONValue.self, from: original)
        let actual = try JSONDecoder().decode(JSONValue.self, from: reencoded)
        if let difference = JSONDifference.first(expected: expected, actual: actual) {
            Issue.record("\(fixture.path) (\(fixture.typeName)): \(difference)")
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

/// A decoding error as one line: what failed and at which field.
enum DecodingErrorText {
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ extra: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (extra.map { [$0] } ?? [])
            return keys.isEmpty
                ? "$" : "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "field \(path(context, key)) is required but missing"
        case .typeMismatch(let type, let context):
            return "field \(path(context)) is not \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "field \(path(context)) is null, \(type) expected"
        case .dataCorrupted(let context):
            return "field \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
