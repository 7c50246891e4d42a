import Foundation
import PackagePlugin

/// Runs `ron-codegen` over a schema directory and adds the generated Swift to the target.
///
/// `RonGenerated` gets the types, `RonAppSdkSwift` the operations (methods of `RonClient` over
/// those types), any other target its types, and its operations too when it depends on
/// `RonAppSdkSwift` (they are methods of `RonClient`).
///
/// The schema directory is the target's own `Schema/` folder when it has one. A target without one
/// that depends on a target of its package with one gets that schema's calls alone (in
/// `RonOperations*.swift`, over the types of that target, which must depend on `RonGenerated`
/// alone): the calls in a module of their own, so an edit of an operation recompiles only them.
/// The types' run then writes those calls too, from its one reading of the documents, and the calls'
/// run (ordered after it) takes them (`ron-codegen --prepare-calls`, `--prepared`). Several such
/// targets, each marked as a part (``SchemaTargets/partMarker``), share the calls, each a run of the
/// files, and a target that depends on them, their front, gets the operation catalog over them and
/// the security schemes (``SchemaTargets/front(_:in:)``).
/// Otherwise the package's top-level `Schema/`. The command always writes the same fixed set of
/// files, and it lists the schema directories themselves as inputs besides every schema file: a directory's
/// modification time changes when a file is added, removed or renamed in it, so the build
/// system re-runs the command for those changes without the plugin being re-planned.
@main
struct RonCodegenPlugin: BuildToolPlugin {
    /// How many files the generated code is written in (`ron-codegen --shards`).
    ///
    /// A debug build compiles each file into its own object, and the compiler's time grows faster
    /// than a file's size: on a 1.4 MB description, 32 files built in two thirds of the time 8 took,
    /// and an edited operation recompiled in well under half; 64 were no faster than 32, on that
    /// description or on a 1.6 MB one with a thousand operations (BENCHMARKS.md, "How many files").
    /// A small schema's files are small: 32 built as fast as 8 on a 45 KB description.
    static let shards = 32

    /// The files of a large description's code (at least ``largeSchemaBytes`` of documents): twice
    /// as many, the first third of them in name order empty (`--leading-empty-files`). The compiler
    /// driver forms at most 25 files into one job, so 64 files make three jobs on two cores, in the
    /// order SwiftPM lists the files; the first, empty, ends at once and the two with the code run
    /// side by side, where the two jobs of 32 files often ran one after the other (on Kubernetes'
    /// types, 38-41 s against 37-63 s: BENCHMARKS.md, "The calls in parts").
    static let largeShards = (count: 64, empty: 21)

    /// The size of a schema's documents from which its code takes ``largeShards``.
    static let largeSchemaBytes = 2_000_000

    /// `--shards` (and `--leading-empty-files`) for `schema`: decided when SwiftPM plans the build,
    /// as the files are, so the command and its outputs agree until the next plan. With the
    /// target's own Swift files (`leadingSources`, ``leadingSources(of:)``) and the driver's jobs,
    /// a smaller description on two jobs takes ``twoJobsLayout(leadingSources:)``.
    static func layout(of schema: URL, leadingSources: Int? = nil, driverJobs: Int = 0) -> (count: Int, empty: Int) {
        // A plain loop: as a `reduce` over optional chains this sum took the type checker 0.27 s,
        // paid whenever SwiftPM compiles the plugin again (its environment changed).
        var bytes = 0
        for url in SchemaLocator.inputs(of: schema) {
            let keys: Set<URLResourceKey> = [.isRegularFileKey, .fileSizeKey]
            guard let values = try? url.resourceValues(forKeys: keys), let regular = values.isRegularFile, regular,
                let size = values.fileSize
            else { continue }
            bytes += size
        }
        if bytes >= largeSchemaBytes { return largeShards }
        if let leadingSources, driverJobs == 2 { return twoJobsLayout(leadingSources: leadingSources) }
        return (shards, 0)
    }

    /// The files of a description's code on two jobs: enough that the driver makes three runs of
    /// the target's files (51 with its own), and the generated files of the first run empty.
    ///
    /// The driver starts the module job and the first run's job at once, and a job inherits the
    /// other's output pipes when its launch falls between the other's `pipe()` and the closing of
    /// their write ends (swift-tools-support-core opens them without close-on-exec): the driver then
    /// sees the other job end only when both have. With a first run of code holding the module
    /// job's pipes, the last run started when the first ended, not the module job: on 32 files, 2
    /// to 5 clean builds in 8 took about half the code's time more (BENCHMARKS.md, "The driver's
    /// pipes"). An empty first run holding them ends at once; the module job holding its pipes holds
    /// the second run back by the module job's time (a tenth of the code's), not a run's. With so
    /// many files of its own that the driver makes more than three runs: ``shards``, none empty.
    static func twoJobsLayout(leadingSources leading: Int) -> (count: Int, empty: Int) {
        let count = max(shards, 51 - max(leading, 0))
        let sources = max(leading, 0) + count
        guard (sources + 24) / 25 == 3 else { return (shards, 0) }
        // The driver's first run: a third of the sources, rounded up.
        let first = (sources + 2) / 3
        return (count, max(0, min(first - leading, count - 1)))
    }

