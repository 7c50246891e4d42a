import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonPluginSplitTypes
import RonTestSupport
import Testing

/// The plugin applied to a target with no `Schema/` of its own that depends on a target with one
/// (`RonPluginSplitTypes`): the types are that target's, the calls on `RonClient` are generated
/// here alone, in a module of their own, and go over real loopback HTTP.
@Suite("The calls in a target beside the types")
struct SplitOperationsTests {
    @Test func theCallsOverTheTypesModulesTypesGoOverHTTP() async throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"items": [{"id": "g-1", "color": "red"}], "next_page_token": null}"#)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let page = await client.listGadgets(pageSize: 2, color: [.red, .blue], fields: ["id", "color"])
        let items: [RonPluginSplitTypes.Gadget]? = page.data?.items
        #expect(items?.map(\.id) == ["g-1"])
        #expect(server.requests.first?.target == "/app/gadgets?page_size=2&color=red&color=blue&fields=id%2Ccolor")
    }

    @Test func typesNamedLikeRonGeneratedsOwnAreTheSchemasInTheCalls() async throws {
        // status.openapi.json declares `Health` and `Item`, as RonGenerated does: the module of the
        // calls sees both modules, and its calls must name the schema's (they did not compile).
        let server = try StatusService.server()
        defer { server.stop() }
        let client = try makeClient(server)
        defer { client.close() }
        let health = await client.gadgetServiceHealth()
        let value: RonPluginSplitTypes.Health? = health.data
        #expect(value?.gadgetsOk == true, "\(String(describing: health.problem))")
        let item = await client.addStatusItem(body: RonPluginSplitTypes.Item(label: "spare"))
        #expect(item.data == RonPluginSplitTypes.Item(label: "spare"), "\(String(describing: item.problem))")
        StatusService.expectRequests(server)
    }

    @Test func theOperationCatalogIsThisModulesAndListsEveryOperation() throws {
        let ids = RonOperationCatalog.operations.map(\.operationId)
        #expect(ids.contains("listGadgets") && ids.contains("deleteGadget"))
        // Every operation of the types target's schema, once, in document order, though the calls
        // are spread over the plugin's 32 files.
        let schema = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "RonPluginSplitTypes/Schema")
        let model = try CodeGenerator().model(schemaDirectory: schema)
        #expect(ids == model.operations.map(\.operationId))
    }
}
