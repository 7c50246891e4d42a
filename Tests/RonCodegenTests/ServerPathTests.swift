import Foundation
import Testing

@testable import RonCodegenCore

/// The `servers` of OpenAPI documents: the path of the first server URL is where the generated calls
/// go, `/app` without one (and for the App Plane document's `{base}/app`).
@Suite("Server paths of OpenAPI documents")
struct ServerPathTests {
    private static let types = #"{"$defs": {"Thing": {"type": "object", "properties": {"id": {"type": "string"}}}}}"#

    /// The operations of `api.json`, an OpenAPI document with one GET on `/things` and `servers`.
    private func operations(servers: String?) throws -> [RonCodegenCore.Operation] {
        let list = servers.map { #""servers": "# + $0 + "," } ?? ""
        let api =
            #"{"openapi": "3.1.0", "# + list
            + #""paths": {"/things": {"get": {"operationId": "listThings", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}}}}}}}"#
        return try CodeGenerator().model(documents: [("types.json", Self.types), ("api.json", api)]).operations
    }

    private func serverPath(_ servers: String?) throws -> String? {
        try operations(servers: servers).first?.serverPath
    }

    @Test func thePathOfTheFirstServerURLIsThePrefix() throws {
        #expect(try serverPath(#"[{"url": "https://api.example.com/v2"}, {"url": "/other"}]"#) == "/v2")
        #expect(try serverPath(#"[{"url": "https://api.example.com/v2/"}]"#) == "/v2")
        #expect(try serverPath(#"[{"url": "https://api.example.com"}]"#) == "")
        #expect(try serverPath(#"[{"url": "//cdn.example.com/api/v1?x=1"}]"#) == "/api/v1")
    }

    @Test func aRelativeServerURLIsAPathBelowTheBase() throws {
        #expect(try serverPath(#"[{"url": "/v3"}]"#) == "/v3")
        #expect(try serverPath(#"[{"url": "./api"}]"#) == "/api")
        #expect(try serverPath(#"[{"url": "/"}]"#) == "")
    }

    @Test func serverVariablesTakeTheirDefaults() throws {
        let servers = #"""
            [{"url": "{scheme}://{host}/{version}/api", "variables": {
              "scheme": {"default": "https"}, "host": {"default": "h.example.com"},
              "version": {"default": "v4", "enum": ["v4", "v5"]}}}]
            """#
        #expect(try serverPath(servers) == "/v4/api")
    }

    /// The server notes of `api.json` with `servers`.
    private func notes(_ servers: String) throws -> [String] {
        let api =
            #"{"openapi": "3.1.0", "servers": "# + servers
            + #", "paths": {"/things": {"get": {"operationId": "listThings", "responses": {}}}}}"#
        return try CodeGenerator().model(documents: [("api.json", api)]).notes.map { "\($0.pointer): \($0.message)" }
    }

    @Test func aVariableWithoutDefaultTakesItsFirstEnumValueOrNothingWithAWarning() throws {
        // In the path: the first enum value, with a warning.
        let enumerated = #"[{"url": "https://h/{version}/api", "variables": {"version": {"enum": ["v2", "v3"]}}}]"#
        #expect(try serverPath(enumerated) == "/v2/api")
        #expect(try notes(enumerated).first?.hasPrefix("/servers/0/variables: ") == true)
        #expect(try notes(enumerated).first?.contains("its first enum value 'v2' is taken") == true)
        // No enum: nothing, and the warning says how to give the prefix.
        #expect(try serverPath(#"[{"url": "https://h/{version}"}]"#) == "")
        #expect(try notes(#"[{"url": "https://h/{version}"}]"#).first?.contains("RonConfig.serverPaths") == true)
        // In the host: no value is needed (the client's base URL says where the server is), so no warning.
        let host = #"[{"url": "https://{region}.example.io/v1", "variables": {"region": {"description": "where"}}}]"#
        #expect(try serverPath(host) == "/v1")
        #expect(try notes(host).isEmpty)
        #expect(try serverPath(#"[{"url": "{scheme}://h/v9"}]"#) == "/v9")
    }

    @Test func withoutServersTheCallsStayBelowApp() throws {
        #expect(try serverPath(nil) == "/app")
        #expect(try serverPath("[]") == "/app")
    }

    @Test func theAppPlaneDocumentStaysBelowApp() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Schema")
        let model = try CodeGenerator().model(schemaDirectory: folder)
        #expect(!model.operations.isEmpty)
        #expect(model.operations.allSatisfy { $0.serverPath == "/app" })
        let rendered = SwiftRenderer(options: .init()).renderOperationsFile(model)
        #expect(!rendered.contains("serverPrefix("))
    }

    @Test func theRenderedCallPutsTheServerPrefixInFront() throws {
        let model = try CodeGenerator().model(documents: [
            ("types.json", Self.types),
            (
                "api.json",
                #"{"openapi": "3.1.0", "servers": [{"url": "https://api.example.com/v2"}], "paths": {"/things/{id}": {"get": {"operationId": "getThing", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "types.json#/$defs/Thing"}}}}}}}}}"#
            ),
        ])
        let rendered = SwiftRenderer(options: .init()).renderOperationsFile(model)
        #expect(
            rendered.contains(
                #"let requestPath = serverPrefix(document: "api.json", default: "/v2") + "/things/\(RonPath.segment(id))""#
            ),
            "\(rendered)")
        // The catalog says where `ron drift` calls it.
        #expect(rendered.contains(#"examples: [:], serverPath: "/v2")"#), "\(rendered)")
        // `/facets/{id}` is an App Plane route: below another server path it is no facet call.
        let facets = try CodeGenerator().model(documents: [
            (
                "api.json",
                #"{"openapi": "3.1.0", "servers": [{"url": "/v2"}], "paths": {"/facets/{id}/x": {"get": {"operationId": "f", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}]}}}}"#
            )
        ])
        #expect(facets.operations.first?.facetScoped == false)
    }
}