    /// The `--shards` arguments of `layout`.
    static func shardArguments(_ layout: (count: Int, empty: Int)) -> [String] {
        ["--shards", String(layout.count)] + (layout.empty > 0 ? ["--leading-empty-files", String(layout.empty)] : [])
    }

    /// How many Swift files of `target` SwiftPM hands the compiler before the generated ones: its
    /// own, then the resource accessor it writes for a target with resources (`ron new` declares
    /// `Schema/` one). The compiler driver's jobs take runs of that list, so the generator places a
    /// large type by them (`--leading-sources`).
    static func leadingSources(of target: SourceModuleTarget) -> Int {
        let resources = target.sourceFiles.contains { $0.type == .resource }
        return target.sourceFiles(withSuffix: "swift").count + (resources ? 1 : 0)
    }

    /// How many jobs the compiler driver runs at once in a debug build: SwiftPM passes it the
    /// machine's cores unless told otherwise (`swift build -j`), and the generator shares the code
    /// among the files so the driver's runs of them end together (`--driver-jobs`).
    static var driverJobs: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 1024) }

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        if !["RonGenerated", "RonAppSdkSwift"].contains(target.name) {
            if let front = SchemaTargets.front(target, in: context.package) {
                return try callsFront(context: context, target: target, types: front.types, parts: front.parts)
            }
            if let types = SchemaTargets.typesTarget(of: target) {
                return try callsBesideTypes(context: context, target: target, types: types)
            }
        }
        let schema = SchemaLocator.schemaDirectory(
            targetDirectory: target.directoryURL,
            packageDirectory: context.package.directoryURL
        )
        guard let schema else {
            Diagnostics.error(
                "RonCodegenPlugin: no Schema/ folder in \(target.directoryURL.path) "
                    + "or \(context.package.directoryURL.path)")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        // The types go in a fixed number of files, so a debug build compiles them on several cores
        // (one file is one compiler job), laid out for the driver's jobs (the SDK's own, as before).
        let leading = Self.leadingSources(of: target)
        let layout =
            target.name == "RonGenerated"
            ? Self.layout(of: schema) : Self.layout(of: schema, leadingSources: leading, driverJobs: Self.driverJobs)
        var generated = Self.files(in: output, named: "RonGenerated", count: layout.count)
        // --stamp: a build planned again (after a clean build, or a change to Package.swift) links
        // the tool again and runs this command though nothing it reads changed; the stamp makes
        // such a run return at once instead of generating the same files.
        var arguments =
            [
                "--schema", schema.path, "--output", output.path, "--stamp",
            ] + Self.shardArguments(layout) + ["--leading-sources", String(leading)]
            + ["--driver-jobs", String(Self.driverJobs)]
        switch target.name {
        case "RonGenerated":
            break
        case "RonAppSdkSwift":
            // The client: only the operations, as methods of RonClient, over the types of RonGenerated;
            // a few, in one file.
            arguments = ["--schema", schema.path, "--output", output.path, "--stamp"]
            arguments += ["--operations", "--types-module", "RonGenerated"]
            generated = [output.appending(path: "RonOperations.swift")]
        default:
            // A user's own target: its types (runtime from RonGenerated) and, when it can see RonClient
            // (it depends on RonAppSdkSwift), its operations as methods of RonClient.
            arguments += ["--runtime-module", "RonGenerated"]
            // The calls go in the same files as the types, each file its share, so the files are of
            // one size and a debug build's jobs even.
            if SchemaTargets.seesClient(target) {
                arguments += ["--with-operations", "--client-module", "RonAppSdkSwift"]
            } else if case let parts = SchemaTargets.callsTargets(of: target, in: context.package), !parts.isEmpty {
                // The calls' target comes next and reads the same documents: this run writes its
                // calls too, and that run takes them (`--prepared`), so an edit reads them once.
                // With several (parts of the calls), it writes every part's files and the front's.
                // They are laid out as the calls' target lays them out (``callsLayout(of:target:parts:)``).
                let calls = Self.callsLayout(of: schema, target: parts[0], parts: parts)
                arguments += [
                    "--prepare-calls", Self.preparedCalls(in: context.pluginWorkDirectoryURL).path,
                    "--types-module", target.name, "--client-module", "RonAppSdkSwift",
                    "--calls-shards", String(calls.count), "--calls-leading-empty-files", String(calls.empty),
                ]
                arguments += Self.partsArguments(parts)
            }
        }
        return [
            try Self.command(
                "ron-codegen \(target.name) from \(schema.lastPathComponent)/", context: context,
                arguments: arguments, schema: schema, outputs: generated)
        ]
    }

    /// The plugin's files named after `stem` in `output`: `<stem>.swift`, `<stem>+1.swift` … (as
    /// `ron-codegen --shards` names them); fixed, so the plan never changes with the schema.
    static func files(in output: URL, named stem: String, count: Int) -> [URL] {
        (0..<count).map { index in output.appending(path: index == 0 ? "\(stem).swift" : "\(stem)+\(index).swift") }
    }

    /// The command that runs `ron-codegen` with `arguments` over `schema` (its files and folders
    /// are the inputs, with `after`: files of another command, which then runs first) and writes
    /// `outputs`.
    static func command(
        _ displayName: String, context: PluginContext, arguments: [String], schema: URL, after: [URL] = [],
        outputs: [URL]
    ) throws -> Command {
        .buildCommand(
            displayName: displayName, executable: try context.tool(named: "ron-codegen").url, arguments: arguments,
            inputFiles: SchemaLocator.inputs(of: schema) + after, outputFiles: outputs)
    }
}

