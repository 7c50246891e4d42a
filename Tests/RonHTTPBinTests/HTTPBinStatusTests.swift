import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// httpbin answers at its root, so each path goes below the server path `""` instead of `/app`.
@Suite struct HTTPBinStatusTests {
    @Test func anErrorStatusFromHTTPBinBecomesItsProblem() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        let teapot: AppResponse<Data> = await client.request(
            AppRequest(method: .get, path: RonPath.server("") + "/status/418"))
        #expect(teapot.status == 418)
        #expect(teapot.problem?.code == "http_418")
        let ok: AppResponse<Data> = await client.request(
            AppRequest(method: .get, path: RonPath.server("") + "/status/204"))
        #expect(ok.status == 204)
        #expect(ok.problem == nil)
    }
}
