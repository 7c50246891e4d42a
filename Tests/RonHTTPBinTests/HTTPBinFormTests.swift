import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Url-encoded forms, JSON and raw bodies as httpbin reads them.
@Suite struct HTTPBinFormTests {
    @Test func aFormOfPairsArrivesFieldForFieldWithItsContentType() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let fields = [("name", "Ada Lovelace"), ("symbols", "a&b=c+d%e/f?g"), ("accents", "é ü ✓"), ("empty", "")]
        let echo = try await Upload.echo(client, "/post", .form(fields))
        let form = try #require(echo["form"] as? [String: Any])
        #expect(form["name"] as? String == "Ada Lovelace")
        #expect(form["symbols"] as? String == "a&b=c+d%e/f?g")
        #expect(form["accents"] as? String == "é ü ✓")
        #expect(form["empty"] as? String == "")
        let headers = try #require(echo["headers"] as? [String: Any])
        #expect(headers["Content-Type"] as? String == "application/x-www-form-urlencoded")
    }

    @Test func anEncodableFormSendsNestedObjectsWithBracketsAndArraysAsRepeatedNames() async throws {
        struct Author: Encodable {
            var name: String
            var age: Int
        }
        struct Note: Encodable {
            var title: String
            var tags: [String]
            var draft: Bool
            var author: Author
            var gone: String?
        }
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let note = Note(
            title: "Hi there", tags: ["a", "b c"], draft: true, author: Author(name: "Ada", age: 36), gone: nil)
        let echo = try await Upload.echo(client, "/put", try .form(note), method: .put)
        let form = try #require(echo["form"] as? [String: Any])
        #expect(form["title"] as? String == "Hi there")
        #expect(form["tags"] as? [String] == ["a", "b c"])
        #expect(form["draft"] as? String == "true")
        #expect(form["author[name]"] as? String == "Ada")
        #expect(form["author[age]"] as? String == "36")
        #expect(form["gone"] == nil)
        let brackets = try await Upload.echo(client, "/anything", try .form(note, arrays: .brackets))
        #expect((brackets["form"] as? [String: Any])?["tags[]"] as? [String] == ["a", "b c"])
    }

    @Test func theFormSerializerMatchesTheWHATWGBytes() throws {
        let body = AppRequestBody.form([("a b", "1+1=2"), ("x*-._~", "ü&'\"!")])
        #expect(String(decoding: body.data, as: UTF8.self) == "a+b=1%2B1%3D2&x*-._%7E=%C3%BC%26%27%22%21")
    }

    @Test func aValueThatIsNotAnObjectIsRefusedAsAForm() {
        #expect(throws: LocalNetworkError.self) { try AppRequestBody.form([1, 2, 3]) }
    }

    @Test func jsonAndRawBodiesAreEchoedAsSent() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let json = try await Upload.echo(client, "/post", try .json(["greeting": "hello"]))
        #expect((json["json"] as? [String: Any])?["greeting"] as? String == "hello")
        let bytes = Upload.randomBytes(4_096)
        let raw = try await Upload.echo(client, "/put", AppRequestBody(data: bytes), method: .put)
        #expect(Upload.bytes(ofDataURL: raw["data"] as? String) == bytes)
        let headers = try #require(raw["headers"] as? [String: Any])
        #expect(headers["Content-Length"] as? String == "4096")
        #expect(headers["Content-Type"] as? String == "application/octet-stream")
    }
}
