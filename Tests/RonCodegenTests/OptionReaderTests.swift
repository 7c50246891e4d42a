import RonCommandLine
import Testing

/// How `ron-codegen` and `ron-drift` read their command lines.
@Suite("OptionReader: --flag value and --flag=value")
struct OptionReaderTests {
    /// Reads every flag of `arguments`, the ones in `valued` with their value.
    private func read(_ arguments: [String], valued: Set<String>) throws -> [String] {
        var reader = OptionReader(arguments[...], usage: "usage")
        var seen: [String] = []
        while let flag = reader.nextFlag() {
            guard valued.contains(flag) || flag == "--strict" else { throw UsageError("unknown option '\(flag)'") }
            seen.append(valued.contains(flag) ? "\(flag) \(try reader.value(for: flag))" : flag)
        }
        return seen
    }

    @Test func aValueThatStartsWithDashesIsGivenAfterTheEqualsSign() throws {
        let seen = try read(
            ["--token=--abc", "--strict", "--base", "http://h", "--token=-x=y", "--operation="],
            valued: ["--token", "--base", "--operation"])
        #expect(seen == ["--token --abc", "--strict", "--base http://h", "--token -x=y", "--operation "])
    }

    @Test func aSingleDashValueIsReadInTheTwoWordForm() throws {
        #expect(try read(["--token", "-abc"], valued: ["--token"]) == ["--token -abc"])
    }

    @Test func aFlagWithoutValueGivenOneIsAnUnknownOptionNamingTheWholeWord() {
        #expect(throws: UsageError.self) { try read(["--strict=yes"], valued: []) }
        do {
            _ = try read(["--strict=yes"], valued: [])
        } catch {
            #expect("\(error)" == "unknown option '--strict=yes'")
        }
    }

    @Test func aTwoWordValueThatIsAnotherFlagIsRefused() {
        #expect(throws: UsageError.self) { try read(["--token", "--strict"], valued: ["--token"]) }
    }
}
