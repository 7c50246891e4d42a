import Foundation
import RonGenerated
import Testing

/// Shapes of published schemas whose valid documents used to lose members or fail
/// (`lossless.schema.json`, after tslint, ninjs, jscsrc, mta, grunt-jshint, travis, specif and
/// vector): each document decodes and comes back equal, compared as JSON.
@Suite("Documents of real schema shapes come back as they came")
struct LosslessShapeTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// `json` decoded as `T` and encoded again, both in canonical form.
    private func roundTrip<T: Codable>(_ type: T.Type, _ json: String) throws -> (value: T, again: String, sent: String)
    {
        let value = try decode(T.self, json)
        return (
            value, try CanonicalJSON.render(json: JSONEncoder().encode(value)),
            try CanonicalJSON.render(json: Data(json.utf8))
        )
    }

    @Test func anAllOfWhosePartsAllowSeveralKindsTakesEachKind() throws {
        let json = #"{"rules": {"a": true, "b": [true, "x", "y"], "c": {"severity": "error", "options": "o"}}}"#
        let (value, again, sent) = try roundTrip(Lossless.self, json)
        #expect(again == sent)
        #expect(value.rules?["a"] == .bool(true))
        #expect(value.rules?["b"] == .jsonArray([true, "x", "y"]))
        #expect(value.rules?["c"] == .losslessRulesValueObject(.init(severity: "error", options: "o")))
    }

    @Test func membersThatAKeyPatternAllowsAreKept() throws {
        let json = #"{"news": {"uri": "u", "description_text": "d", "body_html": "<p>"}}"#
        let (value, again, sent) = try roundTrip(Lossless.self, json)
        #expect(again == sent)
        #expect(value.news?.additionalMembers == ["description_text": "d", "body_html": "<p>"])
    }

    @Test func aNullThatAVariantAllowsIsWrittenBack() throws {
        let (value, again, sent) = try roundTrip(Lossless.self, #"{"switch": null, "options": {"bitwise": true}}"#)
        #expect(value.switch == nil)
        #expect(again == sent)
        // A member whose schema does not allow null: the document is still written back as it came.
        let (_, domainAgain, domainSent) = try roundTrip(Lossless.self, #"{"domain": null}"#)
        #expect(domainAgain == domainSent)
        #expect(try roundTrip(Lossless.self, "{}").again == "{}")
    }

    @Test func aClosedVariantIsTriedAfterOneThatKeepsTheMembers() throws {
        let (value, again, sent) = try roundTrip(Lossless.self, #"{"options": {"quotmark": "double"}}"#)
        #expect(again == sent)
        guard case .variant1(let open)? = value.options else {
            Issue.record("the closed variant took the object: \(String(describing: value.options))")
            return
        }
        #expect(open.additionalMembers == ["quotmark": "double"])
        // An object that the closed variant describes fully still goes to it.
        let closed = try decode(Lossless.self, #"{"options": {"jshintrc": ".jshintrc"}}"#)
        #expect(closed.options == .variant0(.init(jshintrc: ".jshintrc")))
    }

    @Test func anArrayVariantIsWeighedByItsElements() throws {
        let rooms = #"{"campfire": [{"rooms": ["a@b", {"secure": "s"}]}, {"enabled": false}]}"#
        let (value, again, sent) = try roundTrip(Lossless.self, rooms)
        #expect(again == sent)
        guard case .roomArray(let list)? = value.campfire else {
            Issue.record("an array of rooms decoded as \(String(describing: value.campfire))")
            return
        }
        #expect(list.first?.rooms == [.string("a@b"), .secret(.init(secure: "s"))])
        let texts = try roundTrip(Lossless.self, #"{"campfire": ["a@b", {"secure": "s"}]}"#)
        #expect(texts.again == texts.sent)
        #expect(texts.value.campfire == .secretOrTextArray([.string("a@b"), .secret(.init(secure: "s"))]))
    }

    @Test func aMemberWhoseTypeIsAnAliasOfADateReadsTheText() throws {
        let (value, again, sent) = try roundTrip(Lossless.self, #"{"createdAt": "2019-05-29T14:12:59.960+02:00"}"#)
        #expect(again == sent)
        #expect(value.createdAt == Date(timeIntervalSince1970: 1_559_131_979.96))
    }

    @Test func anObjectThatIsAlsoOneOfSeveralObjectsKeepsBoth() throws {
        let json = #"""
            {"sources": {"gen": {"type": "demo_logs", "format": "syslog", "count": 100, "graph": "g"},
                         "out": {"type": "console", "target": "stdout"}}}
            """#
        let (value, again, sent) = try roundTrip(Lossless.self, json)
        #expect(again == sent)
        let gen = try #require(value.sources?["gen"])
        #expect(gen.graph == "g")
        guard case .demoLogs(let demo) = gen.source else {
            Issue.record("decoded as \(gen.source)")
            return
        }
        #expect(demo.count == 100)
        #expect(demo.format == "syslog")
        #expect(value.sources?["out"]?.source.tag == "console")
    }

    @Test func aReferenceWithATypeOfSeveralKindsBesideItTakesEachKindAndEnds() throws {
        let json = #"""
            {"permissions": {"admin": {"description": "all", "children": {"read": true, "write": {"children": ["x"]}}}}}
            """#
        let (value, again, sent) = try roundTrip(Lossless.self, json)
        #expect(again == sent)
        guard case .permissionChildrenTypeObjectValueMap(let children)? = value.permissions?["admin"]?.children else {
            Issue.record("children decoded as \(String(describing: value.permissions?["admin"]?.children))")
            return
        }
        #expect(children["read"] == .bool(true))
    }
}
