import Foundation
import RonMock
import Testing

/// Url-encoded form bodies judged by their schema, as schemathesis found them taken unchecked
/// (Traccar, Supabase Auth, Ably, Ory Hydra), and a multipart part with a `default` that its
/// schema does not require (Resend), each over real HTTP on loopback.
@Suite struct MockFormBodyTests {
    /// An OpenAPI 3.0 form (refusals documented as 422), a Swagger 2.0 `formData` operation
    /// (refusals as 400) and a multipart upload with an optional part that has a default.
    static let accounts = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Accounts", "version": "1"},
          "servers": [{"url": "/api"}],
          "paths": {
            "/accounts": {
              "post": {"operationId": "createAccount",
                "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {
                  "schema": {"$ref": "#/components/schemas/AccountForm"},
                  "encoding": {"codes": {"style": "form", "explode": false}}}}},
                "responses": {
                  "204": {"description": "Made."},
                  "422": {"description": "Refused.", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {"detail": {"type": "string"}}}}}}}}
            },
            "/imports": {
              "post": {"operationId": "importContacts",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {
                  "type": "object", "required": ["file"],
                  "properties": {
                    "file": {"type": "string", "format": "binary"},
                    "on_conflict": {"type": "string", "enum": ["skip", "overwrite"], "default": "skip"}}}}}},
                "responses": {"204": {"description": "Imported."}, "400": {"description": "Refused."}}}
            }
          },
          "components": {"schemas": {"AccountForm": {
            "type": "object", "required": ["name", "age"], "additionalProperties": false,
            "properties": {
              "name": {"type": "string", "minLength": 2, "pattern": "^[a-z]+$"},
              "age": {"type": "integer"},
              "score": {"type": "number"},
              "active": {"type": "boolean"},
              "plan": {"type": "string", "enum": ["free", "pro"]},
              "tags": {"type": "array", "items": {"type": "string"}},
              "codes": {"type": "array", "items": {"type": "integer"}},
              "address": {"type": "object", "properties": {"zip": {"type": "integer"}, "city": {"type": "string"}}}}}}}
        }
        """#

    static let kennel = #"""
        {
          "swagger": "2.0",
          "info": {"title": "Kennel", "version": "1"},
          "basePath": "/kennel",
          "paths": {
            "/session": {
              "post": {"operationId": "openSession",
                "consumes": ["application/x-www-form-urlencoded"],
                "parameters": [
                  {"name": "email", "in": "formData", "required": true, "type": "string"},
                  {"name": "days", "in": "formData", "type": "integer"},
                  {"name": "ids", "in": "formData", "type": "array", "items": {"type": "integer"}}],
                "responses": {"200": {"description": "Open."}, "400": {"description": "Refused."}}}
            }
          }
        }
        """#

    /// The mock of ``accounts`` and ``kennel`` for one test.
    static func served() throws -> MockOverDocuments {
        try MockOverDocuments(["accounts.openapi.json": accounts, "kennel.swagger.json": kennel])
    }

    /// The problem the mock names in its refusal.
    static func problem(_ answer: MockHTTPClient.Answer) -> String {
        answer.headers["x-ron-mock-problem"] ?? answer.text
    }

    @Test func aValidFormIsTakenWithItsValuesReadByType() throws {
        let mock = try Self.served()
        let full = try mock.form(
            "/api/accounts",
            "name=ann&age=42&score=2.5&active=true&plan=pro&tags=a&tags=b+c&codes=1,2,3"
                + "&address%5Bzip%5D=12345&address%5Bcity%5D=Paris")
        #expect(full.status == 204, "\(Self.problem(full))")
        #expect(try mock.form("/api/accounts", "age=7&name=bob").status == 204)
        // A list of one element, and no element at all.
        #expect(try mock.form("/api/accounts", "name=bo&age=1&tags=x&codes=").status == 204)
        // The same form with a text where an integer goes is not taken: the values were read by type.
        let typed = try mock.form("/api/accounts", "name=ann&age=42&codes=1,two&address%5Bzip%5D=12345")
        #expect(typed.status == 422)
        #expect(Self.problem(typed).contains("body at /codes/1"), "\(Self.problem(typed))")
    }

    @Test func aMissingRequiredFieldIsRefusedWithTheDocumentedStatus() throws {
        let mock = try Self.served()
        let answer = try mock.form("/api/accounts", "name=ann")
        #expect(answer.status == 422)
        #expect(Self.problem(answer).contains("age"), "\(Self.problem(answer))")
    }

    @Test func aBodyThatIsNotPercentEncodedUTF8IsRefusedAsSuch() throws {
        let mock = try Self.served()
        let answer = try mock.form("/api/accounts", "name=ann&age=%ZZ")
        #expect(answer.status == 422)
        #expect(Self.problem(answer).contains("not percent-encoded UTF-8"), "\(Self.problem(answer))")
    }

    @Test func aValueOfTheWrongTypeIsRefusedNamingTheField() throws {
        let mock = try Self.served()
        for (body, field) in [
            ("name=ann&age=old", "/age"), ("name=ann&age=4.5", "/age"), ("name=ann&age=1&score=high", "/score"),
            ("name=ann&age=1&active=yes", "/active"), ("name=ann&age=1&codes=1,x", "/codes/1"),
            ("name=ann&age=1&address%5Bzip%5D=north", "/address/zip"), ("name=ann&age=1&age=2", "/age"),
        ] {
            let answer = try mock.form("/api/accounts", body)
            #expect(answer.status == 422, "\(body)")
            #expect(Self.problem(answer).contains("body at \(field)"), "\(body): \(Self.problem(answer))")
        }
    }

    @Test func anEnumLengthPatternOrUnknownFieldIsRefused() throws {
        let mock = try Self.served()
        for (body, field) in [
            ("name=ann&age=1&plan=gold", "/plan"), ("name=a&age=1", "/name"), ("name=Ann1&age=1", "/name"),
            ("name=ann&age=1&color=red", "color"),
        ] {
            let answer = try mock.form("/api/accounts", body)
            #expect(answer.status == 422, "\(body)")
            #expect(Self.problem(answer).contains(field), "\(body): \(Self.problem(answer))")
        }
    }

    @Test func swaggerFormDataParametersAreAForm() throws {
        let mock = try Self.served()
        let valid = try mock.form("/kennel/session", "email=a%40b.example&days=3&ids=1,2")
        #expect(valid.status == 200, "\(Self.problem(valid))")
        let missing = try mock.form("/kennel/session", "days=3")
        #expect(missing.status == 400)
        #expect(Self.problem(missing).contains("email"), "\(Self.problem(missing))")
        let wrong = try mock.form("/kennel/session", "email=a&days=soon")
        #expect(wrong.status == 400)
        #expect(Self.problem(wrong).contains("body at /days"), "\(Self.problem(wrong))")
        // collectionFormat csv (the default): one comma-separated value, each element an integer.
        let element = try mock.form("/kennel/session", "email=a&ids=1,x")
        #expect(element.status == 400)
        #expect(Self.problem(element).contains("body at /ids/1"), "\(Self.problem(element))")
    }

    @Test func anOptionalMultipartPartWithADefaultMayBeLeftOut() throws {
        let mock = try Self.served()
        let boundary = "ron-boundary"
        func upload(_ parts: [(name: String, text: String)]) throws -> MockHTTPClient.Answer {
            var body = ""
            for part in parts {
                body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
                body += part.name == "file" ? "; filename=\"c.csv\"\r\nContent-Type: text/csv" : ""
                body += "\r\n\r\n\(part.text)\r\n"
            }
            body += "--\(boundary)--\r\n"
            return try MockHTTPClient(port: mock.port).request(
                "POST", "/api/imports", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"],
                body: body)
        }
        let withoutDefault = try upload([("file", "email\na@b.example")])
        #expect(withoutDefault.status == 204, "\(Self.problem(withoutDefault))")
        #expect(try upload([("file", "email"), ("on_conflict", "overwrite")]).status == 204)
        let withoutFile = try upload([("on_conflict", "skip")])
        #expect(withoutFile.status == 400)
        #expect(Self.problem(withoutFile).contains("body part 'file'"), "\(Self.problem(withoutFile))")
    }
}

extension MockOverDocuments {
    /// `body` posted to `target` as a URL-encoded form.
    fileprivate func form(_ target: String, _ body: String) throws -> MockHTTPClient.Answer {
        try request("POST", target, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: body)
    }
}
