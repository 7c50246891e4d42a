import Foundation
import FuzzSupport
import RonTOML

// libFuzzer target: arbitrary bytes as a facet manifest. Checks that parsing never crashes and that
// what parses survives the JSON bridge and the writer:
//   - TOMLParser.parse(Data) either throws TOMLParseError or returns a table;
//   - for a table, jsonData() either throws TOMLJSONError (nan/inf) or gives JSON that
//     TOMLTable(jsonObjectData:) reads back, and whose second trip gives the same bytes;
//   - TOMLWriter.render(table) parses back to an equal table;
//   - parse(String) agrees with parse(Data) on valid UTF-8 without a byte-order mark.
// Built with `-D RON_LIBFUZZER` the file exports `LLVMFuzzerTestOneInput`; otherwise it is a plain
// executable that runs the same checks on every file (or folder of files) named on the command line.

/// The checks run on every input. A broken invariant stops the process (libFuzzer records it).
enum TOMLFuzz {
    static func run(_ data: Data) {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(data)
        } catch {
            check(error.line >= 1 && error.column >= 1, "error location \(error.line):\(error.column)")
            return
        }
        let rendered = TOMLWriter.render(table)
        if data.prefix(3) != Data([0xEF, 0xBB, 0xBF]), let text = String(data: data, encoding: .utf8) {
            let fromString = try? TOMLParser.parse(text)
            check(
                fromString == table || fromString.map(TOMLWriter.render) == rendered,
                "parse(String) and parse(Data) disagree")
        }
        do {
            let reparsed = try TOMLParser.parse(rendered)
            // `nan` is not equal to itself, so a table holding one is compared by its rendering.
            check(
                reparsed == table || TOMLWriter.render(reparsed) == rendered,
                "writer round trip changed the table:\n\(rendered)")
        } catch {
            fatalError("invariant broken: the writer's output does not parse (\(error)):\n\(rendered)")
        }
        guard let json = try? table.jsonData() else { return }
        do {
            let back = try TOMLTable(jsonObjectData: json)
            let again = try back.jsonData()
            check(again == json, "JSON bridge is not stable")
        } catch {
            fatalError("invariant broken: the bridge's own JSON does not read back (\(error))")
        }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }
}

#if RON_LIBFUZZER
    /// The libFuzzer entry point.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzTOML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        TOMLFuzz.run(Data(bytes: start, count: count))
        return 0
    }

    /// SwiftPM links an executable target's entry point as `<module>_main`; with libFuzzer that
    /// entry point hands over to libFuzzer's driver.
    @_cdecl("fuzz_toml_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
        FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { start, size in fuzzTOML(start, size) }
    }
#else
    /// Without libFuzzer: runs the checks on every file named on the command line (folders are walked).
    @main
    struct FuzzTOMLMain {
        static func main() {
            FuzzDriver.replay(name: "fuzz-toml", arguments: Array(CommandLine.arguments.dropFirst())) {
                TOMLFuzz.run($0)
            }
        }
    }
#endif
