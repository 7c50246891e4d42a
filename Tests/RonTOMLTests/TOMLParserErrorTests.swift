import Foundation
import RonTOML
import Testing

@Suite("TOMLParser: invalid documents")
struct TOMLParserErrorTests {
    /// One invalid document with the position and a fragment of the message the parser must report.
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let line: Int
        let column: Int
        let fragment: String

        var testDescription: String { fragment }
    }

    static let cases: [Case] = [
        Case(text: "id = 1\nid = 2", line: 2, column: 1, fragment: "duplicate key 'id'"),
        Case(text: "name \"x\"", line: 1, column: 6, fragment: "expected '=' after key"),
        Case(text: "a =", line: 1, column: 4, fragment: "expected a value"),
        Case(text: "a = 1 b = 2", line: 1, column: 7, fragment: "expected a newline"),
        Case(text: "[t]\n[t]", line: 2, column: 2, fragment: "table 't' defined twice"),
        Case(text: "a = [1]\n[[a]]", line: 2, column: 3, fragment: "cannot append to static array 'a'"),
        Case(text: "a = {x = 1}\n[a.b]", line: 2, column: 2, fragment: "cannot extend inline table 'a'"),
        Case(text: "a = {x = 1}\na.y = 2", line: 2, column: 1, fragment: "cannot extend inline table 'a'"),
        Case(text: "[a.b]\nz = 9\n[a]\nb.t = 1", line: 4, column: 1, fragment: "defined by a [header]"),
        Case(text: "[f]\napple.color = 1\n[f.apple]", line: 3, column: 4, fragment: "already defined by dotted keys"),
        Case(text: "[[a]]\n[a]", line: 2, column: 2, fragment: "is an array of tables"),
        Case(text: "a = 1\na.b = 2", line: 2, column: 1, fragment: "already holds a integer"),
        Case(text: "s = \"bad \\q\"", line: 1, column: 10, fragment: "invalid escape sequence '\\q'"),
        Case(text: "s = \"\\uD800\"", line: 1, column: 6, fragment: "not a Unicode scalar"),
        Case(text: "s = \"open", line: 1, column: 5, fragment: "unterminated string"),
        Case(text: "s = \"a\u{01}\"", line: 1, column: 7, fragment: "control character U+0001"),
        Case(text: "# bad \u{7F}", line: 1, column: 7, fragment: "control character U+007F"),
        Case(text: "a = 1\r", line: 1, column: 6, fragment: "carriage return"),
        Case(text: "n = 0123", line: 1, column: 5, fragment: "leading zeros"),
        Case(text: "n = 1__0", line: 1, column: 6, fragment: "underscore must be between digits"),
        Case(text: "n = 9223372036854775808", line: 1, column: 5, fragment: "out of the 64-bit range"),
        Case(text: "n = -0x1", line: 1, column: 5, fragment: "sign is not allowed"),
        Case(text: "n = 1.", line: 1, column: 7, fragment: "expected a digit after '.'"),
        Case(text: "n = 1e400", line: 1, column: 5, fragment: "out of range"),
        Case(text: "d = 2021-02-29", line: 1, column: 13, fragment: "day 29 out of range"),
        Case(text: "d = 07:32", line: 1, column: 10, fragment: "expected ':' after the minute"),
        Case(text: "t = {a = 1,}", line: 1, column: 12, fragment: "trailing comma"),
        Case(text: "t = {a = 1\n}", line: 1, column: 11, fragment: "newline not allowed in an inline table"),
        Case(text: "a = [1 2]", line: 1, column: 8, fragment: "expected ',' or ']'"),
        Case(text: "[a", line: 1, column: 3, fragment: "missing ']'"),
        Case(text: "é = 1", line: 1, column: 1, fragment: "expected a key, found 'é'"),
        Case(text: "x = \"é\"\ny = tru", line: 2, column: 5, fragment: "invalid value 'tru'"),
        Case(text: "s = '''a''''''", line: 1, column: 14, fragment: "too many quotes"),
    ]

    @Test(arguments: cases)
    func reportsPositionAndMessage(_ testCase: Case) throws {
        let error = try #require(throws: TOMLParseError.self) { try TOMLParser.parse(testCase.text) }
        #expect(error.message.contains(testCase.fragment), "message was: \(error.message)")
        #expect(error.line == testCase.line, "\(error)")
        #expect(error.column == testCase.column, "\(error)")
        #expect(error.description == "line \(error.line), column \(error.column): \(error.message)")
    }

    @Test func invalidUTF8IsRejectedWithItsPosition() throws {
        let bytes: [UInt8] = Array("a = 1\nb = \"".utf8) + [0xC3, 0x28] + Array("\"".utf8)
        let error = try #require(throws: TOMLParseError.self) { try TOMLParser.parse(Data(bytes)) }
        #expect(error.message == "invalid UTF-8 byte sequence")
        #expect(error.line == 2 && error.column == 6)
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: TOMLParseError.self) { try TOMLParser.parse(Data(Array("s = \"".utf8) + bad)) }
        }
    }

    @Test func toml11OnlySyntaxIsRejected() {
        for text in ["s = \"\\e\"", "s = \"\\x41\"", "t = 07:32", "t = {\n a = 1 }"] {
            #expect(throws: TOMLParseError.self, "\(text)") { try TOMLParser.parse(text) }
        }
    }
}
