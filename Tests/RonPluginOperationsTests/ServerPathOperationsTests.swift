import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// The calls of a document with its own `servers` (`stock.openapi.json`: `https://api.example.com/v2`)
/// go below `/v2` of the client's base URL, not `/app`, over real loopback HTTP; `RonConfig.serverPaths`
/// moves them.
@Suite("Server paths of a user's documents")
struct ServerPathOperationsTests {
    static let gadget = #"{"id": "g-1", "color": "red"}"#

    @Test func aDocumentsServerPathIsWhereItsCallsGo() async throws {
        let server = try LoopbackServer { _ in .json(200, Self.gadget) }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let stock = await client.getStock(gadgetId: "g 1/2")
        #expect(stock.data?.id == "g-1", "\(stock)")
        let body = try JSONDecoder().decode(Gadget.self, from: Data(Self.gadget.utf8))
        _ = await client.putStock(gadgetId: "g-1", body: body)
        // The App Plane's own calls of the other document stay below /app.
        _ = await client.listGadgets()
        #expect(
            server.requests.map { "\($0.method) \($0.target)" } == [
                "GET /v2/stock/g%201%2F2", "PUT /v2/stock/g-1", "GET /app/gadgets",
            ])
    }

    @Test func anAppSegmentBelowTheServerPathIsKept() async throws {
        let server = try LoopbackServer { _ in .text(200, "notes") }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let notes = await client.stockNotes()
        #expect(notes.data == "notes", "\(notes)")
        #expect(server.requests.map(\.target) == ["/v2/app/notes"])
    }

    @Test func theBaseURLsPathStaysInFront() async throws {
        let server = try LoopbackServer { _ in .json(200, Self.gadget) }
        defer { server.stop() }
        let client = try makeClient(base: server.baseURL.appending(path: "gateway"))
        defer { client.close() }
        _ = await client.getStock(gadgetId: "g-1")
        #expect(server.requests.map(\.target) == ["/gateway/v2/stock/g-1"])
    }

    @Test func serverPathsInTheConfigMoveADocumentsCalls() async throws {
        let server = try LoopbackServer { _ in .json(200, Self.gadget) }
        defer { server.stop() }
        let moved = try makeClient(server) { $0.serverPaths = ["stock.openapi.json": "/v3/"] }
        defer { moved.close() }
        _ = await moved.getStock(gadgetId: "g-1")
        let root = try makeClient(server) { $0.serverPaths = ["stock.openapi.json": ""] }
        defer { root.close() }
        _ = await root.getStock(gadgetId: "g-1")
        // Another document's entry changes nothing here.
        let other = try makeClient(server) { $0.serverPaths = ["gadgets.openapi.json": "/x"] }
        defer { other.close() }
        _ = await other.getStock(gadgetId: "g-1")
        #expect(server.requests.map(\.target) == ["/v3/stock/g-1", "/stock/g-1", "/v2/stock/g-1"])
    }

    /// `stock.openapi.json`'s `postQuotedNotes`: its path key holds a quote and a backslash, its
    /// descriptions CR LF and CR line breaks. That this file compiles is half the test (the path
    /// was once written into its literal unescaped, a description's later lines out of the comment);
    /// the call goes to the path the key names, percent-encoded.
    @Test func aPathKeyWithAQuoteAndABackslashIsCalledAsWritten() async throws {
        let server = try LoopbackServer { _ in .text(200, "noted") }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let answer = await client.postQuotedNotes(gadgetId: "g-1", tag: "t", body: .data(Data("a note".utf8)))
        #expect(answer.data == "noted", "\(answer)")
        #expect(server.requests.map(\.target) == ["/v2/stock/g-1/%22quoted%22%5Cnotes?tag=t"])
        #expect(server.requests.map(\.body) == [Data("a note".utf8)])
        let path = RonOperationCatalog.operations.first { $0.operationId == "postQuotedNotes" }?.path
        #expect(path == #"/stock/{gadget_id}/"quoted"\notes"#)
    }

    @Test func theCatalogSaysWhereEachOperationIsCalled() {
        let byId = Dictionary(RonOperationCatalog.operations.map { ($0.operationId, $0.serverPath) }) { first, _ in
            first
        }
        #expect(byId["getStock"] == "/v2")
        #expect(byId["listGadgets"] == "/app")
    }
}
