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

    @Test(
        "member key cases",
        arguments: [
            ("size_bytes", "size_bytes"), ("id", "id"), ("sizeBytes", "sizeBytes"),
            ("content-type", "_content_2d_type"),
            ("$ref", "__24_ref"), ("_id", "__5f_id"), ("2fa", "_2fa"), ("stringValue", "_stringValue"),
            ("init", "_init"), ("a b", "_a_20_b"), ("", "__"), ("é", "__e9_"),
        ])
    func memberKeyCases(_ wire: String, _ name: String) {
        #expect(SwiftRenderer.memberKeyCase(wire) == name)
    }

    @Test("member key cases never meet, and keywords are escaped after the dot")
    func memberKeyCasesAreDistinct() {
        let wires = [
            "size_bytes", "sizeBytes", "size-bytes", "size bytes", "_size_bytes", "__size_bytes", "size_2d_bytes",
            "_size_2d_bytes", "stringValue", "_stringValue", "x", "_x", "__78_", "\u{78}\u{301}", "default", "self", "",
        ]
        let names = wires.map(SwiftRenderer.memberKeyCase)
        #expect(Set(names).count == wires.count, "\(names)")
        #expect(SwiftRenderer.memberKey("default") == ".`default`")
        #expect(SwiftRenderer.memberKey("self") == "._self")
    }
}
