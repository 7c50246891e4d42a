import Foundation
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
            // Strings: a control character after an escape, an escape or a string cut short, an
            // unpaired surrogate, a bad hex digit.
            ("\"a\\n\u{1}\"", 1, 5), ("\"ab\\", 1, 5), ("\"ab", 1, 4), (#""\ud83d x""#, 1, 8),
            (#""a\u12G4""#, 1, 7), ("\"a\\tb\u{1F}c\"", 1, 6),
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

    @Test("finds a key given twice wherever it is, in objects of any size")
    func keyGivenTwice() throws {
        // Before, at and after the number of keys from which a set of them is searched.
        for count in [
            2, 3, MemberKeys.compared - 1, MemberKeys.compared,
            MemberKeys.compared + 1, 40,
        ] {
            let keys = (0..<count).map { "k\($0)" }
            let whole = "{" + keys.map { #""\#($0)": 0"# }.joined(separator: ", ") + "}"
            #expect(try JSONDocumentParser.parse(whole).members?.map(\.key) == keys)
            for first in 0..<count {
                for second in (first + 1)..<(count + 1) {
                    // Key `second` (or a new last one) is key `first` again.
                    var twice = keys
                    if second < count { twice[second] = keys[first] } else { twice.append(keys[first]) }
                    let text = "{" + twice.map { #""\#($0)": 0"# }.joined(separator: ", ") + "}"
                    let column = 2 + twice[..<second].map { $0.utf8.count + 7 }.reduce(0, +)
                    do {
                        _ = try JSONDocumentParser.parse(text)
                        Issue.record("\(count) keys, \(first) again at \(second): read")
                    } catch {
                        #expect(error.message == "duplicate member '\(keys[first])'")
                        #expect(error.column == column, "\(count) keys, \(first) again at \(second)")
                    }
                }
            }
        }
    }

    @Test("reads every escape, and the text between them as it is")
    func escapes() throws {
        let text = #"["a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\ud83d\ude00j", "\u0000", "é😀 plain", "\n", ""]"#
        #expect(
            try JSONDocumentParser.parse(text)
                == .array([
                    .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti" + "Aé😀j"), .string("\u{0}"), .string("é😀 plain"),
                    .string("\n"), .string(""),
                ]))
    }

    /// Strings of quotes, backslashes, control characters, ASCII and scalars of every plane, as
    /// Foundation's encoder writes them: each reads back as the same string.
    @Test("reads what JSONEncoder writes")
    func agreesWithJSONEncoder() throws {
        let alphabet: [Unicode.Scalar] = [
            "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "a", "Z", " ", "~", "é", "\u{2028}", "中",
            "😀", "\u{10FFFF}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var strings: [String] = []
        for _ in 0..<300 {
            var scalars = String.UnicodeScalarView()
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 59) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scalars.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            strings.append(String(scalars))
        }
        let text = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
        #expect(try JSONDocumentParser.parse(text) == .array(strings.map(DocumentValue.string)))
    }

    @Test("deep nesting is an error, not a crash")
    func deep() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONDocumentParser.SyntaxError.self) { try JSONDocumentParser.parse(text) }
    }
}
