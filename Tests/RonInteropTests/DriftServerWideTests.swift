import Foundation
import RonTestSupport
import Testing

/// `ron drift --unsafe` leaves alone an operation on no item that looks like it clears, resets or
/// stops the whole server, unless it is named with `--operation`.
@Suite(
    "ron drift --unsafe and server-wide operations",
    .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftServerWideTests {
    /// Gadgets with a create, a delete, an action on an item, a harmless action on no item and
    /// two that empty or stop the server.
    private static let openAPI = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Gadgets", "version": "1.0.0"},
          "components": {"schemas": {"Gadget": {
            "type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}}},
          "paths": {
            "/gadgets": {
              "get": {"operationId": "listGadgets", "responses": {"200": {"description": "All.",
                "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Gadget"}}}}}}},
              "post": {"operationId": "makeGadget",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gadget"}}}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gadget"}}}}}}
            },
            "/gadgets/{gadget_id}": {
              "parameters": [{"name": "gadget_id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "delete": {"operationId": "deleteGadget", "responses": {"204": {"description": "Gone."}}}
            },
            "/gadgets/{gadget_id}/restart": {
              "parameters": [{"name": "gadget_id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "post": {"operationId": "restartGadget", "responses": {"204": {"description": "Restarted."}}}
            },
            "/recount": {"post": {"operationId": "recount", "responses": {"204": {"description": "Counted."}}}},
            "/gadgets/bulk_delete": {"post": {"operationId": "deleteGadgets", "responses": {"204": {"description": "Gone."}}}},
            "/admin/database/clear": {"post": {"operationId": "clearDatabase", "responses": {"204": {"description": "Emptied."}}}},
            "/api/shutdown": {"post": {"operationId": "shutdownServer", "responses": {"204": {"description": "Stopping."}}}}
          }
        }
        """

    private func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch (request.method, request.path) {
            case ("GET", "/app/gadgets"): return .json(200, #"[{"id": "g-1"}]"#)
            case ("POST", "/app/gadgets"): return .json(201, #"{"id": "g-9"}"#)
            case ("DELETE", "/app/gadgets/g-9"), ("POST", "/app/gadgets/g-9/restart"), ("POST", "/app/recount"),
                ("POST", "/app/admin/database/clear"), ("POST", "/app/api/shutdown"):
                return .respond(status: 204)
            default: return .json(404, #"{"code": "NOT_FOUND", "message": "no route", "retryable": false}"#)
            }
        }
    }

    private func run(_ extra: [String]) async throws -> (
        status: Int32, report: [String: [String: Any]], paths: [String]
    ) {
        let folder = try makeScratchFolder("ron-interop").appending(path: "Schema")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.openAPI.utf8).write(to: folder.appending(path: "gadgets.openapi.json"))
        let server = try server()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let arguments = ["drift", "--format", "json", "--base", base, "--schema", folder.path, "--unsafe"]
        let result = try await RonBinary.run(arguments + extra)
        let list = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [[String: Any]] ?? []
        var report: [String: [String: Any]] = [:]
        for entry in list {
            if let operation = entry["operation"] as? String { report[operation] = entry }
        }
        return (result.status, report, server.requests.filter { $0.method == "POST" }.map(\.path))
    }

    @Test func anOperationThatClearsOrStopsTheServerIsSkippedSayingWhy() async throws {
        let (status, report, posts) = try await run([])
        #expect(status == 0, "\(report)")
        #expect(!posts.contains("/app/admin/database/clear"), "\(posts)")
        #expect(!posts.contains("/app/api/shutdown"), "\(posts)")
        #expect(!posts.contains("/app/gadgets/bulk_delete"), "\(posts)")
        let clear = try #require(report["clearDatabase"], "\(report)")
        #expect(clear["outcome"] as? String == "skipped")
        let message = clear["message"] as? String ?? ""
        #expect(message.contains("says 'clear': it may delete, reset or stop what drift did not create"), "\(clear)")
        #expect((clear["message"] as? String)?.contains("--operation") == true, "\(clear)")
        let shutdown = try #require(report["shutdownServer"], "\(report)")
        #expect((shutdown["message"] as? String)?.contains("says 'shutdown'") == true, "\(shutdown)")
        // An action on drift's own item, and one on no item that empties nothing, are called.
        #expect(posts.contains("/app/gadgets/g-9/restart"), "\(posts)")
        #expect(posts.contains("/app/recount"), "\(posts)")
        #expect(report["recount"]?["outcome"] as? String == "ok", "\(report)")
    }

    @Test func namedWithOperationItIsCalled() async throws {
        let (status, report, posts) = try await run(["--operation", "clearDatabase"])
        #expect(status == 0, "\(report)")
        #expect(posts == ["/app/admin/database/clear"], "\(posts)")
        #expect(report["clearDatabase"]?["outcome"] as? String == "ok", "\(report)")
    }
}
