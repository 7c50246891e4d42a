import Foundation
import RonCodegenCore
import RonCommandLine

/// `ron-codegen --schema DIR --output DIR [--split | --shards N] [--check] [--runtime-module NAME] [--catalog-name NAME]
/// [--operations | --with-operations] [--types-module NAME] [--client-module NAME]`
struct Arguments {
    var schema: URL?
    var output: URL?
    var split = false
    var shards = 1
    var check = false
    var generated: CodeGenerator.Output = .types
    var options = SwiftRenderer.Options()
    var references: URL?
    var strict = false
    var stamp = false
    /// `--prepare-calls`: where a types run also writes the calls (``PreparedCalls``).
    var prepareCalls: URL?
    /// `--prepared`: where a run of operations takes the calls a types run prepared.
    var prepared: URL?
    /// `--calls-part`: the module (of `--calls-parts`) whose files this run of operations writes.
    var callsPart: String?
    /// `--calls-front`: this run of operations writes the front's file alone.
    var callsFront = false

    static let usage = """
        usage: ron-codegen --schema <dir> --output <dir> [options]
               ron-codegen diff [--old <dir | git-rev>] [--new <dir>] [options]   (see diff --help)
               ron-codegen verify [--schema <dir>] [--fixtures <dir>]            (see verify --help)
               ron-codegen mock [--schema <dir>] [--fixtures <dir>] [--port <n>]  (runs ron-mock; see mock --help)
               ron-codegen calls [--schema <dir>]                                 (see calls --help)

          --schema <dir>           the folder of schema documents (*.json, *.toml, *.yaml), read recursively
          --output <dir>           where to write the Swift sources
          --references <dir>       reference documents: what a $ref names of them is generated, nothing else
                                   (matched by $id or file name; a References/ folder in --schema is read too)
          --split                  one file per schema document (for review) instead of RonGenerated.swift
          --shards <n>             the types in n files, RonGenerated.swift and RonGenerated+1…+<n-1>.swift,
                                   for a build to compile side by side (1–64; default 1)
          --check                  write nothing; exit 1 if the output folder is not up to date
          --runtime-module <name>  import this module for JSONValue and the wire types (default: none)
          --catalog-name <name>    the name of the generated catalog enum (default: RonSchemaCatalog)
          --operations             write only the operations of the OpenAPI documents (RonOperations.swift;
                                   with --shards, in RonOperations.swift and RonOperations+1…+<n-1>.swift,
                                   for a target of calls beside the target of the types)
          --with-operations        write the types and the operations (RonOperations.swift, always;
                                   with --shards, each file holds its share of the calls instead)
          --types-module <name>    the operations import this module for the types (with --operations)
          --client-module <name>   the operations import this module for RonClient (default: none)
          --strict                 a warning is an error: generate nothing when the schema needed any leniency
          --stamp                  keep what the run was made from in <output>/.ron-codegen-stamp, and
                                   do nothing when the generator, arguments and schema files are the same
          --prepare-calls <dir>    with types only: also write into <dir> the calls a run with --operations
                                   and this run's options (--shards, --runtime-module, --types-module,
                                   --client-module) would write, from this run's reading of the documents
          --prepared <dir>         with --operations: take the calls from <dir> when a run with
                                   --prepare-calls made them from the same generator, options and schema
                                   files; else generate them (a split package's two targets read the
                                   documents once)
          --leading-empty-files <n>
                                   with --shards: the first n files in name order hold no code, the rest
                                   what the shards would (the compiler driver's first job, of the files
                                   SwiftPM lists first, then ends at once; not for --calls-parts)
          --leading-sources <n>    with --shards: the target's own Swift files, which SwiftPM lists before
                                   the generated ones (the resource accessor it writes counts); a large
                                   type is placed by the compiler driver's runs of files, which they shift
          --driver-jobs <n>        with --shards: the compiler driver's jobs at once in a debug build (the
                                   machine's cores, as SwiftPM passes them; 0-1024, default 0: not known);
                                   the types' files take shares that let its runs of them end together
          --calls-parts <a,b,…>    with --shards and --operations (or --prepare-calls): the calls in these
                                   modules, built side by side, each a run of the files, and a front
                                   module importing them all for the catalog and the security schemes
          --calls-part <module>    with --calls-parts: write that module's files alone
          --calls-front            with --calls-parts: write the front's file alone (RonOperationsFront.swift)
          --help                   show this text

        After every run, a summary on standard error: the operations declared and generated, the
        types generated, the places kept as any JSON and those skipped, with their first reasons; a
        warning when anything was left out. A run that generates no operation of a document that
        declares some fails (exit 1, nothing written), as does one that leaves out more of them than
        ron-codegen.json's "maxLeftOut" allows (0.05: 5 %; 1: anything).
        """

