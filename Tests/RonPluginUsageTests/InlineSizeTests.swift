import Foundation
import RonGenerated
import Testing

/// Members and union payloads that hold many references inline are stored out of line
/// (`inline-size.schema.json`): on the wire and to the user the types behave as if they were not.
@Suite("Values stored out of line for their size")
struct InlineSizeTests {
    /// A whole answer, every member present (also compared in `GeneratedEqualityTests`).
    static let full = #"""
        {"device": {"id": "d1", "name": "Kitchen", "kind": "speaker", "volume_percent": 40,
                    "supports_volume": true, "market": "SE", "owner": "ana", "firmware": "9.1"},
         "context": {"uri": "spotify:playlist:1", "href": "https://api.example/p/1", "type": "playlist",
                     "external": {"spotify": "https://open.example/p/1"}, "label": "Mix"},
         "urls": {"spotify": "https://open.example/t/1"},
         "item": {"type": "episode", "id": "e1", "name": "Pilot", "show": "Talk", "publisher": "Net",
                  "language": "sv"},
         "progress_ms": 9007199254740993}
        """#

    private func canonical(_ value: some Encodable) throws -> String {
        try CanonicalJSON.render(json: JSONEncoder().encode(value))
    }

    @Test func aFullAnswerRoundTripsWithEveryMemberReadable() throws {
        let playback = try JSONDecoder().decode(Playback.self, from: Data(Self.full.utf8))
        #expect(playback.device.name == "Kitchen" && playback.device.volumePercent == 40)
        #expect(playback.device.additionalMembers == ["firmware": "9.1"], "an unlisted member inside a boxed one")
        #expect(playback.context?.external?.spotify == "https://open.example/p/1")
        #expect(playback.progressMs == 9_007_199_254_740_993)
        guard case .episode(let episode) = playback.item else {
            Issue.record("the item is not the episode: \(playback.item)")
            return
        }
        #expect(episode.show == "Talk")
        #expect(try canonical(playback) == CanonicalJSON.render(json: Data(Self.full.utf8)))
    }

    @Test func aNullOrAbsentBoxedMemberComesBackAsItCame() throws {
        for context in [#""context": null, "#, ""] {
            let json = #"""
                {\#(context)"device": {"id": "d", "name": "n"}, "urls": {},
                 "item": {"type": "track", "id": "t", "name": "n", "album": "a", "artist": "b", "isrc": "i"}}
                """#
            let playback = try JSONDecoder().decode(Playback.self, from: Data(json.utf8))
            #expect(playback.context == nil)
            #expect(try canonical(playback) == CanonicalJSON.render(json: Data(json.utf8)), "context: \(context)")
        }
    }

    @Test func aMissingRequiredBoxedMemberIsNamed() throws {
        let json = #"""
            {"urls": {}, "item": {"type": "track", "id": "t", "name": "n", "album": "a", "artist": "b", "isrc": "i"}}
            """#
        #expect {
            try JSONDecoder().decode(Playback.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "device"
        }
    }

    @Test func copiesKeepValueSemanticsEqualityAndHashing() throws {
        let original = try JSONDecoder().decode(Playback.self, from: Data(Self.full.utf8))
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.device.name = "Hall"
        copy.context?.label = nil
        copy.item = .track(PlayingItemTrack(id: "t", name: "n", album: "a", artist: "b", isrc: "i"))
        #expect(original.device.name == "Kitchen", "a change to a copy's boxed member does not reach the original")
        #expect(original.context?.label == "Mix")
        #expect(copy.device.name == "Hall" && copy.context?.label == nil && copy != original)
        copy.device.name = "Kitchen"
        copy.context?.label = "Mix"
        copy.item = original.item
        #expect(copy == original && copy.hashValue == original.hashValue, "equal again: compared by value, not by box")
    }
}