extension RonCodegenPlugin {
    /// The calls of `types`'s schema, alone, in a target of their own (`target`, which has no
    /// `Schema/` and depends on `types`, which has one): an edit of an operation or of its
    /// documentation recompiles this module of calls, not the types (BENCHMARKS.md, "The calls in a
    /// module of their own").
    func callsBesideTypes(context: PluginContext, target: SourceModuleTarget, types: SourceModuleTarget) throws
        -> [Command]
    {
        let schema = types.directoryURL.appending(path: "Schema").resolvingSymlinksInPath()
        guard SchemaTargets.seesClient(target) else {
            Diagnostics.error(
                "RonCodegenPlugin: \(target.name) has no Schema/ of its own, so it gets the calls of "
                    + "\(types.name)'s; they are methods of RonClient: make \(target.name) depend on RonAppSdkSwift")
            return []
        }
        if SchemaTargets.seesClient(types) {
            Diagnostics.error(
                "RonCodegenPlugin: \(types.name) depends on RonAppSdkSwift, so it gets its calls itself, and "
                    + "\(target.name) (no Schema/ of its own) would declare them again: make \(types.name) "
                    + "depend on RonGenerated alone")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let parts = SchemaTargets.callsTargets(of: types, in: context.package)
        let layout = Self.callsLayout(of: schema, target: target, parts: parts)
        let run = callsRun(context: context, target: target, types: types, parts: parts, schema: schema)
        var arguments = run.arguments
        var outputs = Self.files(in: output, named: "RonOperations", count: layout.count)
        if parts.count > 1, let part = parts.firstIndex(where: { $0.id == target.id }) {
            // One part of the calls: its run of the files (the front, which imports every part, has
            // the catalog and the security schemes).
            arguments += Self.partsArguments(parts) + ["--calls-part", target.moduleName]
            outputs = outputs.indices.filter { Self.part(ofFile: $0, of: layout.count, parts: parts.count) == part }.map
            {
                outputs[$0]
            }
        }
        return [
            try Self.command(
                "ron-codegen \(target.name): the calls of \(types.name)'s Schema/", context: context,
                arguments: arguments, schema: schema, after: run.after, outputs: outputs)
        ]
    }

    /// The front of the parts of `types`'s calls (`target` depends on them): the operation catalog
    /// over every part and the security schemes with their credentials, in one file.
    func callsFront(
        context: PluginContext, target: SourceModuleTarget, types: SourceModuleTarget, parts: [SourceModuleTarget]
    ) throws -> [Command] {
        let dependencies = Set(
            target.dependencies.compactMap { dependency -> Target.ID? in
                guard case .target(let other) = dependency else { return nil }
                return other.id
            })
        let missing = parts.filter { !dependencies.contains($0.id) }.map(\.name)
        guard missing.isEmpty, SchemaTargets.seesClient(target) else {
            Diagnostics.error(
                "RonCodegenPlugin: \(target.name) depends on a part of the calls of \(types.name)'s Schema/, so it "
                    + "gets their catalog and security schemes, which name every part and RonClient: make "
                    + "\(target.name) depend on \((missing + (SchemaTargets.seesClient(target) ? [] : ["RonAppSdkSwift"])).joined(separator: " and "))"
            )
            return []
        }
        let schema = types.directoryURL.appending(path: "Schema").resolvingSymlinksInPath()
        let run = callsRun(context: context, target: target, types: types, parts: parts, schema: schema)
        return [
            try Self.command(
                "ron-codegen \(target.name): the catalog of the calls of \(types.name)'s Schema/", context: context,
                arguments: run.arguments + Self.partsArguments(parts) + ["--calls-front"], schema: schema,
                after: run.after,
                outputs: [context.pluginWorkDirectoryURL.appending(path: "GeneratedSources/RonOperationsFront.swift")])
        ]
    }

    /// What every run of calls over `types`'s `schema` passes (into `target`'s GeneratedSources/), with
    /// `--prepared` and the folder where the types' run writes the calls when it prepares them for
    /// `target` (one of `parts`, or their front); then that run's first file is an input (`after`),
    /// so this command runs after it. Without them (a folder named otherwise) the run generates the
    /// calls itself.
    private func callsRun(
        context: PluginContext, target: SourceModuleTarget, types: SourceModuleTarget, parts: [SourceModuleTarget],
        schema: URL
    ) -> (arguments: [String], after: [URL]) {
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let arguments =
            [
                "--schema", schema.path, "--output", output.path, "--stamp",
                "--operations", "--types-module", types.name, "--runtime-module", "RonGenerated",
                "--client-module", "RonAppSdkSwift",
            ] + Self.shardArguments(Self.callsLayout(of: schema, target: target, parts: parts))
        guard let typesFolder = Self.workDirectory(of: types, besideThatOf: target, at: context.pluginWorkDirectoryURL),
            !parts.isEmpty
        else { return (arguments, []) }
        return (
            arguments + ["--prepared", Self.preparedCalls(in: typesFolder).path],
            [typesFolder.appending(path: "GeneratedSources/RonGenerated.swift")]
        )
    }

    /// The layout of the files of calls of `schema` in `target`, a target of calls of a types target
    /// whose targets of calls are `parts`: the driver's layout for `target`'s own files when it is
    /// the one (``layout(of:leadingSources:driverJobs:)``), or for any other target of calls beside
    /// it; the even ``layout(of:leadingSources:driverJobs:)`` without the jobs for the parts of the
    /// calls and their front, whose runs of files the parts share. The types' run prepares the
    /// calls of the one target of calls in that target's layout, so the two runs' keys agree.
    static func callsLayout(of schema: URL, target: SourceModuleTarget, parts: [SourceModuleTarget]) -> (
        count: Int, empty: Int
    ) {
        guard parts.count < 2 else { return layout(of: schema) }
        return layout(of: schema, leadingSources: leadingSources(of: target), driverJobs: driverJobs)
    }

    /// `--calls-parts` with the parts' modules, when there are two or more.
    static func partsArguments(_ parts: [SourceModuleTarget]) -> [String] {
        parts.count > 1 ? ["--calls-parts", parts.map(\.moduleName).joined(separator: ",")] : []
    }

    /// The part (from 0) whose target writes file `index` of the calls: runs of consecutive files,
    /// as `ron-codegen --calls-part` writes them (`SwiftRenderer.callsPart(ofShard:count:parts:)`).
    static func part(ofFile index: Int, of count: Int, parts: Int) -> Int {
        index * parts / count
    }

    /// The folder in a plugin work directory where the types' run writes the calls it prepares.
    static func preparedCalls(in workDirectory: URL) -> URL {
        workDirectory.appending(path: "PreparedCalls")
    }

    /// The plugin work directory of `other`, from `target`'s (`workDirectory`): SwiftPM names each
    /// after its target, in the same place (`…/outputs/<package>/<target>/destination/<plugin>`).
    /// `nil` when `workDirectory` does not name `target` that way.
    static func workDirectory(of other: Target, besideThatOf target: Target, at workDirectory: URL) -> URL? {
        var components = workDirectory.pathComponents
        guard let index = components.lastIndex(of: target.name), index > 0 else { return nil }
        components[index] = other.name
        return components.dropFirst().reduce(URL(fileURLWithPath: components[0])) { $0.appending(path: $1) }
    }
}

/// Finds the schema directory and the files and folders a build depends on.
enum SchemaLocator {
    /// The target's `Schema/`, else the package's.
    static func schemaDirectory(targetDirectory: URL, packageDirectory: URL) -> URL? {
        for candidate in [targetDirectory, packageDirectory] {
            let url = candidate.appending(path: "Schema")
            if SchemaTargets.isFolder(url) {
                // The package's own RonGenerated/Schema is a link to the top-level Schema/.
                return url.resolvingSymlinksInPath()
            }
        }
        return nil
    }

    /// The schema directory, every folder below it and every schema document in them.
    static func inputs(of schema: URL) -> [URL] {
        var result = [schema]
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: schema, includingPropertiesForKeys: keys) else {
            return result
        }
        for case let url as URL in walker {
            let isDirectory = (try? url.resourceValues(forKeys: Set(keys)).isDirectory) ?? false
            if isDirectory || ["json", "toml", "yaml", "yml"].contains(url.pathExtension) {
                result.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }
}
