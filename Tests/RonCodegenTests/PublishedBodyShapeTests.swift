import Foundation
import RonCodegenCore
import Testing

/// Request bodies and answers as published API descriptions write them (Stripe, OpenAI, GitHub,
/// the Swagger Petstore): several media types for one body, XML beside JSON, forms whose schema
/// lists no fields, `multipart/mixed`, `deepObject` on arrays and unions, stale `encoding` keys.
/// Each generates a call; none is refused.
@Suite("Published body shapes")
struct PublishedBodyShapeTests {
    private func operation(_ operation: String, components: String = "{}") throws -> RonCodegenCore.Operation {
        let api =
            #"{"openapi": "3.0.3", "paths": {"/a": {"post": "# + operation + #"}}, "components": "# + components
            + "}"
        return try #require(try CodeGenerator().model(documents: [("api.json", api)]).operations.first)
    }

    private func body(_ content: String) throws -> OperationBody {
        try #require(
            try operation(
                #"{"requestBody": {"content": "# + content + #"}, "responses": {"204": {"description": "ok"}}}"#
            )
            .requestBody)
    }

    @Test func aBodyInSeveralMediaTypesIsSentInTheOneEncodedBest() throws {
        let pet = #"{"type": "object", "properties": {"name": {"type": "string"}}}"#
        let petstore = try body(
            #"{"application/xml": {"schema": \#(pet)}, "application/x-www-form-urlencoded": {"schema": \#(pet)}, "application/json": {"schema": \#(pet)}}"#
        )
        #expect(petstore.contentType == "application/json")
        let formOrParts = try body(
            #"{"multipart/form-data": {"schema": \#(pet)}, "application/x-www-form-urlencoded": {"schema": \#(pet)}}"#)
        #expect(formOrParts.contentType == "application/x-www-form-urlencoded")
        // Two kinds of bytes: the first listed, as raw bytes.
        let markdown = try body(#"{"text/plain": {"schema": {"type": "string"}}, "text/x-markdown": {}}"#)
        #expect(markdown.contentType == "text/plain")
        #expect(markdown.raw)
        let xmlOnly = try body(#"{"application/xml": {"schema": \#(pet)}}"#)
        #expect(xmlOnly.raw && xmlOnly.contentType == "application/xml")
    }

    @Test func jsonUnderAMediaTypeOfItsOwnIsSentUnderIt() throws {
        let api = #"""
            {"openapi": "3.1.0", "paths": {"/a": {"patch": {"operationId": "patchA",
              "requestBody": {"required": true, "content": {"application/merge-patch+json; charset=utf-8": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}},
              "responses": {"204": {"description": "ok"}}}},
             "/b": {"put": {"operationId": "putB",
              "requestBody": {"required": true, "content": {"application/json; charset=utf-8": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}},
              "responses": {"204": {"description": "ok"}}}}}}
            """#
        let generator = CodeGenerator()
        let source = try generator.files(
            for: generator.model(documents: [("api.json", api)]), split: false, output: .operations
        ).map(\.contents).joined()
        #expect(source.contains(#"AppRequestBody.json(formValue, contentType: "application/merge-patch+json")"#))
        #expect(source.contains("put(requestPath, body: body"), "plain JSON still goes through the verb")
    }

    @Test func xmlBesideJSONIsNotAskedForAndAloneIsBytes() throws {
        let both = try operation(
            #"{"responses": {"200": {"description": "ok", "content": {"application/xml": {"schema": {"type": "object"}}, "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}"#
        )
        guard case .single(.json) = both.result else {
            Issue.record("expected one JSON answer, got \(both.result)")
            return
        }
        #expect(both.accept == ["application/json"])
        let alone = try operation(
            #"{"responses": {"200": {"description": "ok", "content": {"text/xml": {"schema": {"type": "string"}}}}}}"#)
        #expect(alone.result == .single(.text))
        #expect(alone.accept == ["text/xml"])
    }

    @Test func acceptListsEveryAnswersMediaTypeOnce() throws {
        let report = try operation(
            #"""
            {"responses": {
              "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}, "text/csv": {}}},
              "202": {"description": "later", "content": {"application/json": {"schema": {"type": "object"}}}},
              "404": {"description": "missing", "content": {"application/problem+json": {"schema": {"type": "object"}}}},
              "204": {"description": "none"}}}
            """#)
        #expect(report.accept == ["application/json", "text/csv", "application/problem+json"])
        let silent = try operation(#"{"responses": {"204": {"description": "none"}}}"#)
        #expect(silent.accept.isEmpty)
    }

    @Test func aFormWhoseSchemaListsNoPartsTakesOneBuiltByHand() throws {
        let free = try body(#"{"multipart/form-data": {"schema": {"type": "object", "additionalProperties": true}}}"#)
        #expect(free.freeMultipart && free.multipart == nil && !free.raw)
        let none = try body(#"{"multipart/form-data": {}}"#)
        #expect(none.freeMultipart)
        // Parts under additionalProperties beside listed ones: every part cannot be typed.
        let extra = try body(
            #"{"multipart/form-data": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "integer"}}}}"#
        )
        #expect(extra.freeMultipart)
        let pairs = try body(
            #"{"application/x-www-form-urlencoded": {"schema": {"type": "object", "additionalProperties": {"type": "string"}}}}"#
        )
        #expect(pairs.freeForm && !pairs.freeMultipart)
    }

    @Test func multipartOtherThanFormDataIsRawBytes() throws {
        let mixed = try body(
            #"{"multipart/mixed": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}"#)
        #expect(mixed.raw && mixed.contentType == "multipart/mixed")
    }

    @Test func aRangeOfMediaTypesSendsTheSchemasOwn() throws {
        let avatar = try body(#"{"image/*": {"schema": {"type": "string", "contentMediaType": "image/png"}}}"#)
        #expect(avatar.raw && avatar.defaultContentType == "image/png")
        let any = try body(#"{"*/*": {"schema": {"type": "string"}}}"#)
        #expect(any.raw && any.defaultContentType == nil)
    }

    @Test func stripeStyleFormsGoAsDeepObjects() throws {
        let form = try body(
            #"""
            {"application/x-www-form-urlencoded": {
              "encoding": {
                "expand": {"explode": true, "style": "deepObject"},
                "metadata": {"explode": true, "style": "deepObject"},
                "address": {"explode": true, "style": "deepObject"},
                "note": {"allowReserved": true},
                "tags": {"style": "spaceDelimited", "explode": true},
                "gone": {"style": "form"}},
              "schema": {"type": "object", "additionalProperties": false, "properties": {
                "expand": {"type": "array", "items": {"type": "string"}},
                "metadata": {"anyOf": [{"type": "object", "additionalProperties": {"type": "string"}}, {"type": "string", "enum": [""]}]},
                "address": {"type": "object", "properties": {"city": {"type": "string"}}},
                "note": {"type": "string"},
                "tags": {"type": "array", "items": {"type": "string"}}}}}}
            """#)
        #expect(
            form.formFields == [
                FormFieldEncoding(name: "expand", style: .deepObject),
                FormFieldEncoding(name: "metadata", style: .deepObject),
                FormFieldEncoding(name: "address", style: .deepObject),
            ])
    }

    @Test func anEncodingForAPartTheSchemaLacksChangesNoPart() throws {
        let parts = try body(
            #"{"multipart/form-data": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}, "encoding": {"b": {"contentType": "text/plain"}}}}"#
        )
        #expect(parts.multipart?.parts.map(\.name) == ["a"])
        #expect(parts.multipart?.parts.first?.contentType == nil)
    }
}
