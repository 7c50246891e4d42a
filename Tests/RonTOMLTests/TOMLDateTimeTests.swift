import Foundation
import RonTOML
import Testing

@Suite("TOMLDateTime")
struct TOMLDateTimeTests {
    @Test func offsetDateTimeGivesTheInstant() throws {
        let value = try TOMLDateTime("1979-05-27T00:32:00.5-07:00")
        #expect(value.kind == .offsetDateTime)
        #expect(value.date == Date(timeIntervalSince1970: 296_638_320.5))
        #expect(try TOMLDateTime("1970-01-01T00:00:00Z").date == Date(timeIntervalSince1970: 0))
        #expect(try TOMLDateTime("1979-05-27").date == nil)
    }

    @Test func equalityIsKindAndExactText() throws {
        #expect(try TOMLDateTime("1979-05-27T07:32:00Z") == TOMLDateTime("1979-05-27T07:32:00Z"))
        #expect(try TOMLDateTime("1979-05-27T07:32:00Z") != TOMLDateTime("1979-05-27 07:32:00Z"))
        #expect(try TOMLDateTime("07:32:00").description == "07:32:00")
    }

    @Test(arguments: [
        "1979-13-01", "1979-02-29", "24:00:00", "1979-05-27T07:32:00+24:00", "1979-05-27X07:32:00",
        "1979-05-27T07:32:00.", "07:32:00Z", "2000-01-01T00:00:61", "7:32:00",
    ])
    func rejectsInvalidText(text: String) {
        #expect(throws: TOMLParseError.self) { try TOMLDateTime(text) }
    }
}
