import Foundation
import RonGenerated
import Testing

/// What the generated code does at run time, on the golden schema that exercises every construct.
/// The plugin generates these types into this test target, as it would into a user's own target.
@Suite("Generated types on the wire")
struct GeneratedBehaviourTests {
    static let full = """
        {
          "widget_id": "w-1", "enabled": true, "ratio": 0.25, "count": -3, "small": 255, "port": 65535,
          "size": 4294967295, "delta": -2147483648, "big_number": 18446744073709551615,
          "big_string": "18446744073709551615", "signed_string": "-9223372036854775808",
          "signed_number": -9223372036854775808, "blob": "_-8", "at": "2025-01-02T03:04:05.5+01:00",
          "anything": {"k": [1, "two", null]}, "labels": {"a": "b"},
          "history": ["2025-01-02T03:04:05Z", "2025-01-02T03:04:05.123456Z"],
          "color": "dark-green", "retries": 5, "maybe": null, "old_name": "legacy", "default": "kw",
          "shape": {"type": "circle", "radius": 2.5}, "digest": "0badf00d", "ignored_future_field": 1
        }
        """

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    func reencoded<T: Codable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test("every scalar keeps its exact value")
    func scalars() throws {
        let widget = try decode(Widget.self, Self.full)
        #expect(widget.widgetId == "w-1")
        #expect(widget.small == 255 && widget.port == 65535 && widget.size == UInt32.max && widget.delta == Int32.min)
        #expect(widget.bigNumber == UInt64.max)
        #expect(widget.bigString == UInt64.max)
        #expect(widget.signedString == Int64.min)
        #expect(widget.signedNumber == Int64.min)
        #expect(widget.blob == Data([0xFF, 0xEF]))
        #expect(widget.at == Date(timeIntervalSince1970: 1_735_783_445.5))
        #expect(widget.history?.last == Date(timeIntervalSince1970: 1_735_787_045.123456))
        #expect(widget.color == .forest)
        #expect(widget.retries == 5)
        #expect(widget.maybe == nil)
        #expect(widget.default == "kw")
        #expect(widget.shape == .circle(Circle(radius: 2.5)))
        #expect(widget.digest?.rawValue == "0badf00d")
        #expect(widget.anything == ["k": [1, "two", nil]])
    }

    @Test("the wire forms survive a round trip")
    func wireForms() throws {
        let json = try reencoded(try decode(Widget.self, Self.full))
        #expect(json["big_string"] == "18446744073709551615")
        #expect(json["signed_string"] == "-9223372036854775808")
        #expect(json["big_number"] == .unsigned(UInt64.max))
        #expect(json["blob"] == "_-8")
        #expect(json["at"] == "2025-01-02T03:04:05.5+01:00", "a timestamp member keeps the text it came as")
        #expect(json["history"] == ["2025-01-02T03:04:05Z", "2025-01-02T03:04:05.123456Z"])
        #expect(json["shape"] == ["type": "circle", "radius": 2.5])
        #expect(json["color"] == "dark-green")
        #expect(json["maybe"] == .null)
        #expect(json["ignored_future_field"] == nil)
    }

    @Test("defaults fill absent members; an absent or omitted default is not written")
    func defaults() throws {
        var widget = try decode(
            Widget.self, #"{"widget_id": "w", "enabled": false, "maybe": "m", "shape": {"type": "none"}}"#)
        #expect(widget.color == .red)
        #expect(widget.retries == 3)
        var json = try reencoded(widget)
        #expect(json["retries"] == nil)
        #expect(json["color"] == nil, "absent when decoded, still the default: not written back")
        widget.color = .forest
        json = try reencoded(widget)
        #expect(json["color"] == "dark-green", "a changed default is written")
        #expect(json["ratio"] == nil, "absent optionals are omitted, not null")
        #expect(json["shape"] == ["type": "none"])
    }

    @Test("unknown enum values and union tags are kept")
    func forwardCompatible() throws {
        let color = try decode(Color.self, #""ultraviolet""#)
        #expect(color == .unknown("ultraviolet"))
        #expect(try reencoded(color) == "ultraviolet")
        #expect(Color(rawValue: "static") == .static)
        let shape = try decode(Shape.self, #"{"type": "hexagon", "side": 1}"#)
        #expect(shape.tag == "hexagon")
        #expect(try reencoded(shape) == ["type": "hexagon", "side": 1])
    }

    @Test(
        "bad values fail with the field's path",
        arguments: [
            (#""big_string": "18446744073709551616""#, "big_string", "out of range"),
            (#""signed_string": "1.5""#, "signed_string", "not an integer"),
            (#""signed_string": 12"#, "signed_string", ""),
            (#""big_number": -1"#, "big_number", ""),
            (#""size": 4294967296"#, "size", ""),
            (#""count": 1.5"#, "count", ""),
            (#""at": "2025-02-30T00:00:00Z""#, "at", "RFC 3339"),
            (#""blob": "!!""#, "blob", "base64url"),
            (#""digest": "XYZ""#, "digest", "pattern"),
        ])
    func badValues(_ member: String, _ field: String, _ message: String) {
        let json = #"{"widget_id": "w", "enabled": true, "maybe": null, "shape": {"type": "none"}, "# + member + "}"
        do {
            _ = try decode(Widget.self, json)
            Issue.record("\(member) was accepted")
        } catch let DecodingError.dataCorrupted(context), let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue).contains(field), "path: \(context.codingPath)")
            #expect(message.isEmpty || context.debugDescription.contains(message), "\(context.debugDescription)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a required nullable member must be present")
    func requiredNullable() {
        #expect(throws: DecodingError.self) {
            try decode(Widget.self, #"{"widget_id": "w", "enabled": true, "shape": {"type": "none"}}"#)
        }
    }

    @Test("generic types and aliases")
    func generics() throws {
        let box = try decode(
            WidgetBox.self,
            #"{"content": {"widget_id": "w", "enabled": true, "maybe": null, "shape": {"type": "none"}}}"#)
        #expect(box.content.widgetId == "w")
        let registry: Registry = try decode(Registry.self, #"{}"#)
        #expect(registry.isEmpty)
        #expect(RonSchemaCatalog.typeNames.contains("WidgetBox"))
        #expect(RonSchemaCatalog.origin(of: "Digest") == "nested/ids.schema.toml#/$defs/Digest")
    }

    @Test("a pattern type validates")
    func pattern() {
        #expect(Digest(rawValue: "0badf00d") != nil)
        #expect(Digest(rawValue: "0BADF00D") == nil)
        #expect(throws: SchemaPatternError.self) { try Digest(validating: "nope") }
    }
}
