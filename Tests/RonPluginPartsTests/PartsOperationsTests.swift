import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonPluginPartsCallsA
import RonPluginPartsCallsB
import RonPluginPartsTypes
import RonTestSupport
import Testing

/// The plugin applied to two targets with no `Schema/` that depend on one target with one
/// (`RonPluginPartsTypes`): the calls in two parts, each a run of the 32 files, built side by side;
/// this suite depends on both and is their front: the operation catalog over both parts and the
/// public security schemes and credentials. Calls of either part go over real loopback HTTP.
@Suite("The calls in two parts and their front")
struct PartsOperationsTests {
    @Test func callsOfEitherPartGoOverHTTP() async throws {
        let server = try LoopbackServer { request in
            request.target.hasPrefix("/app/gadgets?")
                ? .json(200, #"{"items": [{"id": "g-1", "color": "red"}], "next_page_token": null}"#)
                : .json(200, #"{"id": "g-2", "color": "blue"}"#)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        // listGadgets is in the second part's files, getGadgetsByGadgetId in the first's.
        let page = await client.listGadgets(pageSize: 2)
        #expect(page.data?.items.map(\.id) == ["g-1"])
        let one = await client.getGadgetsByGadgetId(gadgetId: "g-2")
        #expect(one.data?.id == "g-2", "\(String(describing: one.problem))")
        #expect(server.requests.map(\.target) == ["/app/gadgets?page_size=2", "/app/gadgets/g-2"])
    }

    @Test func typesNamedLikeRonGeneratedsOwnAreTheSchemasInTheCalls() async throws {
        // status.openapi.json declares `Health` and `Item`, as RonGenerated does: the module of the
        // calls sees both modules, and its calls must name the schema's (they did not compile).
        let server = try StatusService.server()
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let health = await client.gadgetServiceHealth()
        let value: RonPluginPartsTypes.Health? = health.data
        #expect(value?.gadgetsOk == true, "\(String(describing: health.problem))")
        let item = await client.addStatusItem(body: RonPluginPartsTypes.Item(label: "spare"))
        #expect(item.data == RonPluginPartsTypes.Item(label: "spare"), "\(String(describing: item.problem))")
        StatusService.expectRequests(server)
    }

    @Test func eachPartHoldsItsRunOfTheFilesAndTheCatalogListsBoth() throws {
        var first: [(Int, RonOperationInfo)] = []
        RonOperationCatalogPart1.append(to: &first)
        var second: [(Int, RonOperationInfo)] = []
        RonOperationCatalogPart2.append(to: &second)
        let firstIds = Set(first.map(\.1.operationId))
        let secondIds = Set(second.map(\.1.operationId))
        #expect(firstIds.contains("getGadgetsByGadgetId") && secondIds.contains("listGadgets"))
        #expect(firstIds.isDisjoint(with: secondIds))
        // The front's catalog: every operation of the schema, once, in document order.
        let schema = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "RonPluginPartsTypes/Schema")
        let model = try CodeGenerator().model(schemaDirectory: schema)
        #expect(RonOperationCatalog.operations.map(\.operationId) == model.operations.map(\.operationId))
        #expect(firstIds.union(secondIds) == Set(model.operations.map(\.operationId)))
    }

    @Test func theFrontsCredentialsReachTheCallsOfEitherPart() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"headers": {}}"#) }
        defer { server.stop() }
        let client = try makeClient(server) { config in
            config.credentials = AuthCredentials(headerKey: "k-1").credentials
        }
        defer { client.close() }
        // keyOrToken is in the first part, keyInHeader in the second: each names its part's copy
        // of the schemes, which the front's credentials meet by name.
        _ = await client.keyOrToken()
        _ = await client.keyInHeader()
        #expect(server.requests.count == 2)
        #expect(server.requests.map { $0.header("x-api-key") } == ["k-1", "k-1"])
        #expect(AuthSecurity.headerKey.name == "headerKey")
    }
}
