import Foundation
import RonGenerated
import Testing

/// The shared `Page<T>` envelope accepts `nextPageToken` beside `next_page_token`
/// (`x-ron-aliases` in Schema/envelopes.schema.json).
@Suite("Page accepts the camelCase token")
struct PageAliasTests {
    private func page(_ json: String) throws -> ItemPage {
        try JSONDecoder().decode(ItemPage.self, from: Data(json.utf8))
    }

    @Test func aCamelCaseTokenIsReadAndWrittenBackInSnakeCase() throws {
        let page = try page(#"{"items": [], "nextPageToken": "camel"}"#)
        #expect(page.nextPageToken == "camel")
        let written = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(page))
        #expect(written == ["items": [], "next_page_token": "camel"])
    }

    @Test(arguments: [
        (#"{"items": [], "nextPageToken": "camel", "next_page_token": "snake"}"#, "snake"),
        (#"{"items": [], "next_page_token": "snake", "nextPageToken": "camel"}"#, "snake"),
        (#"{"items": [], "nextPageToken": "camel", "next_page_token": null}"#, nil),
        (#"{"items": []}"#, nil),
    ])
    func snakeCaseWinsWhenBothArePresent(json: String, token: String?) throws {
        #expect(try page(json).nextPageToken == token)
    }

    @Test func aGenericPageAcceptsItToo() throws {
        let page = try JSONDecoder().decode(
            Page<JSONValue>.self, from: Data(#"{"items": [1], "nextPageToken": "t"}"#.utf8))
        #expect(page.nextPageToken == "t" && page.items == [1])
    }
}
