import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// A request written by hand for a user's own API description reaches that description's server
/// path (`AppRequest(serverPath:path:)`), where a plain path goes below `/app`; httpbin's
/// `/anything` echoes the URL it was sent.
@Suite struct HTTPBinServerPathTests {
    @Test func aServerPathReplacesTheAppPrefix() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let echoed: AppResponse<JSONValue> = await client.request(
            AppRequest(
                serverPath: "/anything", path: "/assets/a b?size=2", query: [URLQueryItem(name: "x", value: "1")]))
        guard case .object(let echo)? = echoed.data, case .string(let url)? = echo["url"] else {
            Issue.record("no echo: \(echoed.status) \(echoed.problem.map(String.init(describing:)) ?? "")")
            return
        }
        #expect(url.hasSuffix("/anything/assets/a%20b?size=2&x=1"), "\(url)")
        // No leading slash on either part, and the base URL itself as the server.
        let bare: AppResponse<JSONValue> = await client.request(AppRequest(serverPath: "", path: "anything/b"))
        guard case .object(let other)? = bare.data, case .string(let otherURL)? = other["url"] else {
            Issue.record("no echo: \(bare.status)")
            return
        }
        #expect(otherURL.hasSuffix("/anything/b"), "\(otherURL)")
        // The same path as a plain App Plane path goes below /app, which httpbin does not serve.
        let plain: AppResponse<JSONValue> = await client.request(AppRequest(path: "/anything/assets"))
        #expect(plain.status == 404)
    }
}
