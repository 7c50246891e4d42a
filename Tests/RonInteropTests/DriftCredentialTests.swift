import Foundation
import RonTestSupport
import Testing

/// `ron drift --schema` and `ron fixtures record` against a server that checks the credentials of
/// the description's security schemes: given by name on the command line, in a file or by the
/// environment, sent where each scheme says, never written into a fixture.
@Suite(
    "ron drift with credentials", .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests")
)
struct DriftCredentialTests {
    private static let openAPI = """
        {
          "openapi": "3.0.3",
          "info": {"title": "Vault", "version": "1.0.0"},
          "servers": [{"url": "/"}],
          "security": [{"key": [], "account": []}],
          "components": {
            "securitySchemes": {
              "key": {"type": "apiKey", "in": "query", "name": "key"},
              "account": {"type": "http", "scheme": "basic"},
              "token": {"type": "http", "scheme": "bearer"}
            },
            "schemas": {
              "Secret": {"type": "object", "properties": {"id": {"type": "string"}, "seenKey": {"type": "string"}},
                         "required": ["id"]}
            }
          },
          "paths": {
            "/secrets/main": {
              "get": {
                "operationId": "getSecret",
                "responses": {"200": {"description": "One.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Secret"}}}},
                              "401": {"description": "No credentials."}}
              }
            },
            "/me": {
              "get": {
                "operationId": "me",
                "security": [{"token": []}],
                "responses": {"200": {"description": "Me.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Secret"}}}}}
              }
            }
          }
        }
        """

    /// A server that answers only with the query key `k-123456`, the basic `ada:pw-9876` (for
    /// `/secrets/main`) or the bearer `t-55555` (for `/me`), echoing the key it saw.
    private static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            let basic = "Basic " + Data("ada:pw-9876".utf8).base64EncodedString()
            switch request.path {
            case "/secrets/main"
            where request.target.contains("key=k-123456") && request.header("authorization") == basic:
                return .json(200, #"{"id": "s-1", "seenKey": "k-123456"}"#)
            case "/me" where request.header("authorization") == "Bearer t-55555":
                return .json(200, #"{"id": "me"}"#)
            default:
                return .json(401, #"{"code": "unauthorized", "message": "no"}"#)
            }
        }
    }

    /// `Schema/` with the document, in a scratch folder of its own (no values file beside it).
    private func folder() throws -> URL {
        let folder = try makeScratchFolder("ron-interop").appending(path: "Schema")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.openAPI.utf8).write(to: folder.appending(path: "vault.openapi.json"))
        return folder
    }

    @Test func driftReachesAServerThatRequiresCredentialsWhenGivenThemByName() async throws {
        let schema = try folder()
        defer { try? FileManager.default.removeItem(at: schema.deletingLastPathComponent()) }
        let server = try Self.server()
        let base = ["--schema", schema.path, "--base", "http://127.0.0.1:\(server.port)"]
        let without = try await RonBinary.run(["drift"] + base)
        #expect(without.status == 2, "\(without.output)\(without.error)")
        #expect(without.output.contains("credentials_missing"), "\(without.output)")
        #expect(server.requests.isEmpty)

        let exchanges = schema.deletingLastPathComponent().appending(path: "exchanges.jsonl")
        let given = try await RonBinary.run(
            ["drift"] + base + [
                "--credential", "key=k-123456", "--credential", "account=ada:pw-9876", "--credential", "token=t-55555",
                "--exchanges", exchanges.path,
            ])
        #expect(given.status == 0, "\(given.output)\(given.error)")
        #expect(given.output.contains("ok        getSecret (GET /secrets/main): 200 Secret"), "\(given.output)")
        #expect(given.output.contains("ok        me (GET /me): 200 Secret"), "\(given.output)")
        // Not in the report, nor in the exchanges written for another judge (not even echoed in a body).
        let written = try String(contentsOf: exchanges, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 2, "\(written)")
        let bodies = written.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["responseBody"] as? String
        }
        #expect(bodies.contains { $0.contains(#""seenKey": "redacted""#) }, "\(written)")
        for text in [given.output, given.error, written] {
            #expect(!text.contains("k-123456") && !text.contains("pw-9876") && !text.contains("t-55555"))
        }
        // Each credential went where its scheme says, and only to the operations that need it.
        let me = try #require(server.requests.first { $0.path == "/me" })
        #expect(!me.target.contains("key="))
        #expect(me.header("authorization") == "Bearer t-55555")
    }

    @Test func aFileAndTheEnvironmentGiveCredentialsTooAndAnUnknownSchemeIsAUsageError() async throws {
        let schema = try folder()
        defer { try? FileManager.default.removeItem(at: schema.deletingLastPathComponent()) }
        let server = try Self.server()
        let file = schema.appending(path: "credentials.txt")
        try Data("# vault\nkey=k-123456\naccount=ada:pw-9876\n".utf8).write(to: file)
        let base = ["--schema", schema.path, "--base", "http://127.0.0.1:\(server.port)"]
        let fromFile = try await RonBinary.run(
            ["drift", "--operation", "getSecret", "--credentials-file", file.path] + base)
        #expect(fromFile.status == 0, "\(fromFile.output)\(fromFile.error)")
        let fromEnvironment = try await RonBinary.run(
            ["drift", "--operation", "me"] + base, environment: ["RON_CREDENTIAL_TOKEN": "t-55555"])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.output)\(fromEnvironment.error)")
        let unknown = try await RonBinary.run(["drift", "--credential", "nope=x"] + base)
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("no security scheme 'nope'"), "\(unknown.error)")
        #expect(unknown.error.contains("known: account, key, token"), "\(unknown.error)")
    }

    @Test func recordWritesTheAnswerWithEveryCredentialScrubbed() async throws {
        let schema = try folder()
        defer { try? FileManager.default.removeItem(at: schema.deletingLastPathComponent()) }
        let output = try makeScratchFolder("ron-interop")
        defer { try? FileManager.default.removeItem(at: output) }
        let server = try Self.server()
        let result = try await RonBinary.run([
            "fixtures", "record", "--schema", schema.path, "--base", "http://127.0.0.1:\(server.port)", "--output",
            output.path, "--operation", "getSecret", "--credential", "key=k-123456", "--credential",
            "account=ada:pw-9876",
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let text = try String(
            contentsOf: output.appending(path: "Secret/recorded_getSecret.json"), encoding: .utf8)
        #expect(!text.contains("k-123456"))
        #expect(text.contains(#""seenKey" : "redacted""#))
    }

    @Test func ronCallAttachesTheCredentialsTheOperationRequires() async throws {
        let schema = try folder()
        defer { try? FileManager.default.removeItem(at: schema.deletingLastPathComponent()) }
        let server = try Self.server()
        let base = ["--base", "http://127.0.0.1:\(server.port)", "--schema", schema.path]
        let call = try await RonBinary.run(
            ["call", "GET", "/secrets/main"] + base + [
                "--credential", "key=k-123456", "--credential", "account=ada:pw-9876",
            ])
        #expect(call.status == 0, "\(call.output)\(call.error)")
        #expect(call.output.contains("s-1"))
        let missing = try await RonBinary.run(["call", "GET", "/me"] + base + ["--credential", "key=k-123456"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("credentials_missing"), "\(missing.output)")
        #expect(server.requests.count == 1)
        let unknownPath = try await RonBinary.run(["call", "GET", "/nowhere"] + base)
        #expect(unknownPath.error.contains("no GET operation of the schema matches '/nowhere'"), "\(unknownPath.error)")
    }
}
