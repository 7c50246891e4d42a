import Foundation
import RonTestSupport
import Testing

/// The two runs of a split package (`ron new`): the types' run prepares the calls
/// (`--prepare-calls`) from its one reading of the documents, and the calls' run takes them
/// (`--prepared`) when they were made from the same generator, options and schema files.
@Suite("ron-codegen's prepared calls")
struct PreparedCallsTests {
    let tool = CodegenToolTests()

    /// A copy of the golden operations' schema folder (OpenAPI 3 and Swagger 2 descriptions, a
    /// description in several files), which the test may edit.
    private func schemaCopy(in root: URL) throws -> URL {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "Golden/Operations/Schema")
        let schema = root.appending(path: "Schema")
        try FileManager.default.copyItem(at: golden, to: schema)
        return schema
    }

    /// The Swift files of `folder`, by name.
    private func swiftFiles(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            files[name] = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
        }
        return files
    }

    private func typesArguments(_ schema: URL, _ output: URL) -> [String] {
        ["--schema", schema.path, "--output", output.path, "--shards", "4", "--runtime-module", "RonGenerated"]
    }

    private func callsArguments(_ schema: URL, _ output: URL, client: String = "RonAppSdkSwift") -> [String] {
        [
            "--schema", schema.path, "--output", output.path, "--shards", "4", "--operations", "--types-module",
            "Types", "--runtime-module", "RonGenerated", "--client-module", client,
        ]
    }

    @Test func theRunsWriteWhatTheRunsAloneWriteAndTheCallsRunTakesThePreparedCalls() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        let prepared = root.appending(path: "prepared")
        let preparing = [
            "--prepare-calls", prepared.path, "--types-module", "Types", "--client-module", "RonAppSdkSwift",
        ]

        // Each run alone, then the two together: the same files.
        #expect(try await tool.run(typesArguments(schema, root.appending(path: "types-alone"))).status == 0)
        #expect(try await tool.run(callsArguments(schema, root.appending(path: "calls-alone"))).status == 0)
        let types = try await tool.run(typesArguments(schema, root.appending(path: "types")) + preparing)
        #expect(types.status == 0, "\(types.error)")
        let calls = try await tool.run(
            callsArguments(schema, root.appending(path: "calls")) + ["--prepared", prepared.path])
        #expect(calls.status == 0, "\(calls.error)")
        let typesAlone = try swiftFiles(root.appending(path: "types-alone"))
        let callsAlone = try swiftFiles(root.appending(path: "calls-alone"))
        #expect(typesAlone.count == 4 && callsAlone.count == 4)
        #expect(try swiftFiles(root.appending(path: "types")) == typesAlone)
        #expect(try swiftFiles(root.appending(path: "calls")) == callsAlone)
        #expect(callsAlone.values.contains { $0.contains("func ") }, "the calls are there")
        // The types' run reports the operations, which the calls' run that takes them does not read.
        #expect(types.error.contains("operations generated"))
        #expect(calls.error.isEmpty)

        // Taken, not generated: a mark put in a prepared file reaches the calls' output.
        let first = prepared.appending(path: "RonOperations.swift")
        try Data((try String(contentsOf: first, encoding: .utf8) + "// prepared\n").utf8).write(to: first)
        let taking = callsArguments(schema, root.appending(path: "taken")) + ["--prepared", prepared.path]
        #expect(try await tool.run(taking).status == 0)
        #expect(
            try swiftFiles(root.appending(path: "taken"))["RonOperations.swift"]?.hasSuffix("// prepared\n") == true)

        // Other options than those prepared for: generated.
        let other =
            callsArguments(schema, root.appending(path: "other"), client: "Client") + ["--prepared", prepared.path]
        #expect(try await tool.run(other).status == 0)
        let otherFiles = try swiftFiles(root.appending(path: "other"))
        #expect(otherFiles["RonOperations.swift"]?.contains("import Client") == true)
        #expect(otherFiles["RonOperations.swift"]?.hasSuffix("// prepared\n") == false)

        // A schema file changed since: generated from the files as they are now.
        let document = schema.appending(path: "gadgets.openapi.json")
        let text = try String(contentsOf: document, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "\"paths\": {",
            with:
                #""paths": {"/added": {"get": {"operationId": "addedCall", "responses": {"204": {"description": "none"}}}},"#
        )
        #expect(edited != text)
        try Data(edited.utf8).write(to: document)
        #expect(try await tool.run(taking).status == 0)
        let regenerated = try swiftFiles(root.appending(path: "taken"))
        #expect(regenerated.values.contains { $0.contains("addedCall") })
        #expect(regenerated["RonOperations.swift"]?.hasSuffix("// prepared\n") == false)
    }

    @Test func theCallsArePreparedInTheirTargetsLayout() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        let prepared = root.appending(path: "prepared")
        // The types in 4 files, the calls' target in 6, the first 2 by name empty.
        let types = try await tool.run(
            typesArguments(schema, root.appending(path: "types")) + [
                "--leading-empty-files", "1", "--prepare-calls", prepared.path, "--types-module", "Types",
                "--client-module", "RonAppSdkSwift", "--calls-shards", "6", "--calls-leading-empty-files", "2",
            ])
        #expect(types.status == 0, "\(types.error)")
        #expect(try swiftFiles(root.appending(path: "types")).count == 4)
        let layout = ["--shards", "6", "--leading-empty-files", "2"]
        let alone = try await tool.run(
            callsArguments(schema, root.appending(path: "alone")) + layout)
        #expect(alone.status == 0, "\(alone.error)")
        let aloneFiles = try swiftFiles(root.appending(path: "alone"))
        #expect(aloneFiles.count == 6)
        #expect(aloneFiles.values.filter { !$0.contains("func ") }.count == 2, "two files without a call")
        #expect(try swiftFiles(prepared) == aloneFiles, "prepared as the calls' run alone writes them")

        // The calls' run in that layout takes them (a mark in a prepared file reaches its output) …
        let first = prepared.appending(path: "RonOperations.swift")
        try Data((try String(contentsOf: first, encoding: .utf8) + "// prepared\n").utf8).write(to: first)
        let taken = try await tool.run(
            callsArguments(schema, root.appending(path: "taken")) + layout + ["--prepared", prepared.path])
        #expect(taken.status == 0 && taken.error.isEmpty, "\(taken.error)")
        #expect(
            try swiftFiles(root.appending(path: "taken"))["RonOperations.swift"]?.hasSuffix("// prepared\n") == true)
        // … and one in the types' layout generates its own.
        let other = try await tool.run(
            callsArguments(schema, root.appending(path: "other")) + ["--prepared", prepared.path])
        #expect(other.status == 0)
        #expect(other.error.contains("operations generated"), "\(other.error)")
        #expect(try swiftFiles(root.appending(path: "other")).count == 4)

        // The options say what is wrong, and where they go.
        for (extra, message) in [
            (["--calls-shards", "6"], "--calls-shards and --calls-leading-empty-files go with --prepare-calls"),
            (
                ["--prepare-calls", prepared.path, "--calls-shards", "3", "--calls-leading-empty-files", "3"],
                "--calls-leading-empty-files 3 wants --calls-shards above it, got 3"
            ),
            (
                ["--prepare-calls", prepared.path, "--calls-shards", "65"],
                "--calls-shards wants a whole number from 1 to 64"
            ),
            (
                ["--prepare-calls", prepared.path, "--calls-shards", "2", "--calls-parts", "A,B,C"],
                "--calls-parts wants --calls-shards of at least its 3 modules, got 2"
            ),
        ] {
            let run = try await tool.run(typesArguments(schema, root.appending(path: "bad")) + extra)
            #expect(run.status == 64 && run.error.contains(message), "\(extra): \(run.error)")
        }
    }

    @Test func theOptionsGoWithTheirRunsOnly() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        let output = root.appending(path: "out")
        let withCalls = try await tool.run(
            ["--schema", schema.path, "--output", output.path, "--operations", "--prepare-calls", root.path + "/p"])
        #expect(withCalls.status == 64)
        #expect(withCalls.error.contains("--prepare-calls goes with a run of types only"))
        let typesOnly = try await tool.run([
            "--schema", schema.path, "--output", output.path, "--prepared", root.path + "/p",
        ])
        #expect(typesOnly.status == 64)
        #expect(typesOnly.error.contains("--prepared goes with --operations"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing written")
    }

    @Test func callsThatFailAreLeftToTheCallsRunAndTheTypesAreWritten() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        // A description none of whose operations can be generated: the calls' run fails.
        try Data(GenerationSummaryTests.hopeless.utf8).write(to: schema.appending(path: "hopeless.json"))
        let prepared = root.appending(path: "prepared")
        let types = try await tool.run(
            typesArguments(schema, root.appending(path: "types"))
                + ["--prepare-calls", prepared.path, "--types-module", "Types", "--client-module", "RonAppSdkSwift"])
        let calls = try await tool.run(
            callsArguments(schema, root.appending(path: "calls")) + ["--prepared", prepared.path])
        try #require(calls.status != 0, "the selection fails the calls: \(calls.error)")
        #expect(types.status == 0, "\(types.error)")
        #expect(try !swiftFiles(root.appending(path: "types")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: prepared.appending(path: ".ron-codegen-prepared").path))
        #expect(calls.error.contains("nothing was written"))
    }

    /// With `--strict`, a warning the operations have fails the calls' run, not the types': the
    /// types' run reads again as a types-only run (which passes) and prepares nothing.
    @Test func withStrictTheOperationsWarningsFailTheCallsRunOnly() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        let description = """
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
             "paths": {"/things/{id}": {"get": {"operationId": "getThing",
               "parameters": [{"$ref": "#/components/parameters/Missing"}],
               "responses": {"200": {"description": "ok",
                 "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}}}}},
             "components": {"schemas": {"Thing": {"type": "object", "properties": {"id": {"type": "string"}}}}}}
            """
        try Data(description.utf8).write(to: schema.appending(path: "api.json"))
        let prepared = root.appending(path: "prepared")
        let alone = try await tool.run(typesArguments(schema, root.appending(path: "types-alone")) + ["--strict"])
        #expect(alone.status == 0, "\(alone.error)")
        let types = try await tool.run(
            typesArguments(schema, root.appending(path: "types"))
                + [
                    "--strict", "--prepare-calls", prepared.path, "--types-module", "Types", "--client-module",
                    "RonAppSdkSwift",
                ])
        #expect(types.status == 0, "\(types.error)")
        #expect(try swiftFiles(root.appending(path: "types")) == swiftFiles(root.appending(path: "types-alone")))
        #expect(!FileManager.default.fileExists(atPath: prepared.appending(path: ".ron-codegen-prepared").path))
        let calls = try await tool.run(
            callsArguments(schema, root.appending(path: "calls")) + ["--strict", "--prepared", prepared.path])
        #expect(calls.status != 0)
        #expect(calls.error.contains("components/parameters/Missing"), "\(calls.error)")
    }

    /// The calls in two parts (`--calls-parts A,B`): the types' run prepares every part's files and
    /// the front's, each part's run takes its run of the files alone and the front's run its one
    /// file; together they hold every call of the one-module run, each once.
    @Test func eachPartTakesItsRunOfTheFilesAndTheFrontItsCatalog() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        let prepared = root.appending(path: "prepared")
        let parts = ["--calls-parts", "A,B"]
        let types = try await tool.run(
            typesArguments(schema, root.appending(path: "types")) + parts + [
                "--prepare-calls", prepared.path, "--types-module", "Types", "--client-module", "RonAppSdkSwift",
            ])
        #expect(types.status == 0, "\(types.error)")
        var taken: [String: [String: String]] = [:]
        for (role, flags) in [
            ("A", ["--calls-part", "A"]), ("B", ["--calls-part", "B"]), ("front", ["--calls-front"]),
        ] {
            let output = root.appending(path: role)
            let run = try await tool.run(
                callsArguments(schema, output) + parts + flags + ["--prepared", prepared.path])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.error.isEmpty, "taken, not generated: \(run.error)")
            taken[role] = try swiftFiles(output)
        }
        // Runs of consecutive files: shards 0 and 1 in A, 2 and 3 in B.
        #expect(taken["A"].map { Set($0.keys) } == ["RonOperations.swift", "RonOperations+1.swift"])
        #expect(taken["B"].map { Set($0.keys) } == ["RonOperations+2.swift", "RonOperations+3.swift"])
        #expect(taken["front"].map { Set($0.keys) } == ["RonOperationsFront.swift"])
        // What a run of every part alone writes, file for file.
        #expect(try await tool.run(callsArguments(schema, root.appending(path: "all")) + parts).status == 0)
        let all = try swiftFiles(root.appending(path: "all"))
        #expect(all == taken.values.reduce(into: [:]) { $0.merge($1) { first, _ in first } })
        // Every call of the one-module run, each in one part; each part's share of the catalog and
        // its own copy of the security schemes; the front's catalog reads both shares.
        #expect(try await tool.run(callsArguments(schema, root.appending(path: "one"))).status == 0)
        func calls(_ files: [String: String]) -> [String] {
            files.values.flatMap { text in
                text.split(separator: "\n").filter { $0.hasPrefix("    public func ") }.map(String.init)
            }.sorted()
        }
        let one = try swiftFiles(root.appending(path: "one"))
        let inA = calls(taken["A"] ?? [:])
        let inB = calls(taken["B"] ?? [:])
        #expect(!inA.isEmpty && !inB.isEmpty)
        #expect((inA + inB).sorted() == calls(one))
        #expect(taken["A"]?["RonOperations.swift"]?.contains("public enum RonOperationCatalogPart1 {") == true)
        #expect(taken["B"]?["RonOperations+2.swift"]?.contains("public enum RonOperationCatalogPart2 {") == true)
        let front = taken["front"]?["RonOperationsFront.swift"] ?? ""
        #expect(front.contains("import A\nimport B\n"))
        #expect(front.contains("RonOperationCatalogPart1.append(to: &list)"))
        #expect(front.contains("RonOperationCatalogPart2.append(to: &list)"))
        #expect(!front.contains("public func "), "no call in the front")
    }

    @Test func thePartsOptionsSayWhatIsWrong() async throws {
        let root = try tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try schemaCopy(in: root)
        let output = root.appending(path: "out")
        for (flags, message) in [
            (["--calls-parts", "A"], "two or more different module names"),
            (["--calls-parts", "A,A"], "two or more different module names"),
            (["--calls-parts", "A,,B"], "module name 2 of 3 is empty"),
            (["--calls-parts", "A,B,C,D,E"], "--shards of at least its 5 modules"),
            (["--calls-parts", "A,B", "--calls-part", "C"], "--calls-part 'C' is not one of --calls-parts (A, B)"),
            (["--calls-front"], "go with --operations and --calls-parts"),
            (["--calls-parts", "A,B", "--calls-part", "A", "--calls-front"], "one or the other"),
        ] {
            let run = try await tool.run(callsArguments(schema, output) + flags)
            #expect(run.status == 64, "\(flags)")
            #expect(run.error.contains(message), "\(flags): \(run.error)")
        }
        let padded = try await tool.run(callsArguments(schema, output) + ["--leading-empty-files", "4"])
        #expect(padded.status == 64)
        #expect(padded.error.contains("--leading-empty-files 4 wants --shards above it"), "\(padded.error)")
        let tooMany = try await tool.run(callsArguments(schema, output) + ["--leading-empty-files", "65"])
        #expect(tooMany.status == 64)
        #expect(tooMany.error.contains("--leading-empty-files wants a whole number from 0 to 64"), "\(tooMany.error)")
        let types = try await tool.run(typesArguments(schema, output) + ["--calls-parts", "A,B"])
        #expect(types.status == 64)
        #expect(types.error.contains("--calls-parts goes with --operations or --prepare-calls"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing written")
    }
}
