import Foundation
import PropertyBased
import Testing

@testable import RonAppSdkSwift

extension ResilienceTests {
    @Suite("Server-sent events parser (WHATWG rules)")
    struct ServerSentEventParserTests {
        struct Case: Sendable, CustomTestStringConvertible {
            let name: String
            let input: String
            let expected: [ServerSentEvent]
            var testDescription: String { name }
        }

        static let cases: [Case] = [
            Case(name: "single data line", input: "data: hello\n\n", expected: [ServerSentEvent(data: "hello")]),
            Case(
                name: "multi-line data joined with LF", input: "data: a\ndata: b\ndata:c\n\n",
                expected: [ServerSentEvent(data: "a\nb\nc")]),
            Case(
                name: "only one leading space removed", input: "data:  two spaces\n\n",
                expected: [ServerSentEvent(data: " two spaces")]),
            Case(name: "CRLF line endings", input: "data: x\r\n\r\n", expected: [ServerSentEvent(data: "x")]),
            Case(
                name: "CR line endings", input: "data: x\r\rdata: y\r\r",
                expected: [ServerSentEvent(data: "x"), ServerSentEvent(data: "y")]),
            Case(
                name: "mixed line endings", input: "data: a\rdata: b\ndata: c\r\n\n",
                expected: [ServerSentEvent(data: "a\nb\nc")]),
            Case(name: "leading BOM skipped", input: "\u{FEFF}data: bom\n\n", expected: [ServerSentEvent(data: "bom")]),
            Case(
                name: "second BOM is data", input: "\u{FEFF}\u{FEFF}data: x\n\n", expected: []),
            Case(
                name: "event type", input: "event: add\ndata: 1\n\n",
                expected: [ServerSentEvent(event: "add", data: "1")]),
            Case(
                name: "event type resets after dispatch", input: "event: add\ndata: 1\n\ndata: 2\n\n",
                expected: [ServerSentEvent(event: "add", data: "1"), ServerSentEvent(data: "2")]),
            Case(
                name: "id persists across events", input: "id: 7\ndata: a\n\ndata: b\n\n",
                expected: [ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "7")]),
            Case(
                name: "empty id resets", input: "id: 7\ndata: a\n\nid\ndata: b\n\n",
                expected: [ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "")]),
            Case(
                name: "id with NUL ignored", input: "id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n",
                expected: [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")]),
            Case(
                name: "retry digits", input: "retry: 2500\ndata: r\n\n",
                expected: [ServerSentEvent(data: "r", retry: 2_500)]),
            Case(
                name: "retry with non-digits ignored", input: "retry: 25x\ndata: r\n\nretry: -1\ndata: s\n\n",
                expected: [ServerSentEvent(data: "r"), ServerSentEvent(data: "s")]),
            Case(
                name: "comments ignored", input: ": ping\n: another\ndata: c\n\n",
                expected: [ServerSentEvent(data: "c")]),
            Case(name: "no data, no event", input: "event: x\nid: 3\n\n", expected: []),
            Case(
                name: "id-only block still sets id", input: "id: 3\n\ndata: d\n\n",
                expected: [ServerSentEvent(data: "d", id: "3")]),
            Case(
                name: "empty data line dispatches empty data", input: "data\n\n", expected: [ServerSentEvent(data: "")]),
            Case(
                name: "two empty data lines give one LF", input: "data\ndata\n\n",
                expected: [ServerSentEvent(data: "\n")]
            ),
            Case(
                name: "unknown fields ignored", input: "foo: bar\ndata: z\n\n", expected: [ServerSentEvent(data: "z")]),
            Case(
                name: "field name is case-sensitive", input: "Data: no\ndata: yes\n\n",
                expected: [ServerSentEvent(data: "yes")]),
            Case(name: "colon in value kept", input: "data: a:b: c\n\n", expected: [ServerSentEvent(data: "a:b: c")]),
            Case(
                name: "unterminated last event dropped", input: "data: a\n\ndata: b\n",
                expected: [ServerSentEvent(data: "a")]),
            Case(
                name: "invalid UTF-8 replaced", input: "data: caf\u{E9}\n\n",
                expected: [ServerSentEvent(data: "caf\u{E9}")]),
            Case(
                name: "WHATWG example: three blocks",
                input: "data: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n",
                expected: [
                    ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event", id: ""),
                    ServerSentEvent(data: " third event", id: ""),
                ]),
        ]

        static func parse(_ bytes: [UInt8], chunkSizes: [Int] = []) throws -> [ServerSentEvent] {
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent] = []
            var offset = 0
            var sizes = chunkSizes.makeIterator()
            while offset < bytes.count {
                let size = max(1, sizes.next() ?? bytes.count)
                let end = min(bytes.count, offset + size)
                events += try parser.feed(bytes[offset..<end])
                offset = end
            }
            parser.endOfStream()
            return events
        }

