import Foundation
import RonAppSdkSwift
import RonGateway
import Testing

/// The embedded-gateway snippet of the DocC article "The embedded gateway" (once README's), word for
/// word (`.ci/readme_snippets.py` checks that), run.
@Suite struct ReadmeGatewaySnippetTests {
    func withGateway() async throws {
        let gateway = EmbeddedGateway(configuration: GatewayConfiguration(requireAuth: false))
        let base = try await gateway.start()  // http://127.0.0.1:<free port>
        let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
        let hello: AppResponse<Hello> = await client.get("/hello")
        print(hello.data?.message ?? "-")
        try await gateway.stop()
    }

    @Test("the README's gateway snippet runs")
    func snippetRuns() async throws {
        try await withGateway()
    }
}
