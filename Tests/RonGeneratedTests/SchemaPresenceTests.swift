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
}