        @Test(arguments: cases)
        func table(_ testCase: Case) throws {
            #expect(try Self.parse(Array(testCase.input.utf8)) == testCase.expected)
        }

        @Test(arguments: cases)
        func byteByByte(_ testCase: Case) throws {
            let bytes = Array(testCase.input.utf8)
            #expect(try Self.parse(bytes, chunkSizes: Array(repeating: 1, count: bytes.count)) == testCase.expected)
        }

        @Test func invalidUTF8BytesAreReplaced() throws {
            let bytes: [UInt8] = Array("data: a".utf8) + [0xFF, 0xFE] + Array("b\n\n".utf8)
            #expect(try Self.parse(bytes) == [ServerSentEvent(data: "a\u{FFFD}\u{FFFD}b")])
        }

        @Test func crlfSplitAcrossChunksIsOneLineBreak() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.feed(Array("data: a\r".utf8)).isEmpty)
            // The LF completes the CRLF; it is not a blank line that would dispatch "a" now.
            #expect(try parser.feed(Array("\n".utf8)).isEmpty)
            #expect(try parser.feed(Array("data: b\r\n\r".utf8)) == [ServerSentEvent(data: "a\nb")])
            #expect(try parser.feed(Array("\ndata: c\n\n".utf8)) == [ServerSentEvent(data: "c")])
        }

        @Test func bomSplitAcrossChunks() throws {
            var parser = ServerSentEventParser()
            #expect(try parser.feed([0xEF]).isEmpty)
            #expect(try parser.feed([0xBB, 0xBF] + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
        }

        @Test func lastEventIdAdvancesOnlyWhenAnEventIsDispatched() throws {
            var parser = ServerSentEventParser(lastEventId: "start")
            _ = try parser.feed(Array("id: 1\ndata: a\n\nid: 2\ndata: half".utf8))
            #expect(parser.lastEventId == "1")
            parser.endOfStream()
            #expect(parser.lastEventId == "1")
            #expect(try parser.feed(Array("data: again\n\n".utf8)) == [ServerSentEvent(data: "again", id: "1")])
        }

        @Test func anIdWithAControlCharacterIsIgnored() throws {
            var parser = ServerSentEventParser()
            let events = try parser.feed(Array("id: 1\ndata: a\n\nid: 2\u{1}x\ndata: b\n\n".utf8))
            #expect(events == [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")])
            #expect(parser.lastEventId == "1")
        }

        @Test func lastEventIdAndRetrySurviveEndOfStream() throws {
            var parser = ServerSentEventParser(lastEventId: "start")
            _ = try parser.feed(Array("id: 9\nretry: 40\ndata: a\n\ndata: unfinished".utf8))
            parser.endOfStream()
            #expect(parser.lastEventId == "9")
            #expect(parser.retryMs == 40)
            #expect(try parser.feed(Array("\u{FEFF}data: b\n\n".utf8)) == [ServerSentEvent(data: "b", id: "9")])
        }

        @Test func oversizedEventIsRefused() throws {
            var parser = ServerSentEventParser(maxEventBytes: 16)
            #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: 16)) {
                _ = try parser.feed(Array("data: 0123456789abcdef\n\n".utf8))
            }
            #expect(try parser.feed(Array("data: ok\n\n".utf8)) == [ServerSentEvent(data: "ok")])
        }

        @Test func anyChunkingGivesTheSameEvents() async {
            let pieces = Gen<String?>.element(of: [
                "data: a", "data:b", "\n", "\r", "\r\n", "id: 1", "event: e", ": c", "retry: 5", "\u{FEFF}", "é",
                "data",
            ]).map { $0 ?? "" }.array(of: 0...30)
            let chunks = Gen.int(in: 1...7).array(of: 1...20)
            await propertyCheck(input: pieces, chunks) { pieces, chunks in
                let bytes = Array(pieces.joined().utf8)
                let whole = try? Self.parse(bytes)
                let split = try? Self.parse(bytes, chunkSizes: chunks)
                #expect(whole == split)
            }
        }

        @Test func arbitraryBytesNeverCrash() async {
            let bytes = Gen<UInt8>.value(in: 0...255).array(of: 0...512)
            await propertyCheck(count: 300, input: bytes) { bytes in
                var parser = ServerSentEventParser(maxEventBytes: 128)
                _ = try? parser.feed(bytes)
                parser.endOfStream()
                #expect(parser.lastEventId.utf8.count <= 128)
            }
        }
    }
}
