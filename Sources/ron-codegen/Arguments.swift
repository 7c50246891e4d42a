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
    /// `--calls-shards`: the files of the calls `--prepare-calls` writes, when not `shards`.
    var preparedShards: Int?
    /// `--calls-leading-empty-files`: of those, the first in name order that hold no code, when
    /// not the types' `--leading-empty-files`.
    var preparedLeadingEmptyFiles: Int?

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
                                   and this run's options (--shards or --calls-shards, --runtime-module,
                                   --types-module, --client-module) would write, from this run's reading
                                   of the documents
          --prepared <dir>         with --operations: take the calls from <dir> when a run with
                                   --prepare-calls made them from the same generator, options and schema
                                   files; else generate them (a split package's two targets read the
                                   documents once)
          --calls-shards <n>       with --prepare-calls: the calls in n files (1–64), as the run of calls
                                   that takes them passes --shards (default: this run's --shards)
          --calls-leading-empty-files <n>
                                   with --prepare-calls: that run's --leading-empty-files (default: this
                                   run's; 0 with --calls-shards)
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
            case "--shards": shards = try reader.number(for: flag, in: 1...64)
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
            case "--leading-sources": options.leadingSources = try reader.number(for: flag, in: 0...10_000)
            case "--driver-jobs": options.driverJobs = try reader.number(for: flag, in: 0...1024)
            case "--leading-empty-files": options.leadingEmptyFiles = try reader.number(for: flag, in: 0...64)
            case "--calls-shards": preparedShards = try reader.number(for: flag, in: 1...64)
            case "--calls-leading-empty-files": preparedLeadingEmptyFiles = try reader.number(for: flag, in: 0...64)
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
        if preparedShards != nil || preparedLeadingEmptyFiles != nil, prepareCalls == nil {
            throw UsageError("--calls-shards and --calls-leading-empty-files go with --prepare-calls")
        }
        if callsLeadingEmptyFiles > 0, callsLeadingEmptyFiles >= callsShards {
            throw UsageError(
                "--calls-leading-empty-files \(callsLeadingEmptyFiles) wants --calls-shards above it, got \(callsShards)"
            )
        }
        if options.callsParts.count > callsShards {
            throw UsageError(
                "--calls-parts wants --calls-shards of at least its \(options.callsParts.count) modules, got \(callsShards)"
            )
        }
    }

    /// The files of the calls: those `--prepare-calls` writes, or this run's.
    var callsShards: Int { preparedShards ?? shards }

    /// The calls' leading empty files: those `--prepare-calls` writes, or this run's.
    var callsLeadingEmptyFiles: Int {
        preparedLeadingEmptyFiles ?? (preparedShards == nil ? options.leadingEmptyFiles : 0)
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
        var key = ["--operations", "--shards", String(callsShards)]
        if let references { key += ["--references", references.standardizedFileURL.path] }
        for (flag, value) in [
            ("--runtime-module", options.runtimeModule), ("--catalog-name", options.catalogName),
            ("--operation-catalog-name", options.operationCatalogName), ("--types-module", options.typesModule),
            ("--client-module", options.clientModule),
        ] {
            if let value { key += [flag, value] }
        }
        if !options.callsParts.isEmpty { key += ["--calls-parts", options.callsParts.joined(separator: ",")] }
        if callsLeadingEmptyFiles > 0 { key += ["--leading-empty-files", String(callsLeadingEmptyFiles)] }
        return key + (strict ? ["--strict"] : [])
    }
}