    init(_ arguments: [String]) throws {
        var reader = OptionReader(arguments[...], usage: Self.usage)
        while let flag = reader.nextFlag() {
            switch flag {
            case "--schema": schema = URL(fileURLWithPath: try reader.value(for: flag))
            case "--output": output = URL(fileURLWithPath: try reader.value(for: flag))
            case "--references": references = URL(fileURLWithPath: try reader.value(for: flag))
            case "--split": split = true
            case "--shards":
                let text = try reader.value(for: flag)
                guard let count = Int(text), (1...64).contains(count) else {
                    throw UsageError("--shards wants a whole number from 1 to 64, got '\(text)'")
                }
                shards = count
            case "--check": check = true
            case "--runtime-module": options.runtimeModule = try reader.value(for: flag)
            case "--catalog-name": options.catalogName = try reader.value(for: flag)
            case "--operations": generated = .operations
            case "--with-operations": generated = .typesAndOperations
            case "--types-module": options.typesModule = try reader.value(for: flag)
            case "--client-module": options.clientModule = try reader.value(for: flag)
            case "--strict": strict = true
            case "--stamp": stamp = true
            case "--prepare-calls": prepareCalls = URL(fileURLWithPath: try reader.value(for: flag))
            case "--prepared": prepared = URL(fileURLWithPath: try reader.value(for: flag))
            case "--calls-parts":
                options.callsParts = try reader.value(for: flag).split(separator: ",", omittingEmptySubsequences: false)
                    .map { String($0).trimmingCharacters(in: .whitespaces) }
            case "--calls-part": callsPart = try reader.value(for: flag)
            case "--calls-front": callsFront = true
            case "--leading-sources":
                let text = try reader.value(for: flag)
                guard let count = Int(text), (0...10_000).contains(count) else {
                    throw UsageError("--leading-sources wants a whole number from 0 to 10000, got '\(text)'")
                }
                options.leadingSources = count
            case "--driver-jobs":
                let text = try reader.value(for: flag)
                guard let count = Int(text), (0...1024).contains(count) else {
                    throw UsageError("--driver-jobs wants a whole number from 0 to 1024, got '\(text)'")
                }
                options.driverJobs = count
            case "--leading-empty-files":
                let text = try reader.value(for: flag)
                guard let count = Int(text), count >= 0 else {
                    throw UsageError("--leading-empty-files wants a whole number, got '\(text)'")
                }
                options.leadingEmptyFiles = count
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
        guard schema != nil, output != nil else { throw UsageError("--schema and --output are required") }
        try checkCallsParts()
        if options.leadingEmptyFiles > 0, options.leadingEmptyFiles >= shards || split {
            throw UsageError(
                "--leading-empty-files \(options.leadingEmptyFiles) wants --shards above it (and no --split), got --shards \(shards)"
            )
        }
        if prepareCalls != nil, generated != .types || check || split {
            throw UsageError(
                "--prepare-calls goes with a run of types only (no --operations, --with-operations, --check or --split)"
            )
        }
        if prepared != nil, generated != .operations || check {
            throw UsageError("--prepared goes with --operations (and not --check)")
        }
    }

    /// `--calls-parts`, `--calls-part` and `--calls-front` together and with the rest.
    private func checkCallsParts() throws {
        let parts = options.callsParts
        if !parts.isEmpty {
            if let empty = parts.firstIndex(where: \.isEmpty) {
                throw UsageError("--calls-parts: module name \(empty + 1) of \(parts.count) is empty")
            }
            guard parts.count >= 2, Set(parts).count == parts.count else {
                throw UsageError(
                    "--calls-parts wants two or more different module names, got '\(parts.joined(separator: ","))'")
            }
            guard parts.count <= shards, !split else {
                throw UsageError("--calls-parts wants --shards of at least its \(parts.count) modules (and no --split)")
            }
            guard generated == .operations || prepareCalls != nil else {
                throw UsageError("--calls-parts goes with --operations or --prepare-calls")
            }
        }
        if callsPart != nil || callsFront {
            guard generated == .operations, !parts.isEmpty else {
                throw UsageError("--calls-part and --calls-front go with --operations and --calls-parts")
            }
            guard !(callsPart != nil && callsFront) else {
                throw UsageError("--calls-part and --calls-front: one or the other")
            }
        }
        if let callsPart, !parts.contains(callsPart) {
            throw UsageError(
                "--calls-part '\(callsPart)' is not one of --calls-parts (\(parts.joined(separator: ", ")))")
        }
    }

    /// The files this run writes of `files` (every file of the calls): with `--calls-part`, that
    /// module's; with `--calls-front`, the front's; else all.
    func selected(_ files: [(name: String, contents: String)]) -> [(name: String, contents: String)] {
        let names: Set<String>
        if let callsPart, let part = options.callsParts.firstIndex(of: callsPart) {
            names = Set(
                SwiftRenderer.callsPartFileNames(part: part, parts: options.callsParts.count, count: shards))
        } else if callsFront {
            names = [SwiftRenderer.callsFrontFileName]
        } else {
            return files
        }
        return files.filter { names.contains($0.name) }
    }

    /// The arguments of the run of calls that `--prepare-calls` stands in for, or that `--prepared`
    /// takes the calls for: both runs name it alike when they would write the same calls.
    var callsKey: [String] {
        var key = ["--operations", "--shards", String(shards)]
        if let references { key += ["--references", references.standardizedFileURL.path] }
        for (flag, value) in [
            ("--runtime-module", options.runtimeModule), ("--catalog-name", options.catalogName),
            ("--operation-catalog-name", options.operationCatalogName), ("--types-module", options.typesModule),
            ("--client-module", options.clientModule),
        ] {
            if let value { key += [flag, value] }
        }
        if !options.callsParts.isEmpty { key += ["--calls-parts", options.callsParts.joined(separator: ",")] }
        if options.leadingEmptyFiles > 0 { key += ["--leading-empty-files", String(options.leadingEmptyFiles)] }
        return key + (strict ? ["--strict"] : [])
    }
}

if CommandLine.arguments.dropFirst().first == "diff" {
    do {
        exit(try DiffCommand(CommandLine.arguments.dropFirst(2)).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(DiffCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if CommandLine.arguments.dropFirst().first == "verify" {
    do {
        exit(try VerifyCommand(CommandLine.arguments.dropFirst(2)).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(VerifyCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if CommandLine.arguments.dropFirst().first == "calls" {
    do {
        exit(try CallsCommand(CommandLine.arguments.dropFirst(2)).run())
    } catch let error as UsageError {
        fail("\(error)\n\n\(CallsCommand.usage)", code: 2)
    } catch {
        fail("\(error)", code: 2)
    }
}

if CommandLine.arguments.dropFirst().first == "mock" {
    MockLauncher.run(CommandLine.arguments.dropFirst(2))
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
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
        executable: Bundle.main.executableURL, arguments: Array(CommandLine.arguments.dropFirst()),
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
            if preparing, !callsFail {
                let calls = generator.files(for: model, split: false, output: .operations, shards: arguments.shards)
                try PreparedCalls.write(calls, in: folder, key: arguments.callsKey, schema: schema, inputs: inputs)
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
