import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// A generated call whose request body is `application/x-www-form-urlencoded`: the body type's
/// members go out as name=value pairs, as the schema names them.
@Suite struct FormOperationTests {
    @Test func aFormBodySendsTheSchemasMembersAsPairs() async throws {
        let server = try LoopbackServer { _ in .text(200, "n-1") }
        defer { server.stop() }
        let client = try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
        defer { client.close() }
        let answer = await client.addGadgetNote(
            gadgetId: "g-1", body: GadgetNote(text: "Hello & welcome", tags: ["a", "b c"], urgent: true))
        #expect(answer.data == "n-1")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/app/gadgets/g-1/notes")
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body, as: UTF8.self) == "tags=a&tags=b+c&text=Hello+%26+welcome&urgent=true")
    }
}
