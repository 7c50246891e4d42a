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

    @Test func thePageSequenceFollowsTheTokensAndRepeatsExplodedArrays() async throws {
        let server = try LoopbackServer { request in
            request.target.contains("page_token=t2") ? .json(200, Self.page2) : .json(200, Self.page1)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        var ids: [String] = []
        for try await page in client.listGadgetsPages(color: [.red, .blue], fields: ["id", "color"], pageSize: 2) {
            ids += page.items.map(\.id)
        }
        #expect(ids == ["g-1", "g-2", "g-3"])
        // `color` is exploded (one `color=` per element), `fields` is not (`explode: false`).
        #expect(
            server.requests.map(\.target) == [
                "/app/gadgets?color=red&color=blue&fields=id%2Ccolor&page_size=2",
                "/app/gadgets?color=red&color=blue&fields=id%2Ccolor&page_size=2&page_token=t2",
            ])
        // An unknown enum value on the wire is kept.
        #expect(
            try await client.listGadgetsPages().reduce(into: []) { $0 += $1.items.map(\.color) }.last
                == .unknown("green"))
    }

    @Test func aPathParameterGoesOutAsExactlyOneEncodedSegment() async throws {
        let server = try LoopbackServer { request in
            // The server sees one segment below /app/gadgets/.
            request.path.split(separator: "/", omittingEmptySubsequences: false).count == 4
                ? .json(200, #"{"id": "x", "color": "red"}"#) : .json(404, #"{"code": "NOT_FOUND", "message": "no"}"#)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let values = ["a b", "a/b", "what?", "a#b", "100%", "/", "a/../b", "é"]
        for value in values {
            let gadget = await client.getGadgetsByGadgetId(gadgetId: value)
            #expect(gadget.ok, "\(value): \(String(describing: gadget.problem))")
        }
        _ = await client.deleteGadget(gadgetId: "a/b")
        #expect(
            server.requests.map(\.target) == [
                "/app/gadgets/a%20b", "/app/gadgets/a%2Fb", "/app/gadgets/what%3F", "/app/gadgets/a%23b",
                "/app/gadgets/100%25", "/app/gadgets/%2F", "/app/gadgets/a%2F..%2Fb", "/app/gadgets/%C3%A9",
                "/app/gadgets/a%2Fb",
            ])
        // The handwritten call still takes a path of several segments.
        _ = await client.get("/gadgets/a/b") as AppResponse<Gadget>
        #expect(server.requests.last?.target == "/app/gadgets/a/b")
        for bad in ["", ".", ".."] {
            let refused = await client.getGadgetsByGadgetId(gadgetId: bad)
            #expect(refused.status == 0)
            #expect(refused.problem?.code == "invalid_path_parameter")
        }
        #expect(server.requests.count == values.count + 2)
    }

    /// Middleware and hooks see the path as the server will, not the client's internal marking.
    struct PathRecorder: RonMiddleware {
        let paths: Locked<[String]>
        func intercept(
            _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
        ) async throws -> TransportResponse {
            paths.update { $0.append(context.path) }
            return try await next(request)
        }
    }

    @Test func middlewareSeesTheEncodedSegmentWithoutMarkers() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"id": "x", "color": "red"}"#) }
        defer { server.stop() }
        let paths = Locked<[String]>([])
        let client = try makeClient(server) { $0.middleware = [PathRecorder(paths: paths)] }
        defer { client.close() }
        _ = await client.getGadgetsByGadgetId(gadgetId: "a/b")
        #expect(paths.value == ["/gadgets/a%2Fb"])
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

    @Test func membersTheClientsSchemaDoesNotKnowSurviveAReadModifyWrite() async throws {
        // A newer server added `weight_grams`, `owner` and a 30-digit `serial`; this client's schema
        // knows none of them.
        let stored = #"""
            {"id": "g-1", "color": "red", "weight_grams": 12, "owner": {"name": "ana", "since": null},
             "serial": 123456789012345678901234567890}
            """#
        let server = try LoopbackServer { request in
            request.method == "PUT" ? .json(200, String(decoding: request.body, as: UTF8.self)) : .json(200, stored)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        var gadget = try #require(await client.getGadgetsByGadgetId(gadgetId: "g-1").data)
        #expect(gadget.additionalMembers["weight_grams"] == 12)
        #expect(
            gadget.additionalMembers["serial"]
                == .bigInteger(try #require(JSONInteger("123456789012345678901234567890"))))
        gadget.color = .blue
        let replaced = await client.replaceGadget(gadgetId: "g-1", body: gadget)
        #expect(replaced.ok, "\(String(describing: replaced.problem))")
        let sent = try JSONDecoder().decode(JSONValue.self, from: try #require(server.requests.last?.body))
        let expected = try JSONDecoder().decode(JSONValue.self, from: Data(stored.utf8))
        guard case .object(var members) = expected else { return }
        members["color"] = "blue"
        #expect(sent == .object(members), "the server gets back every member it sent, `tags` not added")
        #expect(replaced.data == gadget)
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
        var seen: [JSONInteger] = []
        for try await event in try await client.gadgetChanges(color: [.red, .blue], lastEventId: "0") {
            seen.append(event.seq)
        }
        #expect(seen == [1, 2])
        #expect(server.requests.first?.header("last-event-id") == "0")
        // The exploded array query parameter is repeated, on the reconnect too.
        #expect(
            server.requests.map(\.target) == [
                "/app/gadgets/changes?color=red&color=blue", "/app/gadgets/changes?color=red&color=blue",
            ])
    }

    @Test func theCatalogListsTheUsersOperations() {
        let operations = RonOperationCatalog.operations
        #expect(
            operations.map(\.operationId) == [
                "listGadgets", "createGadget", "getGadgetsByGadgetId", "replaceGadget", "deleteGadget", "addGadgetNote",
                "uploadGadgetPhoto", "gadgetPhoto", "putGadgetManual", "gadgetLabel", "gadgetChanges",
                // kennel.swagger.json (Swagger 2.0) and shelter/ (a description in several files).
                "findDogs", "addDog", "renameDog", "getDogPhoto", "uploadDogPhoto", "listAnimals", "getAnimal",
                "listAnimalCaretakers", "getStock", "putStock", "postQuotedNotes", "stockNotes",
            ])
        let get = operations.first { $0.operationId == "getGadgetsByGadgetId" }
        #expect(get?.examples == ["gadget_id": "g-1"])
        #expect(get?.responseType == "Gadget")
        #expect(get?.requiredParameters == ["gadget_id"])
    }
}
