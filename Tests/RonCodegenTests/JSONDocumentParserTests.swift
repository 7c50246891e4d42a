import Testing

@testable import RonCodegenCore

@Suite("The ordered JSON reader")
struct JSONDocumentParserTests {
    @Test("keeps member order and number text")
    func order() throws {
        let value = try JSONDocumentParser.parse(#"{"z": 1, "a": [true, null, -1.5e3], "m": "\u00e9\n"}"#)
        #expect(value.members?.map(\.key) == ["z", "a", "m"])
        #expect(value["a"] == .array([.bool(true), .null, .number("-1.5e3")]))
        #expect(value["m"] == .string("é\n"))
    }

    @Test(
        "refuses bad JSON with a position",
        arguments: [
            (#"{"a": 1,}"#, 1, 9), (#"{"a" 1}"#, 1, 6), ("[01]", 1, 2), (#"{"a": 1, "a": 2}"#, 1, 10),
            ("\"\\x\"", 1, 4),
            ("[1] 2", 1, 5), ("", 1, 1),
        ])
    func refuses(_ text: String, _ line: Int, _ column: Int) {
        #expect(throws: JSONDocumentParser.SyntaxError.self) { try JSONDocumentParser.parse(text) }
        do {
            _ = try JSONDocumentParser.parse(text)
        } catch {
            #expect(
                error.line == line && error.column == column,
                "\(text): \(error.message) at \(error.line):\(error.column)")
        }
    }

    @Test("deep nesting is an error, not a crash")
    func deep() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONDocumentParser.SyntaxError.self) { try JSONDocumentParser.parse(text) }
    }
}
