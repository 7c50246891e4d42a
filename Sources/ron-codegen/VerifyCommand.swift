import Foundation
import RonCodegenCore
import RonCommandLine

/// `ron-codegen verify [--schema <dir>] [--fixtures <dir>]`: every `<fixtures>/<TypeName>/*.json`
/// (and `*.toml`) read against the schema's model, without building anything.
struct VerifyCommand {
    var schema = "Schema"
    var fixtures = "Fixtures"
    var strict = false

    static let usage = """
        usage: ron-codegen verify [--schema <dir>] [--fixtures <dir>] [--strict]

        Reads every <fixtures>/<TypeName>/*.json (and *.toml) against the schema the way the
        generated decoders read it: required members present, null only where accepted, scalar
        types and integer ranges, enum values and union tags tolerated, and no member lost (one
        that a type keeping no unlisted members would drop). (The compiled check, decode and
        encode again, is RonFixtures.verify in a test.)

          --schema <dir>    the schema folder (default: Schema)
          --fixtures <dir>  the fixtures folder (default: Fixtures)
          --strict          also report members the schema does not declare (kept ones too)

        Exit status: 0 every example fits, 1 some do not, 2 bad input.
        """

    init(_ arguments: ArraySlice<String>) throws {
        var reader = OptionReader(arguments, usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--strict": strict = true
            case "--schema": schema = try reader.value(for: flag)
            case "--fixtures": fixtures = try reader.value(for: flag)
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    /// Runs the check; returns the exit status.
    func run() throws -> Int32 {
        let folder = URL(fileURLWithPath: fixtures)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw SchemaSnapshot.Failure(description: "\(folder.path): the fixtures folder does not exist") }
        let side = try SchemaSnapshot.folder(URL(fileURLWithPath: schema), fixtures: folder)
        let results = FixtureValidator(model: try side.model(), strict: strict).check(
            fixtures: side.fixtures, prefix: folder.lastPathComponent + "/")
        var failed = 0
        for result in results where !result.problems.isEmpty {
            failed += 1
            for problem in result.problems {
                let location = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
                print("\(result.file) (\(result.typeName))\(location): \(problem.message)")
            }
        }
        print("\(results.count - failed) of \(results.count) examples fit the schema")
        return failed == 0 ? 0 : 1
    }
}
