import Foundation
import RonGenerated
import Testing

/// A schemars document dropped into `Schema/` as it comes (draft-07, root type named by its title,
/// `definitions`, `anyOf` with null, documented `allOf` refs, sized formats): the plugin generates
/// it, and its wire examples round-trip.
@Suite("A schemars document on the wire")
struct RealWorldSchemaTests {
    static let example = """
        {"count": 4294967295, "id": "4b5c8f60-3f53-4d7a-9c56-1f3d0a9c2b11", "size": null,
         "owner": {"name": "ana", "age": 255}, "state": "closed", "payload": "p", "tags": ["a"],
         "scores": {"x": 1.5}, "created": "2025-01-02T03:04:05Z", "ratio": 0.25, "small": -128,
         "medium": 32767}
        """

    @Test func decodesAndReencodesTheSameJSON() throws {
        let item = try JSONDecoder().decode(Item_for_String.self, from: Data(Self.example.utf8))
        #expect(item.count == UInt32.max && item.small == Int8.min && item.medium == Int16.max)
        #expect(item.owner?.age == UInt8.max)
        #expect(item.state == .closed)
        #expect(item.size == nil)
        #expect(item.ratio == Float(0.25))
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(item))
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(Self.example.utf8))
        // `size: null` is `nil` once decoded and goes back as `null`, as it came.
        #expect(again == expected)
    }

    @Test(arguments: [
        ("1985-04-12T23:20:50+02:00", 482_188_850.0), ("2019-05-24T14:37:28.600Z", 1_558_708_648.6),
        ("2024-02-09T16:37:40.475353-07:00", 1_707_521_860.475353), ("2018-12-14T10:00:00", 1_544_781_600.0),
        ("2025-01-02 03:04:05z", 1_735_787_045.0),
    ])
    func aTimestampKeepsTheTextItCameAs(_ text: String, _ seconds: Double) throws {
        let json = #"{"count": 1, "id": "i", "payload": "p", "created": "\#(text)"}"#
        var item = try JSONDecoder().decode(Item_for_String.self, from: Data(json.utf8))
        #expect(abs((item.created?.timeIntervalSince1970 ?? 0) - seconds) < 1e-6, "compares by instant")
        let again = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(item))
        #expect(again["created"] == .string(text))
        // Changed in Swift: the canonical form.
        item.created = Date(timeIntervalSince1970: seconds + 1)
        let changed = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(item))
        #expect(changed["created"] == .string(RFC3339.format(Date(timeIntervalSince1970: seconds + 1))))
    }

    @Test(arguments: [
        (#""count": 4294967296"#, "count"), (#""count": -1"#, "count"), (#""small": 128"#, "small"),
        (#""medium": -32769"#, "medium"), (#""owner": {"name": "a", "age": 256}"#, "owner.age"),
    ])
    func outOfRangeNumbersFailWithTheirPath(member: String, path: String) throws {
        let base =
            member.hasPrefix(#""count""#)
            ? #"{"id": "x", "payload": "p", "# : #"{"id": "x", "payload": "p", "count": 1, "#
        let json = base + member + "}"
        do {
            _ = try JSONDecoder().decode(Item_for_String.self, from: Data(json.utf8))
            Issue.record("\(member) decoded")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == path)
        }
    }

    @Test func anEnumValueNamedUnknownIsACaseOfItsOwn() throws {
        #expect(ItemState(rawValue: "unknown") == .unknownCase)
        #expect(ItemState(rawValue: "later") == .unknown("later"))
        #expect(ItemState.unknownCase.rawValue == "unknown")
    }
}
