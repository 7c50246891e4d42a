import Foundation
import RonCodegenCore
import Testing

/// `multipart/form-data` and url-encoded form bodies in the model: parts by OpenAPI's defaults, the
/// `encoding` object's content types, part headers and form styles, and the form type's name.
@Suite("Multipart and form bodies")
struct MultipartModelTests {
    private func operations(_ body: String, components: String = "{}") throws -> [RonCodegenCore.Operation] {
        let api =
            #"{"openapi": "3.1.0", "paths": {"/upload": {"post": {"operationId": "upload", "requestBody": {"required": true, "content": "#
            + body + #"}, "responses": {"204": {"description": "ok"}}}}}, "components": "# + components + "}"
        return try CodeGenerator().model(documents: [("api.json", api)]).operations
    }

    @Test func partsFollowOpenAPIsDefaultsAndTheEncodingObject() throws {
        let body = #"""
            {"multipart/form-data": {
              "schema": {"type": "object", "required": ["file"], "properties": {
                "name": {"type": "string"},
                "count": {"type": "integer", "format": "int32"},
                "meta": {"type": "object", "properties": {"a": {"type": "string"}}},
                "file": {"type": "string", "format": "binary"},
                "scans": {"type": "array", "items": {"contentMediaType": "image/tiff"}},
                "blob": {},
                "labels": {"type": "array", "items": {"type": "string"}},
                "config": {"type": "string", "contentMediaType": "application/json"}
              }},
              "encoding": {
                "file": {"contentType": "image/*, image/png", "headers": {
                  "X-Id": {"required": true, "schema": {"type": "integer", "format": "int64"}},
                  "Content-Type": {"schema": {"type": "string"}}}},
                "config": {"contentType": "application/json"}
              }}}
            """#
        let operation = try #require(try operations(body).first)
        let form = try #require(operation.requestBody?.multipart)
        #expect(form.typeName == "UploadForm")
        #expect(operation.requestBody?.type == .named("UploadForm", arguments: []))
        let parts = Dictionary(uniqueKeysWithValues: form.parts.map { ($0.name, $0) })
        #expect(form.parts.map(\.name) == ["name", "count", "meta", "file", "scans", "blob", "labels", "config"])
        #expect(parts["name"]?.kind == .text && parts["name"]?.required == false)
        #expect(parts["count"]?.kind == .text && parts["count"]?.type == .int32)
        #expect(parts["meta"]?.kind == .json)
        #expect(parts["file"]?.kind == .file && parts["file"]?.required == true)
        // The first listed media type that is not a wildcard; Content-Type is never a part header.
        #expect(parts["file"]?.contentType == "image/png")
        #expect(parts["file"]?.allowedContentTypes == "image/*, image/png")
        #expect(parts["file"]?.headers.map(\.name) == ["X-Id"])
        #expect(parts["file"]?.headers.first?.swiftName == "fileXId")
        #expect(parts["file"]?.headers.first?.type == .int64(asString: false))
        #expect(parts["scans"]?.kind == .file && parts["scans"]?.repeated == true)
        #expect(parts["scans"]?.contentType == "image/tiff")
        #expect(parts["blob"]?.kind == .file && parts["blob"]?.contentType == nil)
        #expect(parts["labels"]?.kind == .text && parts["labels"]?.repeated == true)
        // A JSON content type makes a string part a JSON one.
        #expect(parts["config"]?.kind == .json)
    }

    @Test func theFormTypesNameNeverTakesASchemaTypesName() throws {
        let body = #"""
            {"multipart/form-data": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}
            """#
        let operation = try #require(
            try operations(body, components: #"{"schemas": {"UploadForm": {"type": "string"}}}"#).first)
        #expect(operation.requestBody?.multipart?.typeName == "UploadForm2")
    }

    @Test func aFormsEncodingObjectJoinsExplodesOrSendsJSON() throws {
        let body = #"""
            {"application/x-www-form-urlencoded": {
              "schema": {"type": "object", "properties": {
                "tags": {"type": "array", "items": {"type": "string"}},
                "ids": {"type": "array", "items": {"type": "integer"}},
                "words": {"type": "array", "items": {"type": "string"}},
                "plain": {"type": "array", "items": {"type": "string"}},
                "point": {"type": "object", "properties": {"x": {"type": "integer"}}},
                "deep": {"type": "object", "properties": {"x": {"type": "integer"}}},
                "doc": {"type": "object", "properties": {"x": {"type": "integer"}}}
              }},
              "encoding": {
                "tags": {"style": "form", "explode": false},
                "ids": {"style": "pipeDelimited", "explode": false},
                "words": {"style": "spaceDelimited", "explode": false},
                "plain": {"style": "form", "explode": true},
                "point": {"style": "form"},
                "deep": {"style": "deepObject", "explode": true},
                "doc": {"contentType": "application/json"}
              }}}
            """#
        let operation = try #require(try operations(body).first)
        let fields = try #require(operation.requestBody?.formFields)
        #expect(
            fields == [
                FormFieldEncoding(name: "tags", style: .joined(",")),
                FormFieldEncoding(name: "ids", style: .joined("|")),
                FormFieldEncoding(name: "words", style: .joined(" ")),
                FormFieldEncoding(name: "point", style: .exploded),
                FormFieldEncoding(name: "deep", style: .deepObject),
                FormFieldEncoding(name: "doc", style: .json),
            ])
    }
}
