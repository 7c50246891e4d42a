import Testing

@testable import RonCodegenCore

/// The lines of a text as comments split them: every line break Swift knows (LF, CR, CR LF).
@Suite("Lines of a text")
struct SourceWriterTests {
    /// The lines by the rule itself, byte by byte.
    private static func expected(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                ranges.append(start..<index)
                index += 2
                start = index
            } else if bytes[index] == 0x0A || bytes[index] == 0x0D {
                ranges.append(start..<index)
                index += 1
                start = index
            } else {
                index += 1
            }
        }
        ranges.append(start..<bytes.count)
        return ranges
    }

    @Test func everyTextOfLineBreaksUpToSevenBytesSplitsByTheRule() {
        // LF, CR and a letter in every order, up to seven bytes: 3,280 texts.
        var texts: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 1...7 {
            last = last.flatMap { text in [0x0A, 0x0D, 0x61].map { text + [$0] } }
            texts += last
        }
        for text in texts {
            #expect(SourceWriter.lineRanges(text) == Self.expected(text), "\(text)")
        }
    }

    @Test func aTextEndingInCRKeepsItsLastLine() {
        let text = Array("a\r\nb\r".utf8)
        #expect(SourceWriter.lineRanges(text) == [0..<1, 3..<4, 5..<5])
    }
}
