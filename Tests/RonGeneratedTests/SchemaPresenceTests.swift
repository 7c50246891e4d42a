import Foundation
import RonGenerated
import Testing

/// What a decoded struct remembers of its document, for every member position.
@Suite("SchemaPresence")
struct SchemaPresenceTests {
    @Test(arguments: [0, 1, 63, 64, 65, 127, 128, 300])
    func everyPositionIsRemembered(_ index: Int) {
        var presence = SchemaPresence()
        #expect(presence.defaulted(index, "default") == "default")
        presence.noteNull(index + 1)
        #expect(presence.wasAbsent(index) && !presence.wasAbsent(index + 1))
        #expect(presence.wasNull(index + 1) && !presence.wasNull(index))
        #expect(!presence.wasAbsent(index + 64) && !presence.wasNull(index + 65), "no other position is noted")
    }

    @Test func itNeverTakesPartInEqualityOrHashing() {
        var noted = SchemaPresence()
        _ = noted.defaulted(3, 0)
        noted.noteNull(90)
        #expect(noted == SchemaPresence())
        #expect(noted.hashValue == SchemaPresence().hashValue)
    }

    /// A member that was `null`, one that was absent and one with a value, through the two calls a
    /// generated struct makes for each member: only the `null` one is written back as `null`, and
    /// only while it is still `nil`.
    @Test func nullIsNotedWhenDecodedAndWrittenBackOnlyWhileNil() throws {
        struct Probe: Codable {
            enum Key: String, CodingKey { case gone, missing, kept }
            var gone: Int?
            var missing: Int?
            var kept: Int?
            var presence = SchemaPresence()

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                gone = try container.decodeIfPresent(Int.self, forKey: .gone)
                missing = try container.decodeIfPresent(Int.self, forKey: .missing)
                kept = try container.decodeIfPresent(Int.self, forKey: .kept)
                if gone == nil { presence.noteNull(0, ifPresentIn: container, forKey: .gone) }
                if missing == nil { presence.noteNull(1, ifPresentIn: container, forKey: .missing) }
                if kept == nil { presence.noteNull(2, ifPresentIn: container, forKey: .kept) }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encodeIfPresent(gone, forKey: .gone)
                try container.encodeNullIfNoted(0, in: presence, whileNil: gone, forKey: .gone)
                try container.encodeIfPresent(missing, forKey: .missing)
                try container.encodeNullIfNoted(1, in: presence, whileNil: missing, forKey: .missing)
                try container.encodeIfPresent(kept, forKey: .kept)
                try container.encodeNullIfNoted(2, in: presence, whileNil: kept, forKey: .kept)
            }
        }
        var probe = try JSONDecoder().decode(Probe.self, from: Data(#"{"gone": null, "kept": 7}"#.utf8))
        #expect(probe.presence.wasNull(0) && !probe.presence.wasNull(1) && !probe.presence.wasNull(2))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(probe), as: UTF8.self) == #"{"gone":null,"kept":7}"#)
        probe.gone = 1
        probe.kept = nil
        #expect(String(decoding: try encoder.encode(probe), as: UTF8.self) == #"{"gone":1}"#)
    }

    /// The one-call forms a generated struct now makes per member (`nullNotedAt:`,
    /// `orDefault:notedAt:`, `skippingDefault:absentAt:`): a `null` member is written back as
    /// `null`, an absent defaulted one is left out while it holds its default and written once it
    /// changed, and a present one is written as it is.
    @Test func theOneCallFormsKeepWhatTheDocumentHad() throws {
        struct Probe: Codable {
            enum Key: String, CodingKey { case name, flag, tags, mode, size }
            var name: String?
            var flag: Bool
            var tags: [String]
            var mode: String
            var size: Double?
            var presence = SchemaPresence()

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                var presence = SchemaPresence()
                name = try container.decodeStringIfPresent(forKey: .name, nullNotedAt: 0, in: &presence)
                flag = try container.decodeBoolIfPresent(forKey: .flag, orDefault: true, notedAt: 1, in: &presence)
                tags = try container.decodeMemberIfPresent(
                    [String].self, forKey: .tags, orDefault: ["a"], notedAt: 2, in: &presence)
                mode = try container.decodeStringIfPresent(forKey: .mode, orDefault: "fast", notedAt: 3, in: &presence)
                size = try container.decodeDoubleIfPresent(forKey: .size, nullNotedAt: 4, in: &presence)
                self.presence = presence
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encodeStringIfPresent(name, forKey: .name, nullNotedAt: 0, in: presence)
                try container.encodeBool(flag, forKey: .flag, skippingDefault: true, absentAt: 1, in: presence)
                try container.encodeMember(tags, forKey: .tags, skippingDefault: ["a"], absentAt: 2, in: presence)
                try container.encodeString(mode, forKey: .mode, skippingDefault: "fast", absentAt: 3, in: presence)
                try container.encodeDoubleIfPresent(size, forKey: .size, nullNotedAt: 4, in: presence)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var probe = try JSONDecoder().decode(Probe.self, from: Data(#"{"name": null, "mode": "fast", "size": 2}"#.utf8))
        #expect(probe.name == nil && probe.flag && probe.tags == ["a"] && probe.mode == "fast" && probe.size == 2)
        #expect(String(decoding: try encoder.encode(probe), as: UTF8.self) == #"{"mode":"fast","name":null,"size":2}"#)
        probe.flag = false
        probe.name = "n"
        probe.size = nil
        #expect(
            String(decoding: try encoder.encode(probe), as: UTF8.self) == #"{"flag":false,"mode":"fast","name":"n"}"#)
    }

    /// The wire form of a member holding date-times in arrays and maps: kept only when a text is not
    /// canonical, and each text given back at its place while it names the same instant.
    @Test func keptDateTimeTextsComeBackWhereTheirInstantIsUnchanged() throws {
        let texts = [["2018-08-13T21:31:01+00:10", "2025-01-02T03:04:05Z"], ["2025-01-02T03:04:05.5+01:00"]]
        let wire = texts.map { $0.compactMap { WireTimestamp(text: $0) } }
        #expect(wire.keepsText && !wire[0][1].keepsText)
        var presence = SchemaPresence()
        let plain: [[Date]] = presence.keeping(3, wire)
        #expect(plain == wire.map { $0.map(\.value) })
        #expect(presence.wire(3, plain, as: [[WireTimestamp]].self).map { $0.map(\.text) } == texts)
        // Another member, or the same member changed in Swift: the canonical form where it changed.
        #expect(presence.wire(2, plain, as: [[WireTimestamp]].self)[0][0].text == "2018-08-13T21:21:01Z")
        var changed = plain
        changed[0][0] = Date(timeIntervalSince1970: 0)
        changed[1].append(plain[1][0])
        #expect(
            presence.wire(3, changed, as: [[WireTimestamp]].self).map { $0.map(\.text) } == [
                ["1970-01-01T00:00:00Z", "2025-01-02T03:04:05Z"],
                ["2025-01-02T03:04:05.5+01:00", "2025-01-02T02:04:05.5Z"],
            ])
        // By key in a map; nothing is kept when every text is canonical.
        var other = SchemaPresence()
        let map = try #require(WireTimestamp(text: "2018-08-13t21:31:01z"))
        #expect(other.keeping(0, ["a": map]) == ["a": map.value])
        #expect(
            other.wireIfPresent(0, ["a": map.value, "b": map.value], as: [String: WireTimestamp].self)?
                .mapValues(\.text) == ["a": "2018-08-13t21:31:01z", "b": "2018-08-13T21:31:01Z"])
        var canonical = SchemaPresence()
        _ = canonical.keeping(0, [WireTimestamp(map.value)])
        #expect(canonical.wire(0, [map.value], as: [WireTimestamp].self).map(\.text) == ["2018-08-13T21:31:01Z"])
        #expect(canonical.keepingIfPresent(1, [WireTimestamp]?.none) == nil)
        #expect(presence == SchemaPresence(), "never compared")
    }
}
