import Foundation

/// Section 9: the debug compile time of generated code. For a synthetic schema of 100, 1,000 and
/// 5,000 types, `swiftc -Onone` compiles our generated Swift as the build plugin writes it (the
/// types in 8 files, against the `RonGenerated` runtime module) and, when `--openapi-generator
/// PATH` is given, swift-openapi-generator's `Types*.swift` for the same shapes as it writes them
/// (against `OpenAPIRuntime`), in turns. Both are compiled as a SwiftPM debug build compiles a
/// target: batch mode, one job per core (`-enable-batch-mode -j<cores>`); the rows give the wall
/// time (what a developer waits) and the CPU time of the compiler processes (the work per type).
struct CompileTimeSection {
    let options: BenchOptions
    let table: ResultTable

    static let typeCounts = [100, 1_000, 5_000]
    /// As many files as the build plugin writes the types in.
    static let shards = 8

    func run() throws {
        let scratch = options.scratchDirectory
        guard let tool = try CodegenSection.findTool(package: options.packageDirectory, scratch: scratch) else {
            table.note("9: ron-codegen not found; no compile figures.")
            return
        }
        // The modules this ron-bench build made: RonGenerated, OpenAPIRuntime, HTTPTypes.
        let modules = scratch.appendingPathComponent("release/Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("RonGenerated.swiftmodule").path)
        else {
            table.note("9: no release RonGenerated module under \(modules.path); run ron-bench with -c release.")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ron-bench-compile-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: work)
        defer { try? FileManager.default.removeItem(at: work) }
        for count in options.quick ? [100] : Self.typeCounts {
            let schema = work.appendingPathComponent("schema-\(count)", isDirectory: true)
            try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
            try Data(CodegenSection.syntheticSchema(types: count).utf8).write(
                to: schema.appendingPathComponent("synthetic.schema.json"))
            let ours = work.appendingPathComponent("ours-\(count)", isDirectory: true)
            let generated = try ProcessRunner.run(
                [
                    tool, "--schema", schema.path, "--output", ours.path, "--runtime-module", "RonGenerated",
                    "--shards", String(Self.shards),
                ])
            guard generated.status == 0 else { throw BenchError("ron-codegen failed: \(generated.output.prefix(400))") }
            let ourFiles = (0..<Self.shards).map {
                ours.appendingPathComponent($0 == 0 ? "RonGenerated.swift" : "RonGenerated+\($0).swift")
            }
            var contestants: [(String, [URL])] = [("ron-codegen", ourFiles)]
            if let generator = options.openAPIGenerator {
                let document = work.appendingPathComponent("openapi-\(count).json")
                try Data(SyntheticOpenAPI.document(types: count).utf8).write(to: document)
                let output = work.appendingPathComponent("openapi-\(count)", isDirectory: true)
                let outcome = try ProcessRunner.run(SyntheticOpenAPI.generateCommand(generator, document, output))
                guard outcome.status == 0 else {
                    throw BenchError("swift-openapi-generator failed: \(outcome.output.prefix(400))")
                }
                // 1.14 writes `Types.swift` and one file per kind of component (`Types+Components+Schemas.swift`, …).
                let files = try FileManager.default.contentsOfDirectory(at: output, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
                contestants.append(("swift-openapi-generator", files))
            }
            let rounds = count >= 5_000 ? 1 : 3
            var wall: [String: Samples] = [:]
            var cpu: [String: Samples] = [:]
            for round in 0..<rounds {
                for offset in 0..<contestants.count {
                    let (name, files) = contestants[(round + offset) % contestants.count]
                    // A fresh folder for the objects: the frontend skips LLVM when the object it would
                    // write is already there with the same IR; every round must pay the whole compile.
                    let objects = work.appendingPathComponent("\(name)-\(count)-objects", isDirectory: true)
                    try? FileManager.default.removeItem(at: objects)
                    try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
                    let before = Double(CPUTime.microseconds(.children)) / 1e6
                    let outcome = try ProcessRunner.run(
                        [
                            "swiftc", "-Onone", "-parse-as-library", "-module-name", "Synthetic", "-I", modules.path,
                            "-enable-batch-mode", "-j\(ProcessInfo.processInfo.activeProcessorCount)", "-c",
                            "-Xfrontend", "-disable-incremental-llvm-codegen", "-working-directory", objects.path,
                        ] + files.map(\.path))
                    guard outcome.status == 0 else {
                        throw BenchError(
                            "\(name)'s code for \(count) types does not compile: \(outcome.output.prefix(600))")
                    }
                    wall[name, default: Samples()].add(outcome.seconds)
                    cpu[name, default: Samples()].add(Double(CPUTime.microseconds(.children)) / 1e6 - before)
                }
            }
            let types = Format.grouped(Double(count))
            for (name, _) in contestants {
                guard let samples = wall[name], let used = cpu[name] else { continue }
                table.add(
                    ResultRow(
                        section: "9", measure: "debug compile of \(name)'s code, \(types) types: wall s (ms/type)",
                        value: Format.fixed(samples.median, 2),
                        spread:
                            "\(samples.spread(2)); \(Format.fixed(samples.median * 1_000 / Double(count), 2)) ms/type",
                        target: "", pass: nil))
                table.add(
                    ResultRow(
                        section: "9", measure: "debug compile of \(name)'s code, \(types) types: CPU s (ms/type)",
                        value: Format.fixed(used.median, 2),
                        spread: "\(used.spread(2)); \(Format.fixed(used.median * 1_000 / Double(count), 2)) ms/type",
                        target: "", pass: nil))
            }
            if let ours = wall["ron-codegen"]?.median, let peer = wall["swift-openapi-generator"]?.median {
                table.add(
                    ResultRow(
                        section: "9",
                        measure: "debug compile wall time per type, swift-openapi-generator / ours, \(types) types",
                        value: Format.fixed(peer / ours, 2), spread: "", target: "≥ 3", pass: peer / ours >= 3))
            }
            if let ours = cpu["ron-codegen"]?.median, let peer = cpu["swift-openapi-generator"]?.median {
                table.add(
                    ResultRow(
                        section: "9",
                        measure: "debug compile CPU per type, swift-openapi-generator / ours, \(types) types",
                        value: Format.fixed(peer / ours, 2), spread: "", target: "", pass: nil))
            }
        }
    }
}
