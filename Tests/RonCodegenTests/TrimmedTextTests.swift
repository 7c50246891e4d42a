import Foundation
import Testing

@testable import RonCodegenCore

/// `TrimmedText` leaves what Foundation's `trimmingCharacters(in: .whitespaces)` leaves, bytes or not.
@Suite("Text trimmed as bytes")
struct TrimmedTextTests {
    @Test(arguments: [
        "plain", "  spaces  ", "\ttabs\t", "", "   ", "\u{00A0}no-break\u{00A0}", " \u{3000}ideographic\u{3000} ",
        "é accented é", "inner  space", "\u{0B}vertical tab\u{0B}", "text/plain ; charset=utf-8",
    ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(TrimmedText.of(text) == text.trimmingCharacters(in: .whitespaces))
        #expect(TrimmedText.of(ArraySlice(text.utf8)) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func aMediaTypeLosesItsParametersAndSpaces() {
        #expect(SchemaTranslator.baseMedia(" application/json ") == "application/json")
        #expect(SchemaTranslator.baseMedia("text/plain ; charset=utf-8") == "text/plain")
        #expect(SchemaTranslator.baseMedia("\u{00A0}image/png") == "image/png")
    }
}
