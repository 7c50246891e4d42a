import Foundation
import RonGenerated
import Testing

/// The `==` the generator writes for each struct (one `SchemaEquality.same` per stored member)
/// compares what the derived one would: every stored member, boxed and deprecated ones through their
/// storage, the unlisted members too, and not how the value was decoded; `hash(into:)` agrees.
@Suite("Generated equality")
struct GeneratedEqualityTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func everyStoredMemberTakesPart() throws {
        let original = try decode(Playback.self, InlineSizeTests.full)
        let same = try decode(Playback.self, InlineSizeTests.full)
        #expect(original == same && original.hashValue == same.hashValue)

        var changes: [(String, (inout Playback) -> Void)] = []
        changes.append(("a boxed member", { $0.device.name = "Hall" }))
        changes.append(("an optional boxed member", { $0.context = nil }))
        changes.append(("a member inside a boxed one", { $0.context?.label = "Other" }))
        changes.append(("a plain member", { $0.urls.spotify = nil }))
        changes.append(
            (
                "a union's payload",
                {
                    guard case .episode(var episode) = $0.item else { return }
                    episode.name = "Finale"
                    $0.item = .episode(episode)
                }
            ))
        changes.append(("an optional number", { $0.progressMs = nil }))
        changes.append(("the unlisted members", { $0.additionalMembers["added"] = .bool(true) }))
        for (what, change) in changes {
            var changed = original
            change(&changed)
            #expect(changed != original, "\(what) changed, and the values still compare equal")
        }
    }

    @Test func howAValueWasDecodedIsNotCompared() throws {
        // `labels` absent or `null` is noted for re-encoding, but the values are the same.
        let full = GeneratedBehaviourTests.full
        let withNull = try decode(
            Widget.self, full.replacingOccurrences(of: #""labels": {"a": "b"}"#, with: #""labels": null"#))
        let absent = try decode(Widget.self, full.replacingOccurrences(of: #", "labels": {"a": "b"}"#, with: ""))
        #expect(withNull.labels == nil && absent.labels == nil)
        #expect(try JSONEncoder().encode(withNull) != JSONEncoder().encode(absent), "the two re-encode apart")
        #expect(withNull == absent && withNull.hashValue == absent.hashValue)
        #expect(Set([withNull, absent]).count == 1)
    }

    @Test @available(*, deprecated, message: "reads a member the schema deprecates")
    func aDeprecatedMemberTakesPart() throws {
        let widget = try decode(Widget.self, GeneratedBehaviourTests.full)
        var renamed = widget
        renamed.oldName = "newer"
        #expect(renamed != widget)
        renamed.oldName = "legacy"
        #expect(renamed == widget && renamed.hashValue == widget.hashValue)
    }
}
