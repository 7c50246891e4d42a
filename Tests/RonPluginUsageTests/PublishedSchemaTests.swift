import Foundation
import RonGenerated
import Testing

/// Decodes `json` as `T`.
private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// `json` decoded as `T` and encoded again, both in canonical form.
private func roundTrip<T: Codable>(_ type: T.Type, _ json: String) throws -> (again: String, sent: String) {
    let value = try decode(T.self, json)
    return (
        try CanonicalJSON.render(json: JSONEncoder().encode(value)), try CanonicalJSON.render(json: Data(json.utf8))
    )
}

/// A schema as editors publish it (`published.schema.json`, draft-04 with `id`, unknown keywords,
/// inline objects, unions of anything, `$ref` to a property, an anchor and a reference document in
/// `References/`): it generates, compiles, and its wire examples decode and re-encode.
@Suite("Schemas as they are published")
struct PublishedSchemaTests {
    @Test func inlineObjectsAreTypesNamedByTheirPath() throws {
        let json = #"""
            {"name": "ci", "jobs": {"build": {"runs-on": ["linux", "arm"], "steps": [{"uses": "checkout", "with": {"depth": 1, "lfs": true, "ref": "main"}}]}}}
            """#
        let value = try decode(Published.self, json)
        let build = try #require(value.jobs?["build"])
        #expect(build.runsOn == .stringArray(["linux", "arm"]))
        #expect(build.timeoutMinutes == 360, "a default the type holds")
        let with = try #require(build.steps?.first?.with)
        #expect(with["depth"] == .double(1))
        #expect(with["lfs"] == .bool(true))
        #expect(with["ref"] == .string("main"))
        #expect(try decode(PublishedJobsValueRunsOn.self, #""linux""#) == .string("linux"))
    }

    @Test func aConstTaggedOneOfIsAnInternallyTaggedEnum() throws {
        let video = #"{"type": "video", "url": "https://v", "seconds": 3}"#
        #expect(try decode(PublishedBlock.self, video) == .video(PublishedBlockVideo(url: "https://v", seconds: 3)))
        let (again, sent) = try roundTrip(PublishedBlock.self, video)
        #expect(again == sent)
        #expect(
            try decode(PublishedBlock.self, #"{"type": "link", "href": "x"}"#)
                == .link(PublishedBlockLink(href: "x")))
        #expect(
            try decode(PublishedBlock.self, #"{"type": "text", "body": "hi"}"#) == .text(PublishedBlockText(body: "hi"))
        )
        // An unknown tag is kept and written back as it came.
        let future = #"{"type": "audio", "mp3": "a"}"#
        guard case .unknown(let tag, _) = try decode(PublishedBlock.self, future) else {
            Issue.record("an unknown tag was not kept")
            return
        }
        #expect(tag == "audio")
        let (kept, original) = try roundTrip(PublishedBlock.self, future)
        #expect(kept == original)
        // The tag is checked: a known tag with the other variant's members fails.
        #expect(throws: DecodingError.self) { try decode(PublishedBlock.self, #"{"type": "video", "body": "x"}"#) }
    }

    @Test func refsToAPropertyAnAnchorAndAReferenceDocumentResolve() throws {
        let json = #"""
            {"name": "n", "origin": {"j": {"runs-on": "x"}}, "caption": "short", "owner": {"login": "ada", "email": null}}
            """#
        let value = try decode(Published.self, json)
        #expect(value.origin?["j"]?.runsOn == .string("x"))
        #expect(value.caption == "short")
        #expect(value.owner == Person(login: "ada", email: nil))
        // Only what is referenced of a reference document is generated.
        #expect(RonSchemaCatalog.typeNames.contains("Person"))
        #expect(!RonSchemaCatalog.typeNames.contains("Unused"))
        #expect(RonSchemaCatalog.origin(of: "Person") == "References/shared.json#/definitions/person")
    }

    @Test func allOfRefWithSiblingsAndUnionsOfScalars() throws {
        let json = #"""
            {"name": "n", "mode": "slow", "extended": {"id": "a", "extra": true}, "size": "12k", "level": "high", "count": 4, "settings": {"x": [1, {"y": null}]}, "when": {"a": 1, "b": 2}}
            """#
        let value = try decode(Published.self, json)
        #expect(value.mode == .slow)
        #expect(value.extended == PublishedExtended(id: "a", extra: true))
        #expect(value.size == .string("12k"))
        #expect(try decode(PublishedSize.self, "12") == .integer(12))
        #expect(value.level == .high)
        #expect(value.count == 4)
        #expect(value.settings?["x"] == [1, ["y": nil]])
        #expect(value.when == ["a": 1, "b": 2])
        let (again, sent) = try roundTrip(Published.self, json)
        #expect(again == sent)
    }

    @Test func anObjectWithPropertiesAndASchemaForTheRestKeepsTheRestTyped() throws {
        let json = #"{"PATH": "/bin", "HOME": "/root", "DEPTH": 3}"#
        let env = try decode(PublishedEnv.self, json)
        #expect(env.path == "/bin")
        #expect(env.additionalMembers == ["HOME": .string("/root"), "DEPTH": .integer(3)])
        let (again, sent) = try roundTrip(PublishedEnv.self, json)
        #expect(again == sent)
        #expect(throws: DecodingError.self) { try decode(PublishedEnv.self, #"{"OTHER": true}"#) }
        let made = PublishedEnv(path: nil, additionalMembers: ["A": .string("b")])
        #expect(try CanonicalJSON.render(json: JSONEncoder().encode(made)) == #"{"A":"b"}"#)
    }

    @Test func aTagThatOneVariantDoesNotRequireSelectsItWhenAbsent() throws {
        let basic = try decode(PublishedFormatter.self, #"{"indent": 2}"#)
        guard case .basic(let settings) = basic else {
            Issue.record("an object without the tag is the variant that does not require it: \(basic)")
            return
        }
        #expect(settings.indent == 2)
        #expect(try decode(PublishedFormatter.self, #"{"type": "compact"}"#) == .compact(PublishedFormatterCompact()))
        guard case .unknown(let tag, _) = try decode(PublishedFormatter.self, #"{"type": "wide"}"#) else {
            Issue.record("an unknown tag is kept")
            return
        }
        #expect(tag == "wide")
    }

    @Test func validationOnlyVariantsLetEveryValidValueThrough() throws {
        // `type: string` with `anyOf` of patterns: any string that matches one of them, so a string.
        #expect(try decode(Published.self, #"{"name": "n", "file": "notes.txt"}"#).file == "notes.txt")
        #expect(try decode(Published.self, #"{"name": "n", "file": "${NOTES}"}"#).file == "${NOTES}")
        // A variant that only constrains (`if`/`then`) beside typed ones: any JSON is a variant.
        #expect(
            try decode(PublishedContent.self, #"{"nodeType": "x", "a": [1]}"#) == .json(["nodeType": "x", "a": [1]]))
        #expect(try decode(PublishedContent.self, #""text""#) == .string("text"))
        // `additionalProperties: true` alone does not make an object: any value.
        let json = #"{"name": "n", "inputs": [{"opts": {"title": "t"}, "location": "$DIR", "n": 1}]}"#
        let value = try decode(Published.self, json)
        #expect(value.inputs?.first?["location"] == "$DIR")
        let (again, sent) = try roundTrip(Published.self, json)
        #expect(again == sent)
    }

    @Test func absentDefaultsStayAbsentAndNullsStayNull() throws {
        // Absent defaulted members are not written back; present ones are, even when they equal
        // the default; a `null` the schema allows comes back as `null`.
        for json in [
            #"{"name": "n"}"#, #"{"name": "n", "retries": 3, "level": "low"}"#, #"{"name": "n", "count": null}"#,
            #"{"name": "n", "jobs": {"b": {"runs-on": "x"}}}"#, #"{"name": "n", "level": null}"#,
        ] {
            let (again, sent) = try roundTrip(Published.self, json)
            #expect(again == sent, "\(json) came back as \(again)")
        }
        #expect(try decode(Published.self, #"{"name": "n", "level": null}"#).level == nil, "null is not the default")
        var value = try decode(Published.self, #"{"name": "n", "count": null}"#)
        #expect(value.retries == 3 && value.level == .low && value.count == nil)
        #expect(value == Published(name: "n"), "how a value was decoded does not take part in equality")
        #expect(value.hashValue == Published(name: "n").hashValue)
        value.retries = 5
        value.count = 2
        let changed = try CanonicalJSON.render(json: JSONEncoder().encode(value))
        #expect(changed == #"{"count":2,"name":"n","retries":5}"#)
        // A value made in Swift writes its defaults, as before.
        let made = try CanonicalJSON.render(json: JSONEncoder().encode(Published(name: "n")))
        #expect(made == #"{"level":"low","name":"n","retries":3}"#)
    }

    @Test func membersTheSchemaDoesNotListAreKeptUnlessItClosesTheObject() throws {
        let json = #"""
            {"name": "n", "jobs": {"b": {"runs-on": "x", "services": {"db": "pg"}, "if": null}},
             "block": {"type": "text", "body": "hi", "lang": "en"}}
            """#
        let value = try decode(Published.self, json)
        let job = try #require(value.jobs?["b"])
        #expect(job.additionalMembers == ["services": ["db": "pg"], "if": nil])
        guard case .text(let text) = value.block else {
            Issue.record("the block is text")
            return
        }
        #expect(text.additionalMembers == ["lang": "en"], "the tag is the enum's, not an unknown member")
        let (again, sent) = try roundTrip(Published.self, json)
        #expect(again == sent)
        // Equality and hashing include them.
        var other = job
        other.additionalMembers["services"] = nil
        #expect(other != job)
        // The root says `additionalProperties: false`; `closed` says `x-ron-unknown-members: drop`.
        let closed = try decode(Published.self, #"{"name": "n", "extra": 1, "closed": {"a": "x", "b": 2}}"#)
        #expect(try CanonicalJSON.render(json: JSONEncoder().encode(closed)) == #"{"closed":{"a":"x"},"name":"n"}"#)
    }

    @Test func aNullableEnumWithADefaultAndTheDocumentationOfUnknownWords() throws {
        #expect(Published(name: "n").level == .low)
        #expect(try decode(Published.self, #"{"name": "n"}"#).level == .low)
        #expect(try decode(PublishedLevel.self, #""high""#) == .high)
    }
}
