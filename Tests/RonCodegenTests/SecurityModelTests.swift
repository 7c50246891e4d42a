import Foundation
import Testing

@testable import RonCodegenCore

/// Security as the model reads it: every scheme kind of OpenAPI 3.0, 3.1 and Swagger 2.0, the
/// document's default requirement and each operation's own, and what the renderer makes of them.
@Suite struct SecurityModelTests {
    static let openAPI = #"""
        {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
         "security": [{"key": []}],
         "components": {"securitySchemes": {
           "key": {"type": "apiKey", "in": "header", "name": "X-Key", "description": "The shop's key."},
           "q": {"type": "apiKey", "in": "query", "name": "api_key"},
           "jar": {"type": "apiKey", "in": "cookie", "name": "sid"},
           "basic": {"type": "http", "scheme": "Basic"},
           "jwt": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
           "sentry": {"type": "http", "scheme": "DSN"},
           "oauth": {"type": "oauth2", "flows": {
             "clientCredentials": {"tokenUrl": "https://auth.example.com/token", "scopes": {"read": "r", "write": "w"}},
             "authorizationCode": {"authorizationUrl": "/authorize", "tokenUrl": "/token", "refreshUrl": "/refresh", "scopes": {}}}},
           "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://id.example.com/.well-known/openid-configuration"},
           "tls": {"type": "mutualTLS"},
           "alias": {"$ref": "#/components/securitySchemes/jwt"},
           "broken": {"type": "apiKey", "in": "body", "name": "k"},
           "x-note": {"type": "nothing"}
         }},
         "paths": {
           "/default": {"get": {"operationId": "usesDefault", "responses": {"204": {"description": ""}}}},
           "/none": {"get": {"operationId": "none", "security": [], "responses": {"204": {"description": ""}}}},
           "/either": {"get": {"operationId": "either", "security": [{"jwt": []}, {"oauth": ["read", "write"]}], "responses": {"204": {"description": ""}}}},
           "/both": {"get": {"operationId": "both", "security": [{"key": [], "q": []}], "responses": {"204": {"description": ""}}}},
           "/optional": {"get": {"operationId": "optional", "security": [{"jar": []}, {}], "responses": {"204": {"description": ""}}}},
           "/unknown": {"get": {"operationId": "unknown", "security": [{"missing": []}], "responses": {"204": {"description": ""}}}},
           "/partly": {"get": {"operationId": "partly", "security": [{"missing": []}, {"basic": []}], "responses": {"204": {"description": ""}}}},
           "/events": {"get": {"operationId": "events", "responses": {"200": {"description": "", "content": {"text/event-stream": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}}}}}}
         }}
        """#

    static func model(_ documents: [(String, String)]) throws -> SchemaModel {
        try CodeGenerator().model(documents: documents)
    }

    @Test func everySchemeKindIsRead() throws {
        let model = try Self.model([("shop.openapi.json", Self.openAPI)])
        let schemes = Dictionary(uniqueKeysWithValues: model.securitySchemes.map { ($0.name, $0) })
        #expect(schemes["key"]?.kind == .apiKey(name: "X-Key", location: "header"))
        #expect(schemes["key"]?.description == "The shop's key.")
        #expect(schemes["q"]?.kind == .apiKey(name: "api_key", location: "query"))
        #expect(schemes["jar"]?.kind == .apiKey(name: "sid", location: "cookie"))
        #expect(schemes["basic"]?.kind == .http(scheme: "basic", bearerFormat: nil))
        #expect(schemes["jwt"]?.kind == .http(scheme: "bearer", bearerFormat: "JWT"))
        #expect(schemes["sentry"]?.kind == .http(scheme: "dsn", bearerFormat: nil))
        #expect(schemes["alias"]?.kind == schemes["jwt"]?.kind)
        guard case .oauth2(let flows)? = schemes["oauth"]?.kind else {
            Issue.record("oauth is not read as OAuth 2.0")
            return
        }
        #expect(
            flows == [
                SecurityScheme.OAuthFlow(
                    kind: "clientCredentials", tokenURL: "https://auth.example.com/token", scopes: ["read", "write"]),
                SecurityScheme.OAuthFlow(
                    kind: "authorizationCode", authorizationURL: "/authorize", tokenURL: "/token",
                    refreshURL: "/refresh"),
            ])
        #expect(schemes["oidc"]?.kind == .openIdConnect(url: "https://id.example.com/.well-known/openid-configuration"))
        #expect(schemes["tls"]?.kind == .mutualTLS)
        // What cannot be read is left out with a warning naming the place; extensions are ignored.
        #expect(schemes["broken"] == nil)
        #expect(schemes["x-note"] == nil)
        #expect(
            model.notes.contains {
                $0.pointer == "/components/securitySchemes/broken/in" && $0.message.contains("not 'body'")
            })
        #expect(Set(model.securitySchemes.map(\.securityTypeName)) == ["ShopSecurity"])
        #expect(Set(model.securitySchemes.map(\.credentialsTypeName)) == ["ShopCredentials"])
    }

    @Test func eachOperationHasItsOwnRequirementOrTheDocumentsDefault() throws {
        let model = try Self.model([("shop.openapi.json", Self.openAPI)])
        let security = Dictionary(uniqueKeysWithValues: model.operations.map { ($0.operationId, $0.security) })
        func names(_ id: String) -> [[String]]? { security[id]??.map { $0.map(\.scheme) } }
        #expect(names("usesDefault") == [["key"]])
        #expect(names("none") == [])
        #expect(names("either") == [["jwt"], ["oauth"]])
        #expect(security["either"]??[1].first?.scopes == ["read", "write"])
        #expect(names("both") == [["key", "q"]])
        #expect(names("optional") == [["jar"], []])
        // A requirement naming an undeclared scheme is left out, with a warning; one left alone is none at all.
        #expect(names("unknown") == nil)
        #expect(names("partly") == [["basic"]])
        #expect(model.notes.contains { $0.pointer == "/paths/~1unknown/get/security/0/missing" })
        #expect(security["both"]??.first?.map(\.reference) == ["ShopSecurity.key", "ShopSecurity.q"])
    }

    @Test func swaggerSecurityDefinitionsAreReadAsOpenAPISchemes() throws {
        let swagger = #"""
            {"swagger": "2.0", "info": {"title": "S", "version": "1"}, "host": "api.example.com",
             "securityDefinitions": {
               "basicAuth": {"type": "basic", "description": "Users."},
               "apiKey": {"type": "apiKey", "in": "header", "name": "X-Token"},
               "app": {"type": "oauth2", "flow": "application", "tokenUrl": "https://a.example.com/token", "scopes": {"admin": "a"}},
               "code": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a.example.com/auth", "tokenUrl": "https://a.example.com/token", "scopes": {}},
               "implicit": {"type": "oauth2", "flow": "implicit", "authorizationUrl": "https://a.example.com/auth", "scopes": {}},
               "password": {"type": "oauth2", "flow": "password", "tokenUrl": "https://a.example.com/token", "scopes": {}}
             },
             "security": [{"apiKey": []}],
             "paths": {"/pets": {"get": {"operationId": "listPets", "security": [{"basicAuth": []}, {"app": ["admin"]}],
                                         "responses": {"200": {"description": "ok"}}},
                                 "post": {"operationId": "addPet", "responses": {"200": {"description": "ok"}}}}}}
            """#
        let model = try Self.model([("pets.json", swagger)])
        let schemes = Dictionary(uniqueKeysWithValues: model.securitySchemes.map { ($0.name, $0.kind) })
        #expect(schemes["basicAuth"] == .http(scheme: "basic", bearerFormat: nil))
        #expect(schemes["apiKey"] == .apiKey(name: "X-Token", location: "header"))
        #expect(
            schemes["app"]
                == .oauth2([
                    SecurityScheme.OAuthFlow(
                        kind: "clientCredentials", tokenURL: "https://a.example.com/token", scopes: ["admin"])
                ]))
        #expect(
            schemes["code"]
                == .oauth2([
                    SecurityScheme.OAuthFlow(
                        kind: "authorizationCode", authorizationURL: "https://a.example.com/auth",
                        tokenURL: "https://a.example.com/token")
                ]))
        #expect(
            schemes["implicit"] == .oauth2([.init(kind: "implicit", authorizationURL: "https://a.example.com/auth")]))
        #expect(schemes["password"] == .oauth2([.init(kind: "password", tokenURL: "https://a.example.com/token")]))
        let security = Dictionary(uniqueKeysWithValues: model.operations.map { ($0.operationId, $0.security) })
        #expect(security["listPets"]??.map { $0.map(\.scheme) } == [["basicAuth"], ["app"]])
        #expect(security["addPet"]??.map { $0.map(\.scheme) } == [["apiKey"]])
    }

    @Test func aSchemeWrittenInAnotherFileIsReadAsItsOwn() throws {
        // As Algolia publishes its descriptions: the schemes of every API in one shared file.
        let root = #"""
            {"openapi": "3.0.2", "info": {"title": "Search", "version": "1"},
             "security": [{"appId": [], "apiKey": []}],
             "components": {"securitySchemes": {
               "appId": {"$ref": "../common/securitySchemes.json#/appId"},
               "apiKey": {"$ref": "../common/securitySchemes.json#/apiKey"},
               "gone": {"$ref": "../common/missing.json#/gone"}}},
             "paths": {"/1/indexes": {"$ref": "../common/paths/indexes.json"}}}
            """#
        // A path item of another file: its parameter is brought into the root's components.
        let indexes = #"""
            {"get": {"operationId": "listIndices",
                     "parameters": [{"$ref": "../parameters.json#/Page"}],
                     "responses": {"204": {"description": ""}}}}
            """#
        let parameters = #"{"Page": {"name": "page", "in": "query", "schema": {"type": "integer"}}}"#
        let shared = #"""
            {"appId": {"type": "apiKey", "in": "header", "name": "x-algolia-application-id"},
             "apiKey": {"type": "apiKey", "in": "header", "name": "x-algolia-api-key"}}
            """#
        let model = try Self.model([
            ("specs/search/spec.json", root), ("specs/common/securitySchemes.json", shared),
            ("specs/common/paths/indexes.json", indexes), ("specs/common/parameters.json", parameters),
        ])
        let schemes = Dictionary(uniqueKeysWithValues: model.securitySchemes.map { ($0.name, $0.kind) })
        #expect(schemes["appId"] == .apiKey(name: "x-algolia-application-id", location: "header"))
        #expect(schemes["apiKey"] == .apiKey(name: "x-algolia-api-key", location: "header"))
        #expect(schemes["gone"] == nil)
        #expect(
            model.notes.contains {
                $0.pointer == "/components/securitySchemes/gone" && $0.message.contains("could not be read")
            })
        #expect(model.operations.first?.security?.map { $0.map(\.scheme) } == [["appId", "apiKey"]])
        #expect(model.operations.first?.parameters.map(\.name) == ["page"])
    }

    @Test func aYAMLDescriptionOfOpenAPI30ReadsTheSame() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: Y, version: "1"}
            components:
              securitySchemes:
                token:
                  type: http
                  scheme: bearer
            security:
              - token: []
            paths:
              /me:
                get:
                  operationId: me
                  responses:
                    '204': {description: ok}
            """
        let model = try Self.model([("y.yaml", yaml)])
        #expect(model.securitySchemes.map(\.kind) == [.http(scheme: "bearer", bearerFormat: nil)])
        #expect(model.operations.first?.security?.map { $0.map(\.scheme) } == [["token"]])
    }

    @Test func theRenderedCallsSetTheirRequirementsAndTheDocumentGetsItsTypes() throws {
        let model = try Self.model([("shop.openapi.json", Self.openAPI)])
        let source = SwiftRenderer(options: SwiftRenderer.Options())
            .renderOperationsFile(model)
        #expect(source.contains("public enum ShopSecurity {"))
        #expect(
            source.contains(
                #"public static let key = RonSecurityScheme(name: "key", kind: .apiKey(name: "X-Key", location: .header))"#
            ))
        #expect(source.contains("public struct ShopCredentials: RonCredentialSet {"))
        #expect(source.contains("public var basic: RonBasicCredential?"))
        #expect(source.contains("public var oauth: RonOAuth2TokenSource?"))
        #expect(source.contains(#"values["sentry"] = .authorization(scheme: "Dsn", value: sentry)"#))
        #expect(!source.contains("public var tls"))
        #expect(
            source.contains(
                #"call.security = [RonSecurityRequirement([ShopSecurity.jwt]), RonSecurityRequirement([ShopSecurity.oauth], scopes: ["oauth": ["read", "write"]])]"#
            ))
        #expect(source.contains("call.security = []"))
        // A subscription: every (re)connection carries the document's default security.
        #expect(source.contains("secured.security = [RonSecurityRequirement([ShopSecurity.key])]"))
        #expect(
            source.contains(
                "call.security = [RonSecurityRequirement([ShopSecurity.jar]), RonSecurityRequirement.anonymous]"))
        #expect(source.contains("/// Credentials: `jwt`, or `oauth` (read, write) (`RonConfig.credentials`)."))
    }

    @Test func theCallListingSaysWhichCredentialsEachCallTakes() throws {
        let lines = SwiftRenderer.callListing(try Self.model([("shop.openapi.json", Self.openAPI)]))
        #expect(lines.contains("credentials  RonClient.either  `jwt`, or `oauth` (read, write)"))
        #expect(lines.contains("credentials  RonClient.usesDefault  `key`"))
        #expect(lines.contains { $0.hasPrefix("credentials  RonClient.none  none") })
        #expect(
            lines.contains(
                "scheme  ShopSecurity.q  an API key in the query 'api_key'  shop.openapi.json#/components/securitySchemes/q"
            ))
    }

    @Test func aDescriptionWithoutSecurityRendersAsBefore() throws {
        let plain = #"""
            {"openapi": "3.1.0", "info": {"title": "P", "version": "1"},
             "paths": {"/things": {"get": {"operationId": "things", "responses": {"204": {"description": ""}}}}}}
            """#
        let model = try Self.model([("plain.json", plain)])
        #expect(model.securitySchemes.isEmpty)
        #expect(model.operations.first?.security == nil)
        let source = SwiftRenderer(options: SwiftRenderer.Options()).renderOperationsFile(model)
        #expect(!source.contains("security"))
        #expect(source.contains("return await get(requestPath, queryItems: query, headers: headers)"))
    }
}
