import Foundation
import RonGenerated
import Testing

/// Decodes `json` as `T`.
private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// `json` decoded as `T` and encoded again, in canonical form, with `json` in canonical form.
private func reencoded<T: Codable>(_ type: T.Type, _ json: String) throws -> (again: String, sent: String) {
    let value = try decode(T.self, json)
    return (
        try CanonicalJSON.render(json: JSONEncoder().encode(value)), try CanonicalJSON.render(json: Data(json.utf8))
    )
}

/// Untagged enums whose variants overlap (`untagged-best-fit.schema.json`): decoding takes the
/// variant that fits the value best, not the first that decodes (docs/SchemaFormat.md).
@Suite("Untagged enums: the variant that fits best")
struct UntaggedBestFitTests {
    @Test func anObjectOfTheSecondStructKeepsEveryMember() throws {
        // Both structs decode this object (all their members are optional); `Group` comes first
        // but declares only `name`, `Item` declares both members.
        let json = #"{"name": "x", "response": [{"body": "true"}]}"#
        #expect(try decode(GroupOrItem.self, json) == .item(Item(name: "x", response: [Response(body: "true")])))
        let (again, sent) = try reencoded(GroupOrItem.self, json)
        #expect(again == sent)
        #expect(
            try decode(GroupOrItem.self, #"{"name": "x", "members": ["a"]}"#)
                == .group(Group(name: "x", members: ["a"])))
        // A tie (only `name`, or nothing) keeps the schema's order.
        #expect(try decode(GroupOrItem.self, #"{"name": "x"}"#) == .group(Group(name: "x")))
        #expect(try decode(GroupOrItem.self, "{}") == .group(Group()))
    }

    @Test func aWholeNumberGoesToTheIntegerVariantAFractionToTheDouble() throws {
        #expect(try decode(Amount.self, "7") == .int64(7))
        #expect(try decode(Amount.self, "-9223372036854775808") == .int64(Int64.min))
        #expect(try decode(Amount.self, "7.5") == .double(7.5))
        // Too large for Int64: only the Double fits.
        #expect(try decode(Amount.self, "18446744073709551615") == .double(Double(UInt64.max)))
        #expect(try reencoded([Amount].self, "[7, 7.5]").again == "[7,7.5]")
    }

    @Test func aKnownEnumCaseBeatsAPlainStringWhichBeatsAnUnknownCase() throws {
        // `String` comes first in `Label`, yet a value `Tone` knows is a `Tone`.
        #expect(try decode(Label.self, #""dark""#) == .tone(.dark))
        #expect(try decode(Label.self, #""dusk""#) == .string("dusk"))
        // Two open enums: the one that knows the value wins; neither knows it: the first, as unknown.
        #expect(try decode(Hue.self, #""light""#) == .tone(.light))
        #expect(try decode(Hue.self, #""red""#) == .color(.red))
        #expect(try decode(Hue.self, #""mauve""#) == .color(.unknown("mauve")))
    }

    @Test func nullGoesToTheNullVariant() throws {
        #expect(try decode(Blank.self, "null") == .null)
        #expect(try decode(Blank.self, #""""#) == .string(""))
        #expect(try decode(Blank.self, "false") == .bool(false))
        #expect(try reencoded([Blank].self, #"[null, "", false]"#).again == #"[null,"",false]"#)
    }

    @Test func aVariantThatMayBeNullIsTheVariantAndANullCase() throws {
        #expect(try decode([Presence].self, #"[3, null, "three"]"#) == [.int32(3), .null, .string("three")])
        #expect(try reencoded([Presence].self, #"[3, null, "three"]"#).again == #"[3,null,"three"]"#)
    }

    @Test func aMapAccountsForTheMembersWhoseValuesItHolds() throws {
        // Numbers: the map holds none of them; the struct declares both.
        #expect(try decode(Place.self, #"{"lat": 1.5, "lon": 2}"#) == .coordinates(Coordinates(lat: 1.5, lon: 2)))
        #expect(try decode(Place.self, #"{"city": "Oslo"}"#) == .stringMap(["city": "Oslo"]))
        // The struct declares one member of two, the map holds both: the map keeps them.
        #expect(try decode(Tagging.self, #"{"name": "a", "extra": "b"}"#) == .stringMap(["name": "a", "extra": "b"]))
        #expect(try decode(Tagging.self, #"{"name": "a"}"#) == .tags(Tags(name: "a")))
    }

    @Test func anyJSONRanksLastAndANestedUnionFitsAsItsBestVariant() throws {
        #expect(try decode(Anything.self, #""x""#) == .string("x"))
        #expect(try decode(Anything.self, "5") == .amount(.int64(5)))
        #expect(try decode(Anything.self, "5.5") == .amount(.double(5.5)))
        #expect(try decode(Anything.self, "[1, true]") == .json([1, true]))
        #expect(try decode(Anything.self, "null") == .json(nil))
    }

    @Test func aTaggedEnumFitsWhenItsTagIsKnown() throws {
        let circle = #"{"type": "circle", "radius": 1.5}"#
        #expect(try decode(Outline.self, circle) == .shape(.circle(Circle(radius: 1.5))))
        #expect(try reencoded(Outline.self, circle).again == #"{"radius":1.5,"type":"circle"}"#)
        #expect(try decode(Outline.self, #"{"radius": 1.5}"#) == .circle(Circle(radius: 1.5)))
    }

    @Test func equalCountsGoToTheVariantWhoseRequiredMembersArePresent() throws {
        #expect(try decode(Pick.self, #"{"a": 1}"#) == .lenient(Lenient(a: 1)))
        #expect(try decode(Pick.self, #"{"a": 1, "b": "x"}"#) == .strict(Strict(a: 1, b: "x")))
    }

    @Test func theBestVariantThatDoesNotDecodeGivesWayToTheNext() throws {
        // `Coordinates` declares the member but cannot hold text; the map can.
        #expect(try decode(Place.self, #"{"lat": "north"}"#) == .stringMap(["lat": "north"]))
        // A fraction too large for Int32 in `Pick`: neither struct decodes it.
        #expect(throws: DecodingError.self) { try decode(Pick.self, #"{"a": 1.5}"#) }
    }

    @Test func anAliasOfADateTimeDecodesAndEncodesAsText() throws {
        let json = #"["2025-01-02T03:04:05Z", 12]"#
        // The case holds a `WireTimestamp` (which keeps the text it came as); its `value` is the `Date`.
        let moments = try decode([Moment].self, json)
        #expect(moments == [.when(WireTimestamp(Date(timeIntervalSince1970: 1_735_787_045))), .int64(12)])
        if case .when(let stamp) = moments.first { #expect(stamp.value == Date(timeIntervalSince1970: 1_735_787_045)) }
        #expect(try reencoded([Moment].self, json).again == #"["2025-01-02T03:04:05Z",12]"#)
    }

    @Test func aValueNoVariantFitsNamesTheUnionWhatWasTriedAndThePath() throws {
        #expect {
            _ = try decode([String: Amount].self, #"{"total": "ten"}"#)
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["total"]
                && context.debugDescription == "No variant of Amount matches the value (tried Double, Int64)."
        }
        // Variants that fit but do not decode: the best one's error is the underlying one, with its
        // path (`Lenient` is tried first: its required members are all present).
        #expect {
            _ = try decode([Pick].self, #"[{"a": "one"}]"#)
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError,
                case .typeMismatch(_, let inner)? = context.underlyingError as? DecodingError
            else { return false }
            return context.debugDescription.hasPrefix("No variant of Pick matches the value")
                && inner.codingPath.map(\.stringValue) == ["Index 0", "a"]
        }
    }
}
