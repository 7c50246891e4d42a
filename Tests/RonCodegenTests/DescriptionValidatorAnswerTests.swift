import Foundation
import Testing

@testable import RonCodegenCore

/// `DescriptionAnswerCheck`: one answer of an operation against the operation's documented
/// responses: status, content type, body and required headers.
@Suite("Description answer check")
struct DescriptionValidatorAnswerTests {
    static let description = #"""
        {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/things/{id}": {
          "get": {"responses": {
            "200": {"description": "ok", "headers": {"X-Rate": {"required": true, "schema": {"type": "integer"}},
                                                      "X-Note": {"schema": {"type": "string", "maxLength": 3}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing", "maxProperties": 0}},
                                "text/*": {"schema": {"type": "string"}}}},
            "204": {"description": "nothing"},
            "4XX": {"$ref": "#/components/responses/Problem"},
            "404": {"description": "gone", "content": {"*/*": {}}},
            "default": {"description": "else", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}},
          "delete": {"responses": {"202": {"description": "queued"}}}}},
         "components": {
          "responses": {"Problem": {"description": "bad", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}},
          "schemas": {
            "Thing": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "name": {"type": "string", "maxLength": 3}}},
            "Problem": {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}}}}}}
        """#

    static let check: DescriptionAnswerCheck = {
        let root = try? SchemaDocumentReader.parse(Data(description.utf8), path: "api.json")
        return DescriptionAnswerCheck(documents: DescriptionDocuments(roots: ["api.json": root ?? .null]))
    }()

    static let get = Origin(file: "api.json", pointer: "/paths/~1things~1{id}/get")

    static func judge(
        _ status: Int, _ contentType: String? = "application/json", _ body: String = "",
        headers: [String: String] = [:],
        operation: Origin = get
    ) -> DescriptionAnswerVerdict {
        check.judge(
            operation: operation, status: status, contentType: contentType, headers: headers, body: Data(body.utf8))
    }

    @Test("the status picks the response: its code, else its range, else default; none is undocumented")
    func statuses() {
        let exact = Self.judge(404, "text/plain", "gone")
        #expect(exact.status == "404")
        #expect(exact.fits)
        #expect(Self.judge(409, "application/problem+json", #"{"title": "t"}"#).status == "4XX")
        let fallback = Self.judge(500, "application/problem+json", #"{"title": 5}"#)
        #expect(fallback.status == "default")
        #expect(fallback.kind == .breaks)
        #expect(fallback.problems.map(\.schemaOrigin) == ["api.json#/components/schemas/Problem/properties/title/type"])
        let delete = Origin(file: "api.json", pointer: "/paths/~1things~1{id}/delete")
        #expect(Self.judge(200, operation: delete).kind == .undocumentedStatus(200, documented: ["202"]))
        #expect(Self.judge(202, nil, operation: delete).fits)
        let nowhere = Origin(file: "api.json", pointer: "/paths/~1none/get")
        #expect(Self.judge(200, operation: nowhere).kind == .unknownOperation("api.json#/paths/~1none/get"))
    }

    @Test(
        "the content type picks the media type, parameters and case aside; an unlisted one is undocumented; none is the first"
    )
    func contentTypes() {
        let headers = ["x-rate": "5"]
        let json = Self.judge(200, "Application/JSON; charset=utf-8", #"{"id": 1}"#, headers: headers)
        #expect(json.fits)
        #expect(json.mediaType == "application/json")
        let text = Self.judge(200, "text/plain", "hello", headers: headers)
        #expect(text.mediaType == "text/*")
        #expect(text.fits)
        #expect(text.notes == ["the body (text/plain) is not JSON; it is not judged against text/*"])
        let other = Self.judge(200, "application/xml", "<a/>", headers: headers)
        #expect(other.kind == .undocumentedContentType("application/xml", documented: ["application/json", "text/*"]))
        let none = Self.judge(200, nil, #"{"id": "1"}"#, headers: headers)
        #expect(none.notes == ["the answer has no content type; its body is judged as application/json"])
        #expect(none.problems.map(\.pointer) == ["/id"])
    }

    @Test("the body: JSON against the schema (its $ref followed alone), unreadable JSON, an empty body")
    func bodies() {
        let headers = ["X-Rate": "5"]
        let broken = Self.judge(200, "application/json", #"{"id": "1", "name": "long"}"#, headers: headers)
        #expect(broken.kind == .breaks)
        #expect(broken.problems.map(\.pointer) == ["/id", "/name"])
        #expect(broken.problems.map(\.expected) == ["an integer, not a string", "at most 3 characters, not 4"])
        let unreadable = Self.judge(200, "application/json", "{id: 1}", headers: headers)
        #expect(unreadable.problems.first?.expected.hasPrefix("JSON (application/json), not unreadable text") == true)
        #expect(
            unreadable.problems.first?.schemaOrigin
                == "api.json#/paths/~1things~1{id}/get/responses/200/content/application~1json")
        let empty = Self.judge(200, "application/json", "", headers: headers)
        #expect(empty.problems.map(\.expected) == ["a body (the response documents application/json, text/*)"])
        #expect(Self.judge(204, nil, "").fits)
        let extra = Self.judge(204, "application/json", "{}")
        #expect(extra.fits)
        #expect(
            extra.notes == [
                "the response documents no content; the answer's body (2 bytes, application/json) is not judged"
            ])
        #expect(Self.judge(404, "application/json", "[1]").fits)
    }

    @Test("a header the response declares required must be there, in any case, and a header must fit its schema")
    func requiredHeaders() {
        let missing = Self.judge(200, "application/json", #"{"id": 1}"#, headers: ["X-Note": "n"])
        #expect(missing.kind == .breaks)
        #expect(
            missing.problems == [
                DescriptionProblem(
                    part: .header("X-Rate"), pointer: "", expected: "the header 'X-Rate' (required: true)",
                    schemaOrigin: "api.json#/paths/~1things~1{id}/get/responses/200/headers/X-Rate/required")
            ])
        #expect(Self.judge(200, "application/json", #"{"id": 1}"#, headers: ["X-RATE": "1"]).fits)
        let both = Self.judge(200, "application/xml", "<a/>")
        #expect(both.problems.map(\.part) == [.header("X-Rate")])
        let wrong = Self.judge(200, "application/json", #"{"id": 1}"#, headers: ["x-rate": "many"])
        #expect(wrong.problems.map(\.part) == [.header("X-Rate")])
        #expect(wrong.problems.map(\.expected) == ["an integer in the header's text, not 'many'"])
        #expect(Self.judge(200, "application/json", #"{"id": 1}"#, headers: ["x-rate": " +0_5"]).fits)
        let bounded = Self.judge(200, "application/json", #"{"id": 1}"#, headers: ["x-rate": "5", "X-Note": "toolong"])
        #expect(bounded.problems.map(\.expected) == ["at most 3 characters, not 7"])
    }

    @Test("an operation's documented responses: statuses, media types with or without a JSON schema, required headers")
    func listing() throws {
        let responses = try #require(Self.check.responses(of: Self.get))
        #expect(responses.map(\.status) == ["200", "204", "4XX", "404", "default"])
        #expect(responses.map(\.hasJSONSchema) == [true, false, true, false, true])
        #expect(responses[0].requiredHeaders == ["X-Rate"])
        #expect(responses[0].mediaTypes.map(\.name) == ["application/json", "text/*"])
        #expect(responses[2].origin == "api.json#/components/responses/Problem")
        #expect(Self.check.responses(of: Origin(file: "api.json", pointer: "/nope")) == nil)
    }
}
