import Foundation
import RonTestSupport
import Testing

@testable import RonCodegenCore

/// What a run says it made of the documents (`GenerationSummary`): operations declared and
/// generated, types, places kept as any JSON and skipped; and the runs it fails.
@Suite("The summary of a run")
struct GenerationSummaryTests {
    /// Four operations declared: `GET /a` and `POST /a` generate; `GET /b` answers with a response
    /// `$ref` to nothing and `/c` is a path item `$ref` to a file not at hand (one operation), so
    /// both are left out. A parameter `in: body` is skipped; a schema `$ref` to a document not at
    /// hand is kept as any JSON.
    static let lenient = ##"""
        {"openapi": "3.0.3", "info": {"title": "Lenient", "version": "1"},
         "paths": {
           "/a": {
             "get": {"operationId": "getA", "parameters": [{"name": "x", "in": "body", "schema": {"type": "string"}}],
                     "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}}},
             "post": {"operationId": "postA", "responses": {"204": {"description": ""}}}
           },
           "/b": {"get": {"operationId": "getB", "responses": {"200": {"$ref": "#/components/responses/Gone"}}}},
           "/c": {"$ref": "parts/missing.yaml"},
           "x-internal": {"get": {"operationId": "notAnOperation"}}
         },
         "components": {"schemas": {
           "Item": {"type": "object", "properties": {"name": {"type": "string"}, "extra": {"$ref": "other.json"}}}
         }}}
        """##

    /// A description none of whose operations can be generated.
    static let hopeless = ##"""
        {"openapi": "3.0.3", "info": {"title": "Hopeless", "version": "1"},
         "paths": {"/v2/droplets": {"get": {"$ref": "resources/droplets/droplets_list.yml"},
                                    "post": {"$ref": "resources/droplets/droplets_create.yml"}},
                   "/v2/account": {"$ref": "resources/account/account.yml"}},
         "components": {"schemas": {"Thing": {"type": "object", "properties": {"id": {"type": "string"}}}}}}
        """##

    private func summarize(_ documents: [(path: String, text: String)]) throws -> GenerationSummary {
        try CodeGenerator().modelAndSummary(documents: documents).summary
    }

    @Test func theCountsOfADescriptionThatLeavesSomethingOut() throws {
        let summary = try summarize([("api.json", Self.lenient)])
        #expect(summary.readsOperations)
        #expect(summary.documents == [.init(path: "api.json", declared: 4, generated: 2)])
        #expect(summary.declaredOperations == 4 && summary.generatedOperations == 2)
        #expect(summary.leftOutOperations == 2)
        #expect(summary.types == 1)
        #expect(summary.operationNotes.map(\.pointer) == ["/paths/~1c/$ref", "/paths/~1b/get/responses/200/$ref"])
        #expect(summary.anyJSON.map(\.pointer) == ["/components/schemas/Item/properties/extra/$ref"])
        #expect(summary.leftOut.map(\.pointer) == ["/paths/~1a/get/parameters/0/in"], "\(summary.leftOut)")
        #expect(summary.leavesOut)
        // One in four is left out: no document is without operations, and no share is set.
        #expect(summary.failure == nil)
    }

    @Test func aDescriptionGeneratedWholeLeavesNothingOut() throws {
        let summary = try summarize([("api.json", GenerationConfigurationTests.api)])
        #expect(summary.declaredOperations == 4 && summary.generatedOperations == 4)
        #expect(summary.types == 7)
        #expect(!summary.leavesOut)
        #expect(summary.failure == nil)
    }

    @Test func aDocumentThatDeclaresOperationsAndGeneratesNoneFails() throws {
        let summary = try summarize([("api.json", Self.hopeless)])
        #expect(summary.documents == [.init(path: "api.json", declared: 3, generated: 0)])
        #expect(summary.documentsWithoutOperations.map(\.path) == ["api.json"])
        #expect(summary.failure == "no operation of api.json is generated (it declares 3)")
        // A types-only run does not read the operations: it is not judged by them.
        var generator = CodeGenerator()
        generator.readsOperations = false
        let typesOnly = try generator.modelAndSummary(documents: [("api.json", Self.hopeless)]).summary
        #expect(typesOnly.failure == nil)
        #expect(typesOnly.leftOutOperations == 0 && typesOnly.declaredOperations == 3)
        // `maxLeftOut: 1` accepts even that.
        let anything = try summarize([("api.json", Self.hopeless), ("ron-codegen.json", #"{"maxLeftOut": 1}"#)])
        #expect(anything.failure == nil)
    }

    @Test func maxLeftOutIsTheShareOfDeclaredOperationsARunMayLeaveOut() throws {
        // Two of four left out: 50 %.
        let strict = try summarize([("api.json", Self.lenient), ("ron-codegen.json", #"{"maxLeftOut": 0.05}"#)])
        #expect(strict.maxLeftOut == 0.05)
        #expect(
            strict.failure
                == "2 of 4 operations left out (50 %), more than maxLeftOut in ron-codegen.json allows (5 %)")
        let half = try summarize([("api.json", Self.lenient), ("ron-codegen.json", #"{"maxLeftOut": 0.5}"#)])
        #expect(half.failure == nil, "as many as allowed is not more")
        let zero = try summarize([
            ("api.json", GenerationConfigurationTests.api), ("ron-codegen.json", #"{"maxLeftOut": 0}"#),
        ])
        #expect(zero.failure == nil, "nothing left out")
        // Operations ron-codegen.json does not keep are not left out.
        let kept = try summarize([
            ("api.json", GenerationConfigurationTests.api),
            ("ron-codegen.json", #"{"operations": ["getPet"], "maxLeftOut": 0}"#),
        ])
        #expect(kept.keptOperations == 1 && kept.leftOutOperations == 0 && kept.failure == nil)
    }

    @Test func aBadMaxLeftOutIsALocatedError() {
        for text in [
            #"{"maxLeftOut": "5%"}"#, #"{"maxLeftOut": 5}"#, #"{"maxLeftOut": -0.1}"#, #"{"maxLeftOut": true}"#,
        ] {
            let error = #expect(throws: CodegenError.self) {
                try CodeGenerator().model(documents: [("api.json", Self.lenient), ("ron-codegen.json", text)])
            }
            #expect(error?.file == "ron-codegen.json", "\(text)")
            #expect(error?.pointer == "/maxLeftOut", "\(text)")
            #expect(error?.message.contains("a number from 0 to 1") == true, "\(text)")
        }
    }

    @Test func notesAreSortedByWhatTheyDid() {
        func kind(_ message: String) -> GenerationSummary.NoteKind {
            GenerationSummary.kind(of: CodegenError(file: "a.json", pointer: "", message: message))
        }
        #expect(kind("x; the operation GET /a is not generated") == .operationLeftOut)
        #expect(kind("x; the operations of '/a' are not generated") == .operationLeftOut)
        #expect(kind("a path item must be an object: its operations are not generated") == .operationLeftOut)
        #expect(
            kind("$ref 'o.json' names 'o.json', …, so the value is kept as any JSON (JSONValue); …") == .keptAsAnyJSON)
        #expect(kind("x; the parameter is left out") == .leftOut)
        #expect(kind("unknown keyword 'y' here: ignored") == .leftOut)
        #expect(kind("the document is empty: nothing is generated from it") == .leftOut)
        #expect(kind("a path parameter must be required (OpenAPI says so): read as required") == .nearestForm)
    }

    // MARK: - The command line

    /// Writes `files` into a new folder; returns it.
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "ron-summary-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        let tool = try #require(ChildProcess.builtExecutable("ron-codegen"), "ron-codegen is not built")
        return try await ChildProcess.run(tool, arguments)
    }

    @Test func theToolPrintsTheSummaryInTheCompilersWarningFormWhenSomethingIsLeftOut() async throws {
        let root = try folder(["Schema/api.json": Self.lenient])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        let output = root.appending(path: "out")
        let result = try await run(["--schema", schema.path, "--output", output.path, "--with-operations"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.error.split(separator: "\n").map(String.init)
        let document = schema.appending(path: "api.json").path
        #expect(
            lines.contains(
                "\(document): warning: ron-codegen: 2 of 4 operations generated (2 left out), 1 type generated, 1 kept as any JSON, 1 place skipped"
            ), "\(result.error)")
        let operations = try #require(lines.first { $0.hasPrefix("\(document): note: 2 operations left out: ") })
        #expect(operations.contains("api.json at /paths/~1c/$ref: $ref 'parts/missing.yaml'"))
        #expect(operations.contains("every one is a warning above; `ron-codegen calls --schema "))
        #expect(lines.contains { $0.hasPrefix("\(document): note: 1 place kept as any JSON: ") })
        #expect(
            lines.contains {
                $0.hasPrefix("\(document): note: 1 place skipped: api.json at /paths/~1a/get/parameters/0/in: ")
            })
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "RonOperations.swift").path))
        // --check prints it too.
        let check = try await run(["--schema", schema.path, "--output", output.path, "--with-operations", "--check"])
        #expect(check.status == 0, "\(check.error)")
        #expect(check.error.contains("\(document): warning: ron-codegen: 2 of 4 operations generated"))
        // So does calls, after the listing (which stays alone on standard output).
        let calls = try await run(["calls", "--schema", schema.path])
        #expect(calls.status == 0, "\(calls.error)")
        #expect(calls.output.hasPrefix("call  RonClient."))
        #expect(!calls.output.contains("ron-codegen:"))
        #expect(calls.error.contains("\(document): warning: ron-codegen: 2 of 4 operations generated"))
        #expect(calls.error.contains("ron-codegen calls --schema \(schema.path) --warnings"))
        #expect(!calls.error.contains("warning: \(document): at "), "the warnings only with --warnings")
        let warnings = try await run(["calls", "--schema", schema.path, "--warnings"])
        #expect(warnings.error.contains("warning: \(document): at /paths/~1c/$ref: "))
    }

    @Test func theToolPrintsAPlainNoteWhenNothingIsLeftOut() async throws {
        let root = try folder(["api.json": GenerationConfigurationTests.api])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run([
            "--schema", root.path, "--output", root.appending(path: "out").path, "--with-operations",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "note: ron-codegen: 4 of 4 operations generated, 7 types generated, nothing left out\n")
        let types = try await run(["--schema", root.path, "--output", root.appending(path: "types").path])
        #expect(
            types.error
                == "note: ron-codegen: 4 operations declared, not read (types only), 7 types generated, nothing left out\n"
        )
    }

    @Test func aRunThatGeneratesNoOperationOfADocumentFailsAndWritesNothing() async throws {
        let root = try folder(["Schema/api.json": Self.hopeless])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        let output = root.appending(path: "out")
        let result = try await run(["--schema", schema.path, "--output", output.path, "--with-operations"])
        #expect(result.status == 1)
        let document = schema.appending(path: "api.json").path
        #expect(
            result.error.contains(
                "\(document): error: ron-codegen: 0 of 3 operations generated (3 left out), 1 type generated; fails: no operation of api.json is generated (it declares 3)"
            ), "\(result.error)")
        #expect(
            result.error.contains(
                "\(document): note: 3 operations left out: api.json at /paths/~1v2~1droplets/get/$ref: "))
        #expect(
            result.error.hasSuffix(
                "error: no operation of api.json is generated (it declares 3): nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
        // The types alone are generated: the operations are not asked for.
        #expect(try await run(["--schema", schema.path, "--output", output.path]).status == 0)
        // calls lists what there is, and fails as generation would.
        #expect(try await run(["calls", "--schema", schema.path]).status == 1)
    }

    @Test func maxLeftOutFailsTheToolWhenMoreIsLeftOut() async throws {
        let root = try folder([
            "Schema/api.json": Self.lenient, "Schema/ron-codegen.json": #"{"maxLeftOut": 0.25}"#,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        let result = try await run([
            "--schema", schema.path, "--output", root.appending(path: "out").path, "--with-operations",
        ])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "error: ron-codegen: 2 of 4 operations generated (2 left out), 1 type generated, 1 kept as any JSON, 1 place skipped; fails: 2 of 4 operations left out (50 %), more than maxLeftOut in ron-codegen.json allows (25 %)"
            ), "\(result.error)")
    }

    @Test func strictStillMakesEveryWarningAnError() async throws {
        let root = try folder(["Schema/api.json": Self.lenient])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = root.appending(path: "Schema")
        let result = try await run([
            "--schema", schema.path, "--output", root.appending(path: "out").path, "--with-operations", "--strict",
        ])
        #expect(result.status == 1)
        #expect(result.error.contains("error: \(schema.appending(path: "api.json").path): at /paths/~1c/$ref: "))
        #expect(result.error.contains("api.json: error: ron-codegen: 2 of 4 operations generated"))
        #expect(result.error.hasSuffix("warning(s) with --strict: nothing was written\n"))
    }
}
