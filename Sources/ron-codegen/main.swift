import Foundation
import RonCodegenCore
import RonCommandLine

// The command line; run by a command plugin (`--package-targets`), with the folders of the target
// it names found here, by the build plugin's rule (PackageLayout).
let commandLine: [String]
do {
    let words = Array(CommandLine.arguments.dropFirst())
    let command = words.first ?? ""
    switch command {
    case "diff":
        commandLine =
            try [command]
            + PackageLayout.expand(words.dropFirst(), command: command, schemaOption: "new", fixtures: .read)
    case "verify":
        commandLine = try [command] + PackageLayout.expand(words.dropFirst(), command: command, fixtures: .read)
    case "calls":
        commandLine = try [command] + PackageLayout.expand(words.dropFirst(), command: command, fixtures: .none)
    case "mock":
        commandLine = words
    default:
        commandLine = try PackageLayout.expand(words, command: "preview", fixtures: .none)
    }
} catch {
    fail("\(error)", code: 64)
}

if commandLine.first == "diff" {
    do {
        exit(try DiffCommand(commandLine.dropFirst()).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(DiffCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if commandLine.first == "verify" {
    do {
        exit(try VerifyCommand(commandLine.dropFirst()).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(VerifyCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if commandLine.first == "calls" {
    do {
        exit(try CallsCommand(commandLine.dropFirst()).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(CallsCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if commandLine.first == "mock" {
    MockLauncher.run(commandLine.dropFirst())
}

let arguments: Arguments
do {
    arguments = try Arguments(commandLine)
} catch {
    fail("\(error)\n\n\(Arguments.usage)", code: 64)
}
guard let schema = arguments.schema, let output = arguments.output else { fail(Arguments.usage, code: 64) }

// The schema files' hash, taken once: the stamp and the prepared calls' key both use it.
let inputs =
    arguments.check || (!arguments.stamp && arguments.prepared == nil && arguments.prepareCalls == nil)
    ? nil : GenerationStamp.inputsDigest(of: [schema] + (arguments.references.map { [$0] } ?? []))
// The same generator, arguments and files as the run that wrote the output: nothing to do.
let digest =
    arguments.check || !arguments.stamp
    ? nil
    : GenerationStamp.digest(
        executable: Bundle.main.executableURL, arguments: commandLine,
        inputs: inputs, output: output)
if let digest, GenerationStamp.read(in: output)?.isUpToDate(in: output, digest: digest) == true {
    exit(0)
}
// The calls a types run prepared from the same documents: taken, not generated again.
if let prepared = arguments.prepared,
    let all = PreparedCalls.take(
        from: prepared, key: arguments.callsKey, schema: schema, inputs: inputs, arguments: arguments)
{
    let files = arguments.selected(all)
    do {
        try CodeGenerator.write(files, to: output, output: .operations)
        if let digest { try GenerationStamp(digest: digest, files: files.map(\.name)).write(in: output) }
        exit(0)
    } catch {
        fail("\(error)", code: 1)
    }
}

/// Reads the documents. A types run that prepares the calls reads the operations too; where that
/// reading throws, or `--strict` finds warnings (the operations' count too), it reads again as a
/// types-only run and prepares nothing, so the types' target passes or fails as it would alone and
/// the calls' run, generating itself, reports what the operations have.
func readOrFallBack(
    _ generator: inout CodeGenerator, _ schema: URL, strict: Bool, preparing: inout Bool
) throws -> (SchemaModel, GenerationSummary) {
    guard preparing else { return try generator.modelAndSummary(schemaDirectory: schema) }
    if let read = try? generator.modelAndSummary(schemaDirectory: schema), !(strict && !read.0.notes.isEmpty) {
        return read
    }
    preparing = false
    generator.readsOperations = false
    return try generator.modelAndSummary(schemaDirectory: schema)
}

do {
    var generator = CodeGenerator(options: arguments.options)
    generator.referenceDirectory = arguments.references
    // A types-only run leaves `paths` alone, as before operations were generated, unless it
    // prepares the calls too.
    generator.readsOperations = arguments.generated != .types || arguments.prepareCalls != nil
    var preparing = arguments.prepareCalls != nil
    let (model, summary) = try readOrFallBack(&generator, schema, strict: arguments.strict, preparing: &preparing)
    // In the form compilers use, so the build log and IDEs show them as the schema's warnings
    // (errors with --strict, which then writes nothing).
    let level = arguments.strict ? "error" : "warning"
    for note in model.notes {
        let at = note.pointer.isEmpty ? "" : "at \(note.pointer): "
        FileHandle.standardError.write(
            Data("\(level): \(schema.appending(path: note.file).path): \(at)\(note.message)\n".utf8))
    }
    // Then what the run made of the documents, and what it left out (a warning when anything).
    let strictFails = arguments.strict && !model.notes.isEmpty
    let rest =
        "every one is a warning above; `ron-codegen calls --schema \(schema.path)` lists what is generated"
    // A failure of the calls a types run prepares is the run of calls' to report (it generates
    // them itself, as no calls are prepared); the types are written as a types-only run would.
    let callsFail = preparing && summary.failure != nil
    if !callsFail {
        for line in SummaryReport.lines(summary, schema: schema, failing: strictFails, rest: rest) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
    if strictFails {
        fail("\(model.notes.count) warning(s) with --strict: nothing was written", code: 1)
    }
    if let failure = summary.failure, !callsFail {
        fail("\(failure): nothing was written", code: 1)
    }
    var typesGenerator = generator
    if arguments.prepareCalls != nil {
        // As a types-only run renders them: without the operations, nor the calls' modules.
        typesGenerator.options.typesModule = nil
        typesGenerator.options.clientModule = nil
        typesGenerator.options.callsParts = []
    }
    // The calls a types run prepares, rendered on a thread of their own while the types are.
    var calls: BackgroundWork<[(name: String, contents: String)]>?
    if !arguments.check, arguments.prepareCalls != nil, preparing, !callsFail {
        var callsGenerator = generator
        callsGenerator.options.leadingEmptyFiles = arguments.callsLeadingEmptyFiles
        let shards = arguments.callsShards
        calls = BackgroundWork { [callsGenerator] in
            callsGenerator.files(for: model, split: false, output: .operations, shards: shards)
        }
    }
    let files = arguments.selected(
        typesGenerator.files(
            for: arguments.prepareCalls == nil ? model : PreparedCalls.typesOnly(model), split: arguments.split,
            output: arguments.generated, shards: arguments.shards))
    if arguments.check {
        let stale = files.filter {
            FileManager.default.contents(atPath: output.appending(path: $0.name).path) != Data($0.contents.utf8)
        }
        let leftovers = CodeGenerator.leftovers(
            in: output, keeping: Set(files.map(\.name)), output: arguments.generated)
        guard stale.isEmpty, leftovers.isEmpty else {
            let names = stale.map(\.name) + leftovers.map { "\($0) (no longer generated)" }
            fail("out of date: \(names.joined(separator: ", "))", code: 1)
        }
    } else {
        try CodeGenerator.write(files, to: output, output: arguments.generated)
        if let folder = arguments.prepareCalls {
            PreparedCalls.remove(in: folder)
            if let calls {
                try PreparedCalls.write(
                    calls.wait(), in: folder, key: arguments.callsKey, schema: schema, inputs: inputs)
            }
        }
        if let digest {
            try GenerationStamp(digest: digest, files: files.map(\.name)).write(in: output)
        }
    }
} catch let error as CodegenError {
    // The format compilers use, so IDEs and the build log point at the schema file.
    fail(
        "\(schema.appending(path: error.file).path): \(error.pointer.isEmpty ? "" : "at \(error.pointer): ")\(error.message)",
        code: 1)
} catch {
    fail("\(error)", code: 1)
}
