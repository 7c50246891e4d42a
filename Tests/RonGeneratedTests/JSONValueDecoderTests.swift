import Foundation
import RonGenerated
import Testing

/// The decoder over a `JSONValue` tree (`JSONValue.decode(_:codingPath:userInfo:)`), which generated
/// untagged unions decode their chosen variant with, and the fits they rank variants by.
@Suite("Decoding from a JSONValue tree")
struct JSONValueDecoderTests {
    private struct Inner: Codable, Equatable {
        var count: Int32
        var ratio: Float?
        var tags: [String]
    }

    private struct Outer: Codable, Equatable {
        var name: String
        var flag: Bool
        var inner: Inner
        var items: [Inner]
        var table: [String: UInt8]
        var any: JSONValue
        var nested: [[Int64?]]
    }

    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The tree of `json`.
    private func tree(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    /// The coding path of a decoding error, as `a.Index 1.b`.
    private func path(of error: any Error) -> String? {
        let keys: [any CodingKey]
        switch error as? DecodingError {
        case .dataCorrupted(let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            keys = context.codingPath
        case .keyNotFound(let key, let context)?: keys = context.codingPath + [key]
        default: return nil
        }
        return keys.map(\.stringValue).joined(separator: ".")
    }

    private let sample = #"""
        {"name": "n", "flag": true, "inner": {"count": -3, "tags": []},
         "items": [{"count": 1, "ratio": 0.5, "tags": ["a", "b"]}], "table": {"x": 255},
         "any": {"k": [1, 2.5, null]}, "nested": [[1, null], [], [-9223372036854775808]]}
        """#

    @Test func nestedContainersDecodeAsJSONDecoderDecodesTheText() throws {
        let expected = try JSONDecoder().decode(Outer.self, from: Data(sample.utf8))
        let fromTree = try tree(sample).decode(Outer.self)
        #expect(fromTree == expected)
        #expect(fromTree.nested == [[1, nil], [], [Int64.min]])
        #expect(fromTree.any == ["k": [1, 2.5, nil]])
    }

    @Test(arguments: [
        (#"{"count": 1.5, "tags": []}"#, "count", "1.5 is not an integer (Int32 expected)"),
        (#"{"count": 2147483648, "tags": []}"#, "count", "2147483648 is out of range for Int32"),
        (#"{"count": 18446744073709551615, "tags": []}"#, "count", "18446744073709551615 is out of range for Int32"),
        (#"{"count": 1, "ratio": 1e300, "tags": []}"#, "ratio", "does not fit in Float"),
    ])
    func integersAreExact(json: String, member: String, message: String) throws {
        #expect {
            _ = try tree(json).decode(Inner.self)
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return path(of: error) == member && context.debugDescription.contains(message)
        }
    }

    @Test func wholeNumbersDecodeAsIntegersAtTheEdgesOfTheirRange() throws {
        #expect(try tree("[255, 0]").decode([UInt8].self) == [255, 0])
        #expect(try tree("18446744073709551615").decode(UInt64.self) == UInt64.max)
        #expect(try tree("-128").decode(Int8.self) == Int8.min)
        #expect(throws: DecodingError.self) { try tree("256").decode(UInt8.self) }
        #expect(throws: DecodingError.self) { try tree("-1").decode(UInt.self) }
    }

    @Test func errorsCarryTheOuterPathThenThePathInsideTheTree() throws {
        let outer: [any CodingKey] = [PathKey(stringValue: "body"), PathKey(stringValue: "page")]
        let bad = sample.replacingOccurrences(of: #""tags": ["a", "b"]"#, with: #""tags": ["a", 2]"#)
        #expect {
            _ = try tree(bad).decode(Outer.self, codingPath: outer)
        } throws: { error in
            guard case .typeMismatch? = error as? DecodingError else { return false }
            return path(of: error) == "body.page.items.Index 0.tags.Index 1"
        }
        let missing = sample.replacingOccurrences(of: #""flag": true,"#, with: "")
        #expect {
            _ = try tree(missing).decode(Outer.self, codingPath: outer)
        } throws: { error in
            guard case .keyNotFound? = error as? DecodingError else { return false }
            return path(of: error) == "body.page.flag"
        }
        let null = sample.replacingOccurrences(of: #""name": "n""#, with: #""name": null"#)
        #expect {
            _ = try tree(null).decode(Outer.self)
        } throws: { error in
            guard case .valueNotFound? = error as? DecodingError else { return false }
            return path(of: error) == "name"
        }
    }

    /// Reads `userInfo` and a super decoder, as a class hierarchy's coders do.
    private struct Probe: Decodable {
        static let key = CodingUserInfoKey(rawValue: "probe")!
        var seen: String?
        var parent: Int
        var first: String

        private enum Key: String, CodingKey { case parent }

        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[Self.key] as? String
            let container = try decoder.container(keyedBy: Key.self)
            parent = try Int(from: container.superDecoder(forKey: .parent))
            var list = try container.superDecoder().unkeyedContainer()
            first = try String(from: list.superDecoder())
        }
    }

    @Test func userInfoAndSuperDecodersPassThrough() throws {
        let probe = try tree(#"{"parent": 4, "super": ["x"]}"#).decode(Probe.self, userInfo: [Probe.key: "yes"])
        #expect(probe.seen == "yes" && probe.parent == 4 && probe.first == "x")
    }

    @Test func aFailedElementIsNotConsumed() throws {
        let list = try tree(#"[1.5, "a"]"#)
        struct Retry: Decodable {
            var value: Double
            var text: String
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                #expect(throws: DecodingError.self) { try list.decode(Int.self) }
                value = try list.decode(Double.self)
                text = try list.decode(String.self)
                #expect(list.isAtEnd)
            }
        }
        let retry = try list.decode(Retry.self)
        #expect(retry.value == 1.5 && retry.text == "a")
    }

    @Test func fitsRankByKindThenByMembers() {
        #expect(Int32.schemaFit(7) == .exact && Double.schemaFit(7) == .fits)
        #expect(Int32.schemaFit(7.5) == .none && Int32.schemaFit(4_294_967_296) == .none)
        #expect(String.schemaFit("a") == .fits && Bool.schemaFit("a") == .none)
        #expect(JSONValue.schemaFit(["a": 1]) < [String: Int].schemaFit(["a": 1]))
        #expect(WireTimestamp.schemaFit("2025-01-02T03:04:05Z") == .fits && WireTimestamp.schemaFit("soon") == .none)
        let object: JSONValue = ["a": 1, "b": "x", "c": true]
        let two = SchemaFit.object(object, members: ["a", "b"], required: [])
        let one = SchemaFit.object(object, members: ["a"], required: [])
        let incomplete = SchemaFit.object(object, members: ["a", "b"], required: ["z"])
        #expect(one < two && incomplete < two && two.accounted == 2 && two.unaccounted == 1)
        #expect([String: Int].schemaFit(object).accounted == 1)
        // Best first; equal fits keep their order; what does not fit is left out.
        #expect(SchemaFit.ranked([.fits, .none, .exact, .fits, .anyJSON]) == [2, 0, 3, 4])
    }
}
