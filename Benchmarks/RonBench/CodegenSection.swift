import Foundation

/// Section 5: wall time of `ron-codegen` on the real schema and on a synthetic one of 1,000 types,
/// of `ron-codegen diff` between two versions of the synthetic schema where every type changed, and
/// whether a build with nothing changed runs the generator again.
struct CodegenSection {
    let options: BenchOptions
    let table: ResultTable

    func run() throws {
        let package = options.packageDirectory
        let scratch = options.scratchDirectory
        guard let tool = try Self.findTool(package: package, scratch: scratch) else {
            table.note("5: ron-codegen not found; build it with `swift build -c release --product ron-codegen`.")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ron-bench-codegen-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: work)
        let synthetic = work.appendingPathComponent("Schema", isDirectory: true)
        try FileManager.default.createDirectory(at: synthetic, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(Self.syntheticSchema(types: 1_000).utf8).write(to: synthetic.appendingPathComponent("big.schema.json"))

        let real = try time(
            tool, schema: package.appendingPathComponent("Schema"), output: work.appendingPathComponent("out-real"))
        table.add(
            ResultRow(
                section: "5", measure: "ron-codegen, real Schema/ (wall s)", value: Format.fixed(real.median, 3),
                spread: real.spread(3), target: "", pass: nil))
        let big = try time(tool, schema: synthetic, output: work.appendingPathComponent("out-big"))
        table.add(
            ResultRow(
                section: "5", measure: "ron-codegen, synthetic schema of 1,000 types (wall s)",
                value: Format.fixed(big.median, 3), spread: big.spread(3), target: "< 1 s", pass: big.median < 1.0))

        // The diff of 1,000 types against a version where every type changed (a member made optional
        // in each object, a value added to each enum).
        let changed = work.appendingPathComponent("SchemaChanged", isDirectory: true)
        try FileManager.default.createDirectory(at: changed, withIntermediateDirectories: true)
        let changedText = Self.syntheticSchema(types: 1_000)
            .replacingOccurrences(of: #""required": ["id", "size_bytes"]"#, with: #""required": ["id"]"#)
            .replacingOccurrences(of: #""gamma_delta"]"#, with: #""gamma_delta", "epsilon"]"#)
        try Data(changedText.utf8).write(to: changed.appendingPathComponent("big.schema.json"))
        var diff = Samples()
        for _ in 0..<5 {
            let outcome = try ProcessRunner.run(
                [tool, "diff", "--old", synthetic.path, "--new", changed.path, "--no-fixtures", "--format", "json"])
            guard outcome.status == 1, outcome.output.contains("FIELD_MADE_OPTIONAL") else {
                throw BenchError("ron-codegen diff failed: \(outcome.output.suffix(600))")
            }
            diff.add(outcome.seconds)
        }
        table.add(
            ResultRow(
                section: "5", measure: "ron-codegen diff, 1,000 types against 1,000 changed types (wall s)",
                value: Format.fixed(diff.median, 3), spread: diff.spread(3), target: "< 1 s", pass: diff.median < 1.0))

        // A second build with nothing changed must not run the build-tool plugin's command.
        let build = [
            "swift", "build", "-c", "release", "--scratch-path", scratch.path, "--target", "RonGenerated", "-v",
        ]
        let first = try ProcessRunner.run(build, in: package)
        let second = try ProcessRunner.run(build, in: package)
        guard first.status == 0, second.status == 0 else {
            table.note(
                "5: `swift build --target RonGenerated` failed; no-change rebuild not checked.\n\(second.output.suffix(400))"
            )
            return
        }
        let reran = second.output.split(separator: "\n").contains { line in
            line.contains("ron-codegen") && line.contains("--schema")
        }
        table.add(
            ResultRow(
                section: "5", measure: "no-change rebuild of RonGenerated runs ron-codegen again",
                value: reran ? "yes" : "no", spread: "rebuild \(Format.fixed(second.seconds, 1)) s",
                target: "no", pass: !reran))
    }

    private func time(_ tool: String, schema: URL, output: URL) throws -> Samples {
        var samples = Samples()
        for _ in 0..<5 {
            try? FileManager.default.removeItem(at: output)
            let outcome = try ProcessRunner.run([tool, "--schema", schema.path, "--output", output.path])
            guard outcome.status == 0 else { throw BenchError("ron-codegen failed: \(outcome.output.prefix(600))") }
            samples.add(outcome.seconds)
        }
        return samples
    }

    /// The built `ron-codegen` of this scratch folder, building it (release) when missing.
    static func findTool(package: URL, scratch: URL) throws -> String? {
        let candidates = ["release/ron-codegen", "release/ron-codegen-tool"].map {
            scratch.appendingPathComponent($0).path
        }
        // The newer of the two: the build plugin rebuilds only `ron-codegen-tool`, so a
        // `ron-codegen` left from an earlier build may be stale.
        let built = candidates.filter(FileManager.default.isExecutableFile(atPath:)).map { path in
            (
                path,
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            )
        }
        if let found = built.max(by: { $0.1 < $1.1 })?.0 { return found }
        // A debug ron-bench (CI's `--quick` run) uses the ron-codegen built beside it rather than
        // building a release one: the suite is checked, its timings are not representative.
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("ron-codegen").path
        if FileManager.default.isExecutableFile(atPath: beside) {
            log("codegen: using \(beside) (not a release build: timings are not representative)")
            return beside
        }
        log("codegen: building ron-codegen (release)")
        let outcome = try ProcessRunner.run(
            ["swift", "build", "-c", "release", "--scratch-path", scratch.path, "--product", "ron-codegen"], in: package
        )
        guard outcome.status == 0 else { return nil }
        return candidates.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// A schema document with `types` object types: strings, u64 and i64-as-string integers,
    /// timestamps, bytes, an enum, arrays and references to earlier types.
    static func syntheticSchema(types: Int) -> String {
        var defs: [String] = []
        for index in 0..<types {
            let name = "Synthetic\(index)"
            if index % 10 == 9 {
                defs.append(
                    #""\#(name)": {"type": "string", "description": "Enum \#(index).", "enum": ["alpha", "beta", "gamma_delta"]}"#
                )
                continue
            }
            var properties = [
                #""id": {"type": "string", "x-ron-type": "id", "description": "Id."}"#,
                #""size_bytes": {"type": "integer", "x-ron-type": "u64", "description": "Size."}"#,
                #""revision": {"type": "string", "x-ron-type": "i64", "description": "Revision."}"#,
                #""created_at": {"type": "string", "x-ron-type": "timestamp", "description": "Created."}"#,
                #""digest": {"type": "string", "x-ron-type": "bytes", "description": "Digest."}"#,
                #""labels": {"type": "array", "items": {"type": "string"}, "description": "Labels."}"#,
            ]
            if index > 0 {
                properties.append(##""previous": {"$ref": "#/$defs/Synthetic\##(index - 1)", "description": "Link."}"##)
            }
            defs.append(
                #""\#(name)": {"type": "object", "description": "Type \#(index).", "properties": {\#(properties.joined(separator: ", "))}, "required": ["id", "size_bytes"]}"#
            )
        }
        return
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://ron-core.dev/schema/big.schema.json", "title": "Synthetic", "description": "1,000 generated types.", "$defs": {"#
            + defs.joined(separator: ",\n") + "}}"
    }
}
