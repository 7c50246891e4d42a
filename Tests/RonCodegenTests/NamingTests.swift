import Foundation
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

    @Test(
        "type names",
        arguments: [
            ("Pet", "Pet"), ("user_profile", "UserProfile"), ("2fa", "T2fa"), ("a-b c", "ABC"),
            ("HTTP_status", "HTTP_status"), ("Type", "TypeModel"), ("self", "SelfModel"), ("String", "StringModel"),
            ("café_menu", "CafMenu"), ("--", ""),
        ])
    func typeName(_ schemaName: String, _ swift: String) {
        #expect(Naming.typeName(schemaName) == swift)
    }

    @Test(
        "names written as Swift type names, ASCII or not",
        arguments: [
            ("Pet", true), ("Pet_2", true), ("pet", false), ("Pet-Store", false), ("Any", false), ("", false),
            ("Éclair", false), ("Pété", false), ("P", true), ("_Pet", false),
        ])
    func isTypeName(_ name: String, _ expected: Bool) {
        #expect(Naming.isTypeName(name) == expected, "\(name)")
    }

    @Test("lowerCamel keeps letters and digits of any script")
    func lowerCamelBeyondASCII() {
        #expect(Naming.lowerCamel("café_menu") == "caféMenu")
        #expect(Naming.lowerCamel("Ünits_Ä") == "ünitsÄ")
        #expect(Naming.lowerCamel("٣_days") == "_٣Days")
    }

    @Test(
        "pointer tokens unescape as RFC 6901 says (~1 first, then ~0)",
        arguments: [
            ("a~1b", "a/b"), ("a~0b", "a~b"), ("~01", "~1"), ("~~1", "~/"), ("~10", "/0"), ("~0~1", "~/"),
            ("a~2", "a~2"), ("~", "~"), ("é~1ü", "é/ü"), ("plain", "plain"),
        ])
    func unescape(_ token: String, _ expected: String) {
        #expect(Pointer.unescape(token) == expected)
        #expect(Pointer.unescape(Pointer.escape(expected)) == expected)
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

    /// Every type of the client or the runtime that generated code names is reserved: a schema of that
    /// name (DigitalOcean's `AppResponse`) gets `Model` added instead of shadowing it.
    @Test func theTypesGeneratedCodeNamesAreReserved() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources")
        var publicTypes: Set<String> = []
        for folder in ["RonAppSdkSwift", "RonGenerated/Support"] {
            let walker = FileManager.default.enumerator(atPath: sources.appending(path: folder).path)
            while let file = walker?.nextObject() as? String {
                guard file.hasSuffix(".swift") else { continue }
                let text = try String(
                    contentsOf: sources.appending(path: folder).appending(path: file), encoding: .utf8)
                for match in text.matches(
                    of: /(?m)^public (?:struct|enum|protocol|final class|class|typealias|actor) ([A-Za-z0-9]+)/)
                {
                    publicTypes.insert(String(match.1))
                }
            }
        }
        var named: Set<String> = []
        let render = sources.appending(path: "RonCodegenCore/Render")
        for file in try FileManager.default.contentsOfDirectory(atPath: render.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: render.appending(path: file), encoding: .utf8)
            for match in text.matches(of: /[A-Za-z0-9]+/) where publicTypes.contains(String(match.0)) {
                named.insert(String(match.0))
            }
        }
        #expect(named.count > 20, "the scan found the renderer's names")
        #expect(
            named.subtracting(Naming.reservedTypeNames).isEmpty,
            "not reserved: \(named.subtracting(Naming.reservedTypeNames).sorted())")
        #expect(Naming.typeName("AppResponse") == "AppResponseModel")
    }
}
