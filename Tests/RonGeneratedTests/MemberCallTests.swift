import Foundation
import RonGenerated
import Testing

/// The keyed-container calls generated coders make (`KeyedContainers+Members.swift`) and
/// `SchemaBox(ifPresent:)`: the same values, omissions and errors as the container's own overloads.
@Suite("Member calls of generated coders")
struct MemberCallTests {
    private enum Key: String, CodingKey {
        case text, flag, ratio, small, count, list, missing
    }

    /// Every kind of member, read and written with the new calls.
    private struct Members: Codable {
        var text: String
        var flag: Bool?
        var ratio: Double
        var small: Float?
        var count: UInt64
        var list: [Int]?

        init(text: String, flag: Bool? = nil, ratio: Double, small: Float? = nil, count: UInt64, list: [Int]? = nil) {
            (self.text, self.flag, self.ratio, self.small, self.count, self.list) = (
                text, flag, ratio, small, count, list
            )
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            text = try container.decodeString(forKey: .text)
            flag = try container.decodeBoolIfPresent(forKey: .flag)
            ratio = try container.decodeDouble(forKey: .ratio)
            small = try container.decodeFloatIfPresent(forKey: .small)
            count = try container.decodeInteger(UInt64.self, forKey: .count)
            list = try container.decodeMemberIfPresent([Int].self, forKey: .list)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeString(text, forKey: .text)
            try container.encodeBoolIfPresent(flag, forKey: .flag)
            try container.encodeDouble(ratio, forKey: .ratio)
            try container.encodeFloatIfPresent(small, forKey: .small)
            try container.encodeUInt64(count, forKey: .count)
            try container.encodeMemberIfPresent(list, forKey: .list)
        }
    }

    /// The same members, written with the container's own overloads.
    private struct Plain: Encodable {
        var value: Members

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(value.text, forKey: .text)
            try container.encodeIfPresent(value.flag, forKey: .flag)
            try container.encode(value.ratio, forKey: .ratio)
            try container.encodeIfPresent(value.small, forKey: .small)
            try container.encode(value.count, forKey: .count)
            try container.encodeIfPresent(value.list, forKey: .list)
        }
    }

    @Test("writing gives the bytes of the container's own overloads; nil members are left out")
    func writesLikeTheOverloads() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for value in [
            Members(text: "a\u{1F600}", flag: true, ratio: 0.1, small: 2.5, count: .max, list: [1, -2]),
            Members(text: "", flag: nil, ratio: -0.0, small: nil, count: 0, list: nil),
        ] {
            let ours = try encoder.encode(value)
            #expect(ours == (try encoder.encode(Plain(value: value))))
            let read = try JSONDecoder().decode(Members.self, from: ours)
            #expect(read.text == value.text && read.flag == value.flag && read.count == value.count)
            #expect(read.ratio == value.ratio && read.small == value.small && read.list == value.list)
        }
        #expect(
            String(decoding: try encoder.encode(Members(text: "t", ratio: 1, count: 3)), as: UTF8.self)
                == #"{"count":3,"ratio":1,"text":"t"}"#)
    }

    @Test("null reads as nil; a missing or mistyped member fails at its path")
    func readsLikeTheOverloads() throws {
        let read = try JSONDecoder().decode(
            Members.self, from: Data(#"{"text": "x", "flag": null, "ratio": 2, "count": 7, "list": null}"#.utf8))
        #expect(read.flag == nil && read.list == nil && read.small == nil && read.ratio == 2)
        do {
            _ = try JSONDecoder().decode(Members.self, from: Data(#"{"ratio": 2, "count": 7}"#.utf8))
            Issue.record("decoded without text")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "text")
        }
        do {
            _ = try JSONDecoder().decode(Members.self, from: Data(#"{"text": "x", "ratio": "2", "count": 7}"#.utf8))
            Issue.record("decoded a string as a Double")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["ratio"])
        }
        do {
            _ = try JSONDecoder().decode(
                Members.self, from: Data(#"{"text": "x", "ratio": 2, "count": 7, "list": [1, "b"]}"#.utf8))
            Issue.record("decoded a string in an [Int]")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["list", "Index 1"])
        }
    }

    @Test("a box of an optional is nil for nil and holds the value otherwise")
    func boxIfPresent() {
        #expect(SchemaBox<Int>(ifPresent: nil) == nil)
        #expect(SchemaBox(ifPresent: Optional(4))?.value == 4)
        #expect(SchemaBox(ifPresent: Optional("a")) == SchemaBox("a"))
    }
}
