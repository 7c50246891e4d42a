import Foundation
import RonGenerated
import Testing

/// Decodes `json` as `T`, encodes it again and returns both in canonical form.
private func roundTrip<T: Codable>(_ type: T.Type, _ json: String) throws -> (value: T, sent: String, again: String) {
    let value = try JSONDecoder().decode(T.self, from: Data(json.utf8))
    let again = try CanonicalJSON.render(json: JSONEncoder().encode(value))
    return (value, try CanonicalJSON.render(json: Data(json.utf8)), again)
}

/// The coding path of a decoding error, as `a.Index 1.b`.
private func path(of error: any Error) -> String? {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
        return context.codingPath.map(\.stringValue).joined(separator: ".")
    case .keyNotFound(let key, let context)?:
        return (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
    default: return nil
    }
}

/// `#[serde(untagged)]` enums: the variant that fits best; equal fits keep the schema's order.
@Suite("Untagged serde enums on the wire")
struct UntaggedEnumTests {
    @Test func everyVariantDecodesToItsCaseAndReencodesTheSameJSON() throws {
        let json = #"[null, true, 7, 1.5, "text", [1, "a", [false]], {"x": 1.5, "y": -2.25}, 4294967296]"#
        let (values, sent, again) = try roundTrip([Scalar].self, json)
        #expect(
            values == [
                .null, .bool(true), .uint32(7), .double(1.5), .string("text"),
                .scalarArray([.uint32(1), .string("a"), .scalarArray([.bool(false)])]), .point(Point(x: 1.5, y: -2.25)),
                .double(4_294_967_296),
            ])
        #expect(again == sent)
    }

    @Test func equalFitsKeepTheSchemasOrder() throws {
        // A timestamp is also a string, which fits as well, and `String` comes first in the schema.
        #expect(try roundTrip(Scalar.self, #""2025-01-02T03:04:05Z""#).value == .string("2025-01-02T03:04:05Z"))
        let either = try roundTrip([Either].self, #"[{"x": 1.5, "y": 2.5}, ["a"], {"a": 1}]"#)
        #expect(either.value == [.point(Point(x: 1.5, y: 2.5)), .stringArray(["a"]), .integerMap(["a": 1])])
        #expect(either.again == either.sent)
    }

    @Test func inlineStructVariantsAreStructsOfTheirOwn() throws {
        let (figures, sent, again) = try roundTrip([Figure].self, #"[{"radius": 1.5}, {"side": 2.5}, "blob"]"#)
        #expect(figures == [.variant0(FigureVariant0(radius: 1.5)), .square(FigureSquare(side: 2.5)), .string("blob")])
        #expect(again == sent)
        // Both members: each variant declares one of the two, so the first in the schema wins, and
        // keeps the other member as one it does not list.
        let both = try roundTrip(Figure.self, #"{"side": 0.5, "radius": 3.5}"#)
        #expect(both.value == .variant0(FigureVariant0(radius: 3.5, additionalMembers: ["side": 0.5])))
        #expect(both.again == both.sent)
    }

    @Test func theShapesSchemars1PrintsForAnUntaggedEnumRoundTrip() throws {
        let json =
            #"[null, {"a": "b"}, {"x": 1.5, "y": 2.5}, {"foo": -1, "bar": true}, [7, false], 18446744073709551615, "12 true"]"#
        let (values, sent, again) = try roundTrip([Mixed].self, json)
        #expect(
            values == [
                .null, .stringMap(["a": "b"]), .point(Point(x: 1.5, y: 2.5)),
                .variant3(MixedVariant3(foo: -1, bar: true)),
                .variant4(MixedVariant4(7, false)), .uint64(UInt64.max), .string("12 true"),
            ])
        #expect(again == sent)
        // A unit struct is `null` on the wire; an earlier `null` variant fits as well and wins.
        #expect(try CanonicalJSON.render(json: JSONEncoder().encode(Mixed.unitStruct(UnitStruct()))) == "null")
        #expect(try JSONDecoder().decode(UnitStruct.self, from: Data("null".utf8)) == UnitStruct())
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(UnitStruct.self, from: Data("{}".utf8)) }
    }

    @Test func aValueNoVariantFitsFailsWithItsPath() throws {
        #expect {
            _ = try JSONDecoder().decode([Scalar].self, from: Data(#"[1, {"x": 1.5}]"#.utf8))
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return path(of: error) == "Index 1" && context.debugDescription.contains("No variant of Scalar matches")
        }
    }
}

/// `#[serde(flatten)]`: `allOf` of a `$ref`, an inline object and a `$ref` that flattens again.
@Suite("Flattened structs on the wire")
struct FlattenedStructTests {
    @Test func allMembersOfAllPartsAreOneStruct() throws {
        let json = #"{"created_by": "ana", "version": 3, "id": "a1", "labels": {"k": "v"}}"#
        let (account, sent, again) = try roundTrip(Account.self, json)
        #expect(account.id == "a1" && account.createdBy == "ana" && account.version == 3)
        #expect(account.labels == ["k": "v"])
        #expect(again == sent)
    }

    @Test(arguments: [(#"{"created_by": "ana"}"#, "id"), (#"{"id": "a1"}"#, "created_by")])
    func aMemberRequiredByAnyPartIsRequired(json: String, missing: String) {
        #expect {
            _ = try JSONDecoder().decode(Account.self, from: Data(json.utf8))
        } throws: { error in
            path(of: error) == missing
        }
    }
}

/// Tuples: `items: [..]` (draft-07) and `prefixItems` (2020-12), inline and named.
@Suite("Tuples on the wire")
struct TupleTests {
    @Test func tuplesAreArraysOfTheirElements() throws {
        let json = #"{"pair": [255, "x"], "points": [[1.5, 2.5], [3.5, -4.5]], "span": ["2025-01-02T03:04:05Z", null]}"#
        let (segment, sent, again) = try roundTrip(Segment.self, json)
        #expect(segment.pair == SegmentPair(255, "x"))
        #expect(segment.points.map(\._1) == [2.5, -4.5])
        #expect(segment.span?._0 == Date(timeIntervalSince1970: 1_735_787_045) && segment.span?._1 == nil)
        #expect(again == sent)
        let pair = try roundTrip(Pair.self, #"[-9223372036854775808, null, [true, 65535]]"#)
        #expect(pair.value == Pair(Int64.min, nil, PairElement2(true, UInt16.max)))
        #expect(pair.again == pair.sent)
    }

    @Test(arguments: [
        (#"{"pair": [1], "points": []}"#, "pair", "Expected an array of 2 elements"),
        (#"{"pair": [1, "a", 2], "points": []}"#, "pair", "Expected an array of 2 elements"),
        (#"{"pair": [256, "a"], "points": []}"#, "pair.Index 0", "out of range for UInt8"),
        (#"{"pair": [1, "a"], "points": [[1.5]]}"#, "points.Index 0", "Expected an array of 2 elements"),
    ])
    func aWrongLengthOrElementFailsWithItsPath(json: String, at expected: String, message: String) {
        #expect {
            _ = try JSONDecoder().decode(Segment.self, from: Data(json.utf8))
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return path(of: error) == expected && context.debugDescription.contains(message)
        }
    }
}

/// Maps whose keys are integers in serde (`HashMap<u32, T>`): string keys in Swift.
@Suite("Maps with propertyNames on the wire")
struct IntegerKeyMapTests {
    @Test func integerKeysStayTextAndRoundTrip() throws {
        let json = #"{"names": {"1": "one", "42": "x"}, "bytes": {"-1": [0, 255]}, "plain": {"7": -1}}"#
        let (inventory, sent, again) = try roundTrip(Inventory.self, json)
        #expect(inventory.names == ["1": "one", "42": "x"])
        #expect(inventory.bytes == ["-1": [0, 255]])
        let byId: ById = try JSONDecoder().decode(ById.self, from: Data(#"{"3": true}"#.utf8))
        #expect(byId == ["3": true])
        #expect(again == sent)
        // schemars 1.x: `patternProperties` with one key pattern and `additionalProperties: false`.
        let patterned = try roundTrip(
            Inventory.self, #"{"names": {}, "u_map": {"0": true}, "i_map": {"-1": -128, "2": 127}}"#)
        #expect(patterned.value.uMap == ["0": true] && patterned.value.iMap == ["-1": -128, "2": 127])
        #expect(patterned.again == patterned.sent)
        let byKey: ByKey = try JSONDecoder().decode(ByKey.self, from: Data(#"{"0f": false}"#.utf8))
        #expect(byKey == ["0f": false])
    }
}

/// Types that hold themselves through an optional or a union: boxed members, indirect enums.
@Suite("Recursive types on the wire")
struct RecursiveTypeTests {
    @Test func aLinkedListRoundTripsAndKeepsValueSemantics() throws {
        let json = #"{"value": 1, "next": {"value": 2, "next": {"value": 3}}}"#
        let (list, sent, again) = try roundTrip(LinkedNode.self, json)
        #expect(list.next?.next?.value == 3 && list.next?.next?.next == nil)
        #expect(again == sent)
        var copy = list
        copy.next?.next?.value = 30
        copy.next?.next?.next = LinkedNode(value: 4)
        #expect(list.next?.next?.value == 3, "a change to a copy does not reach the original")
        #expect(copy.next?.next?.next?.value == 4 && copy != list)
        #expect(LinkedNode(value: 1, next: LinkedNode(value: 2)) == LinkedNode(value: 1, next: LinkedNode(value: 2)))
    }

    @Test func aNewtypeThatNamesItselfThroughAnArrayIsAStructAndTransparentOnTheWire() throws {
        let (forest, sent, again) = try roundTrip(Forest.self, "[[], [[]], [[], [[]]]]")
        #expect(forest.value.count == 3 && forest.value[2].value[1].value[0].value.isEmpty)
        #expect(again == sent)
        let (index, indexSent, indexAgain) = try roundTrip(Index.self, #"{"a": [{}, {"b": []}]}"#)
        #expect(index.value["a"]?.value[1].value["b"]?.value == [])
        #expect(indexAgain == indexSent)
    }

    @Test func aTreeWithMutualRecursionAndRecursiveEnumsRoundTrips() throws {
        let json = #"""
            {"label": "root",
             "left": {"label": "l", "right": {"label": "lr", "link": "by-name"}},
             "owner": {"name": "ana", "pet": {"name": "rex", "owner": {"name": "bo"},
                       "shape": {"Neg": {"Add": [{"Lit": 1}, {"Neg": {"Lit": -9223372036854775808}}]}}}},
             "link": {"label": "sub", "link": {"label": "subsub"}}}
            """#
        let (tree, sent, again) = try roundTrip(Tree.self, json)
        #expect(tree.left?.right?.label == "lr" && tree.right == nil)
        #expect(tree.left?.right?.link == .string("by-name"))
        #expect(tree.owner?.pet?.owner?.name == "bo")
        #expect(tree.owner?.pet?.shape == .neg(.add([.lit(1), .neg(.lit(Int64.min))])))
        guard case .tree(let sub)? = tree.link, case .tree(let subsub)? = sub.link else {
            Issue.record("link did not decode as a subtree: \(String(describing: tree.link))")
            return
        }
        #expect(subsub.label == "subsub")
        #expect(again == sent)
    }
}

/// `x-ron-aliases`: another member name accepted on decode; the wire name wins and is written.
@Suite("Member aliases on the wire")
struct MemberAliasTests {
    @Test func anAliasIsReadWhenTheWireNameIsAbsentAndTheWireNameIsWritten() throws {
        let cursor = try JSONDecoder().decode(
            Cursor.self,
            from: Data(#"{"items": [], "nextPageToken": "t", "totalCount": 3, "at": "2025-01-02T03:04:05Z"}"#.utf8))
        #expect(cursor.nextPageToken == "t" && cursor.totalCount == 3)
        #expect(cursor.stamp == Date(timeIntervalSince1970: 1_735_787_045))
        let written = try CanonicalJSON.render(json: JSONEncoder().encode(cursor))
        #expect(
            written
                == CanonicalJSON.render(
                    ["items": [], "next_page_token": "t", "total_count": 3, "stamp": "2025-01-02T03:04:05Z"]))
        let second = try JSONDecoder().decode(Cursor.self, from: Data(#"{"items": [], "next": "n"}"#.utf8))
        #expect(second.nextPageToken == "n")
    }

    @Test func theWireNameWinsOverAnAlias() throws {
        let cursor = try JSONDecoder().decode(
            Cursor.self, from: Data(#"{"items": [], "nextPageToken": "camel", "next_page_token": "snake"}"#.utf8))
        #expect(cursor.nextPageToken == "snake")
        let nulled = try JSONDecoder().decode(
            Cursor.self, from: Data(#"{"items": [], "nextPageToken": "camel", "next_page_token": null}"#.utf8))
        #expect(nulled.nextPageToken == nil)
    }

    @Test func aBadValueUnderAnAliasFailsWithTheAliasPath() {
        #expect {
            _ = try JSONDecoder().decode(Cursor.self, from: Data(#"{"items": [], "totalCount": -1}"#.utf8))
        } throws: { error in
            path(of: error) == "totalCount"
        }
    }
}

/// Structs that nest through optional members without holding themselves: every other level is
/// stored in a box behind the same property, and all structs share one coding key.
@Suite("Nested structs on the wire")
struct NestedStructTests {
    static let json = #"""
        {"name": "hall", "default": true,
         "address": {"street": "1 Main",
                     "geo": {"lat": 1.5, "lon": -2.25, "geo-hash": "u4pruyd",
                             "accuracy": {"meters": 3.5, "_source": "gps", "stringValue": "s"}}},
         "contact": {"email": "a@example.com", "address": {"street": "2 Side", "geo": {"lat": 0.5, "lon": 0.25}}}}
        """#

    @Test func optionalStructsFourLevelsDeepRoundTripWithTheirWireNames() throws {
        let (venue, sent, again) = try roundTrip(Venue.self, Self.json)
        #expect(venue.address?.geo?.geoHash == "u4pruyd")
        #expect(venue.address?.geo?.accuracy == Accuracy(meters: 3.5, source: "gps", stringValue: "s"))
        #expect(venue.contact.address?.geo?.lon == 0.25 && venue.contact.address?.geo?.accuracy == nil)
        #expect(venue.default == true)
        #expect(again == sent)
    }

    @Test func aChangeThroughABoxedMemberReachesOnlyTheCopy() throws {
        let venue = try JSONDecoder().decode(Venue.self, from: Data(Self.json.utf8))
        var copy = venue
        copy.address?.geo?.accuracy?.meters = 10
        copy.contact.address?.geo = nil
        #expect(venue.address?.geo?.accuracy?.meters == 3.5, "the original keeps its value")
        #expect(venue.contact.address?.geo?.lat == 0.5)
        #expect(copy.address?.geo?.accuracy?.meters == 10 && copy.contact.address?.geo == nil)
        #expect(copy != venue && copy.hashValue != venue.hashValue)
        copy.address?.geo?.accuracy?.meters = 3.5
        copy.contact.address?.geo = Geo(lat: 0.5, lon: 0.25)
        #expect(copy == venue && copy.hashValue == venue.hashValue, "equal values compare and hash equal")
        let built = Venue(
            name: "hall", address: Address(street: "1 Main", geo: Geo(lat: 1.5, lon: -2.25)),
            contact: Contact(email: "e"))
        #expect(built.address?.geo?.lat == 1.5)
    }

    @Test func aMemberMissingDeepInsideIsReportedWithItsPath() throws {
        let json = #"{"name": "x", "contact": {"email": "e"}, "address": {"street": "s", "geo": {"lon": 1}}}"#
        do {
            _ = try JSONDecoder().decode(Venue.self, from: Data(json.utf8))
            Issue.record("a Geo without lat decoded")
        } catch {
            #expect(path(of: error) == "address.geo.lat")
        }
        let wrongType = #"{"name": "x", "contact": {"email": "e", "address": {"street": 7}}}"#
        do {
            _ = try JSONDecoder().decode(Venue.self, from: Data(wrongType.utf8))
            Issue.record("a number decoded as a street")
        } catch {
            #expect(path(of: error) == "contact.address.street")
        }
    }
}
