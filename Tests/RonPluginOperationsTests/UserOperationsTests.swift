import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// The plugin applied to a user's own target whose `Schema/` holds an OpenAPI document: its types
/// and its calls on `RonClient` are generated here, and the calls go over real loopback HTTP.
@Suite("A user's own operations")
struct UserOperationsTests {
    static let page1 =
        #"{"items": [{"id": "g-1", "color": "red"}, {"id": "g-2", "color": "blue"}], "next_page_token": "t2"}"#
    static let page2 = #"{"items": [{"id": "g-3", "color": "green"}], "next_page_token": null}"#

    @Test func queryArraysAreExplodedOrJoinedAsTheSchemaSays() async throws {
        let server = try LoopbackServer { _ in .json(200, Self.page1) }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let page = await client.listGadgets(pageSize: 2, color: [.red, .blue], fields: ["id", "color"])
        #expect(page.data?.items.map(\.id) == ["g-1", "g-2"])
        #expect(page.data?.nextPageToken == "t2")
        #expect(server.requests.first?.target == "/app/gadgets?page_size=2&color=red&color=blue&fields=id%2Ccolor")
    }

    @Test func thePageSequenceFollowsTheTokens() async throws {
        let server = try LoopbackServer { request in
            request.target.contains("page_token=t2") ? .json(200, Self.page2) : .json(200, Self.page1)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        var ids: [String] = []
        for try await page in client.listGadgetsPages(color: [.blue], pageSize: 2) { ids += page.items.map(\.id) }
        #expect(ids == ["g-1", "g-2", "g-3"])
        #expect(
            server.requests.map(\.target) == [
                "/app/gadgets?color=blue&page_size=2", "/app/gadgets?color=blue&page_size=2&page_token=t2",
            ])
        // An unknown enum value on the wire is kept.
        #expect(
            try await client.listGadgetsPages().reduce(into: []) { $0 += $1.items.map(\.color) }.last
                == .unknown("green"))
    }

    @Test func pathParametersAreEncodedAndASlashIsRefusedBeforeSending() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"id": "a b", "color": "red"}"#) }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let gadget = await client.getGadgetsByGadgetId(gadgetId: "a b")
        #expect(gadget.data?.id == "a b")
        #expect(server.requests.map(\.target) == ["/app/gadgets/a%20b"])
        for bad in ["a/b", "", ".."] {
            let refused = await client.getGadgetsByGadgetId(gadgetId: bad)
            #expect(refused.status == 0)
            #expect(refused.problem?.code == "invalid_path_parameter")
        }
        #expect(server.requests.count == 1)
    }

    @Test func severalAnswersBecomeAnEnumAndHeadersAndBodyAreSent() async throws {
        let server = try LoopbackServer { request in
            switch request.header("x-request-tag") {
            case "made": return .json(201, #"{"id": "g-9", "color": "blue"}"#)
            case "later": return .respond(status: 202)
            default: return .json(200, #"{"id": "g-9", "color": "blue"}"#)
            }
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let made = await client.createGadget(xRequestTag: "made", body: GadgetDraft(color: .blue))
        guard case .status201Json(let gadget)? = made.data else {
            Issue.record(
                "expected the 201 case, got \(String(describing: made.data)) \(String(describing: made.problem))")
            return
        }
        #expect(gadget.id == "g-9")
        #expect(server.requests.first?.method == "POST")
        #expect(server.requests.first?.body == Data(#"{"color":"blue"}"#.utf8))
        let later = await client.createGadget(xRequestTag: "later", body: GadgetDraft(color: .red))
        guard case .status202? = later.data else {
            Issue.record("expected the 202 case, got \(String(describing: later.data))")
            return
        }
        // The caller's own header wins over the typed one.
        let overridden = await client.createGadget(
            xRequestTag: "made", body: GadgetDraft(color: .red), headers: ["X-Request-Tag": "later"])
        #expect(overridden.status == 202)
        let undocumented = await client.createGadget(body: GadgetDraft(color: .red))
        #expect(undocumented.status == 200)
        #expect(undocumented.problem?.code == "decode_failed")
    }

    @Test func anAnswerWithoutContentIsNoContent() async throws {
        let server = try LoopbackServer { _ in .respond(status: 204) }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let deleted: AppResponse<NoContent> = await client.deleteGadget(gadgetId: "g-1")
        #expect(deleted.ok && deleted.status == 204)
        #expect(server.requests.first?.method == "DELETE")
        #expect(server.requests.first?.target == "/app/gadgets/g-1")
    }

    @Test func anEventStreamIsATypedSubscriptionThatResumes() async throws {
        let server = try LoopbackServer { request in
            if request.header("last-event-id") == "2" { return .respond(status: 204) }
            return .events { writer in
                _ = writer.send("id: 1\ndata: {\"id\":\"g-1\",\"seq\":1}\n\n")
                _ = writer.send("id: 2\ndata: {\"id\":\"g-2\",\"seq\":2}\n\n")
            }
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        var seen: [Int] = []
        for try await event in try await client.gadgetChanges(lastEventId: "0") { seen.append(event.seq) }
        #expect(seen == [1, 2])
        #expect(server.requests.first?.header("last-event-id") == "0")
    }

    @Test func theCatalogListsTheUsersOperations() {
        let operations = RonOperationCatalog.operations
        #expect(
            operations.map(\.operationId) == [
                "listGadgets", "createGadget", "getGadgetsByGadgetId", "deleteGadget", "gadgetLabel", "gadgetChanges",
            ])
        let get = operations.first { $0.operationId == "getGadgetsByGadgetId" }
        #expect(get?.examples == ["gadget_id": "g-1"])
        #expect(get?.responseType == "Gadget")
        #expect(get?.requiredParameters == ["gadget_id"])
    }
}
