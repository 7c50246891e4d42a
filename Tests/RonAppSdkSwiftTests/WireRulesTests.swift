import Foundation
import RonTestSupport
import Testing

@testable import RonAppSdkSwift

/// The wire rules the family's SDKs agree on, over loopback HTTP.
@Suite struct WireRulesTests {
    struct Row: Codable, Hashable, Sendable {
        let id: Int
    }

    @Test func pathsAreNormalisedLikeTheOtherSDKs() async throws {
        let server = try LoopbackServer { _ in .json(200, "{}") }
        let client = try makeClient(server)
        for path in ["hello", "", "/app/hello", "/app", "/apple"] {
            let res: AppResponse<Data> = await client.get(path)
            #expect(res.ok, "\(path): \(String(describing: res.problem))")
        }
        let facet = client.facet("docs")
        for path in ["items", ""] {
            let res: AppResponse<Data> = await facet.get(path)
            #expect(res.ok, "\(path): \(String(describing: res.problem))")
        }
        #expect(
            server.requests.map(\.target) == [
                "/app/hello", "/app", "/app/hello", "/app", "/app/apple", "/app/facets/docs/items", "/app/facets/docs",
            ])
    }

    @Test func pagesAcceptACamelCaseTokenAndPreferSnakeCase() async throws {
        let server = try LoopbackServer { request in
            switch URLComponents(string: request.target)?.queryItems?.first(where: { $0.name == "page_token" })?.value {
            case nil: return .json(200, #"{"items":[{"id":1}],"nextPageToken":"camel"}"#)
            case "camel"?: return .json(200, #"{"items":[{"id":2}],"nextPageToken":"wrong","next_page_token":"snake"}"#)
            default: return .json(200, #"{"items":[{"id":3}]}"#)
            }
        }
        let client = try makeClient(server)
        let rows = try await client.listAll(Row.self, path: "/rows")
        #expect(rows.map(\.id) == [1, 2, 3])
        #expect(server.requests.last?.target.contains("page_token=snake") == true)
    }

    @Test(arguments: [#"{"code":"gone","message":"m",}"#, #"{'code':'gone'}"#, #"{"code":"gone"} trailing"#])
    func anErrorBodyIsJSONOnlyWhenStrict(body: String) async throws {
        let server = try LoopbackServer { _ in .json(410, body) }
        let client = try makeClient(server)
        let res: AppResponse<Data> = await client.get("/thing")
        #expect(res.problem?.code == "http_410")
        #expect(res.problem?.kind == "transport")
    }

    @Test func strictJSONAcceptsWhatRFC8259Allows() {
        for text in [#"{"a":[1,-0.5e3,true,null,"\u00e9\n"]}"#, " 0 ", #""x""#, "[]"] {
            #expect(StrictJSON.isValid(Data(text.utf8)), "\(text)")
        }
        for text in ["{,}", "[1,]", "01", "NaN", #"{"a" 1}"#, "", "1.", #""\x""#] {
            #expect(!StrictJSON.isValid(Data(text.utf8)), "\(text)")
        }
    }
}
