import Foundation
import RonGenerated
import Testing

/// The compiled pattern (byte matcher for simple anchored patterns, regex otherwise) answers like
/// the regular expression it stands for.
@Suite("Compiled schema patterns")
struct CompiledSchemaPatternTests {
    static let patterns = ["^b3:[0-9a-f]{64}$", "^[0-9a-f]{8}$", "^[A-Z][a-z]+$", "^a.c$", "ab", "^x[yz]{2}w$"]
    static let inputs = [
        "", "b3:" + String(repeating: "a", count: 64), "b3:" + String(repeating: "A", count: 64),
        "b3:" + String(repeating: "0", count: 63), "0badf00d", "0badf00dd", "Hello", "hello", "abc", "a-c", "xab",
        "xyzw", "xzzw", "xyw", "é0badf00", "0bad\u{0}f00d",
    ]

    @Test("agrees with NSRegularExpression", arguments: patterns)
    func agrees(_ pattern: String) throws {
        let compiled = CompiledSchemaPattern(pattern)
        let regex = try NSRegularExpression(pattern: pattern)
        for input in Self.inputs {
            let expected =
                regex.firstMatch(in: input, range: NSRange(input.startIndex..<input.endIndex, in: input)) != nil
            #expect(compiled.matches(input) == expected, "\(pattern) on \(input.debugDescription)")
        }
    }

    @Test("ContentId checks its pattern when decoding")
    func contentId() throws {
        let good = "\"b3:" + String(repeating: "0", count: 64) + "\""
        #expect(try JSONDecoder().decode(ContentId.self, from: Data(good.utf8)).rawValue.count == 67)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ContentId.self, from: Data(#""b3:xyz""#.utf8)) }
    }
}
