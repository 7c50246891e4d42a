import Foundation
import FuzzSupport
import RonAppSdkSwift

// libFuzzer target: arbitrary bytes as a `text/event-stream` body through ServerSentEventParser.
// Checks that parsing never crashes and that the result does not depend on how the bytes are cut
// into chunks: the whole input in one feed, one byte per feed, and chunks of pseudo-random sizes
// (seeded by the input) must give the same events, last event ID and retry. With a tiny event limit
// the parser must keep every event within the limit and never crash.
// Built with `-D RON_LIBFUZZER` the file exports `LLVMFuzzerTestOneInput`; otherwise it is a plain
// executable that runs the same checks on every file (or folder of files) named on the command line.

/// The checks run on every input. A broken invariant stops the process (libFuzzer records it).
enum SSEFuzz {
    struct Result: Equatable {
        var events: [ServerSentEvent] = []
        var lastEventId = ""
        var retryMs: Int?
    }

    static func run(_ data: Data) {
        let bytes = [UInt8](data)
        let whole = parse(bytes, chunkSizes: [bytes.count])
        let single = parse(bytes, chunkSizes: [1])
        check(whole == single, "one feed and byte-by-byte feeds disagree")
        let random = parse(bytes, chunkSizes: sizes(seededBy: bytes))
        check(whole == random, "one feed and random chunks disagree")
        for event in whole.events {
            check(!event.event.contains("\n") && !event.event.contains("\r"), "line break in event type")
            check(!event.data.contains("\r"), "CR in data")
            check(!event.id.contains("\n") && !event.id.contains("\r") && !event.id.contains("\0"), "bad id")
            check(event.retry.map { $0 >= 0 } ?? true, "negative retry")
        }
        var small = ServerSentEventParser(maxEventBytes: 16)
        for chunk in chunks(bytes, sizes: [7]) {
            if let events = try? small.feed(chunk) {
                for event in events {
                    check(event.data.utf8.count <= 16 * 3, "event over the limit: \(event.data.utf8.count) bytes")
                }
            }
        }
        small.endOfStream()
    }

    static func parse(_ bytes: [UInt8], chunkSizes: [Int]) -> Result {
        var parser = ServerSentEventParser()
        var result = Result()
        for chunk in chunks(bytes, sizes: chunkSizes) {
            do {
                result.events += try parser.feed(chunk)
            } catch {
                fatalError("invariant broken: \(error) on a small input")
            }
        }
        parser.endOfStream()
        result.lastEventId = parser.lastEventId
        result.retryMs = parser.retryMs
        return result
    }

    static func chunks(_ bytes: [UInt8], sizes: [Int]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var offset = 0
        var index = 0
        while offset < bytes.count {
            let size = max(1, sizes[index % sizes.count])
            out.append(bytes[offset..<min(offset + size, bytes.count)])
            offset += size
            index += 1
        }
        return out
    }

    /// Chunk sizes 1...16 from a small generator seeded by the input.
    static func sizes(seededBy bytes: [UInt8]) -> [Int] {
        var state: UInt32 = 2_166_136_261
        for byte in bytes.prefix(64) { state = (state ^ UInt32(byte)) &* 16_777_619 }
        var out: [Int] = []
        for _ in 0..<32 {
            state = state &* 1_103_515_245 &+ 12_345
            out.append(Int((state >> 16) % 16) + 1)
        }
        return out
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}

#if RON_LIBFUZZER
    /// The libFuzzer entry point.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzSSE(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        SSEFuzz.run(Data(bytes: start, count: count))
        return 0
    }

    /// SwiftPM links an executable target's entry point as `<module>_main`; with libFuzzer that
    /// entry point hands over to libFuzzer's driver.
    @_cdecl("fuzz_sse_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
        FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { start, size in fuzzSSE(start, size) }
    }
#else
    /// Without libFuzzer: runs the checks on every file named on the command line (folders are walked).
    @main
    struct FuzzSSEMain {
        static func main() {
            FuzzDriver.replay(name: "fuzz-sse", arguments: Array(CommandLine.arguments.dropFirst())) { SSEFuzz.run($0) }
        }
    }
#endif
