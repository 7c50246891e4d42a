import Testing

@testable import RonCodegenCore

@Suite("Swift names from wire names")
struct NamingTests {
    @Test(
        "lowerCamel",
        arguments: [
            ("next_page_token", "nextPageToken"), ("retry_after_ms", "retryAfterMs"), ("id", "id"),
            ("HTTPStatus", "httpStatus"), ("text/plain", "textPlain"), ("2fa", "_2fa"), ("dark-green", "darkGreen"),
            ("HELLO", "hello"), ("max_rps", "maxRps"),
        ])
    func lowerCamel(_ wire: String, _ swift: String) {
        #expect(Naming.lowerCamel(wire) == swift)
    }

    @Test("keywords are escaped")
    func keywords() {
        #expect(Naming.escaped("static") == "`static`")
        #expect(Naming.escaped("default") == "`default`")
        #expect(Naming.escaped("kind") == "kind")
    }
}
