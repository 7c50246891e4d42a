import Foundation
import RonGenerated
import RonTestSupport
import Testing

/// `ron drift --schema` and `ron fixtures record` against real servers nobody here wrote, each
/// checked against its own published description (see ``RealServer``): Kinto (Swagger 2.0 JSON,
/// basic credentials) and Jupyter Server (Swagger 2.0 YAML, a token). What they show: GET
/// operations called with identifiers taken from earlier answers, a values file giving the one
/// value no answer holds, `--unsafe` changing only what drift created, the tolerated verdict and
/// `--strict`, agreement with an independent judge (openapi-core), and fixtures written into
/// folders the fixture tests can read, with no secret in them.
///
/// The servers the read-only tests use are started once for the suite (a run of drift changes
/// nothing on them); the `--unsafe` test starts a Kinto of its own.
@Suite(
    "ron drift against real servers",
    .enabled(if: RonBinary.url != nil, "the ron executable is not built beside the tests"))
struct DriftRealServerTests {
    /// The servers of the read-only tests, started by the first test that needs each, and ended
    /// with this process (their standard input closes).
    private enum Shared {
        static let kinto = SharedServer { try await RealServer.kinto() }
        static let jupyter = SharedServer { try await RealServer.jupyter() }
    }

    /// Which server a parameterized test runs against.
    enum Kind: String, CaseIterable, Sendable {
        case kinto, jupyter

        func server() async throws -> RealServer {
            switch self {
            case .kinto: try await Shared.kinto.get()
            case .jupyter: try await Shared.jupyter.get()
            }
        }
    }

    /// What Kinto's launcher seeded.
    struct KintoSeeded: Decodable {
        var buckets: [String]
        var collections: [String: [String]]
        var records: [String: [String]]
        var groups: [String: [String]]
        var timestamps: [String: Int64]
    }

    /// One entry of `--format json`.
    struct Entry: Decodable {
        struct Problem: Decodable {
            var pointer: String
            var expected: String
            var got: String
        }
        struct Request: Decodable {
            var method: String
            var url: String
        }
        var operation: String
        var method: String
        var path: String
        var outcome: String
        var phase: String?
        var status: Int?
        var values: [String: String]?
        var pointer: String?
        var problems: [Problem]?
        var request: Request?
        var message: String?
    }

    /// A run of `ron drift --format json`.
    struct Run {
        var status: Int32
        var entries: [Entry]
        /// The JSON report (standard output).
        var report: String
        /// The summary and any message (standard error).
        var error: String

        func entry(_ operation: String) throws -> Entry {
            try #require(entries.first { $0.operation == operation }, "no entry for \(operation): \(error)")
        }
    }

    // MARK: Helpers

    /// A scratch folder holding `Schema/` with the server's own description, fetched from it.
    private func schemaFolder(_ server: RealServer) async throws -> URL {
        let answer = try await HTTPExchange.send(server.descriptionURL, headers: server.headers)
        try #require(answer.status == 200, "\(server.descriptionURL): \(answer.status)")
        let folder = try makeScratchFolder("ron-drift-\(server.name)")
        let schema = folder.appending(path: "Schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        let name = server.descriptionURL.pathExtension == "yaml" ? "\(server.name).yaml" : "\(server.name).json"
        try answer.body.write(to: schema.appending(path: name))
        return folder
    }

    /// The description file inside `folder`'s `Schema/`.
    private func descriptionFile(in folder: URL) throws -> URL {
        let schema = folder.appending(path: "Schema")
        let name = try #require(try fileNames(in: schema).first)
        return schema.appending(path: name)
    }

    /// The options that give `server`'s credentials and token.
    private func credentialOptions(_ server: RealServer) -> [String] {
        var options: [String] = []
        for (scheme, value) in server.credentials.sorted(by: { $0.key < $1.key }) {
            options += ["--credential", "\(scheme)=\(value)"]
        }
        if let token = server.token { options += ["--token", token] }
        return options
    }

    /// `ron drift --format json` over the description in `folder` against `server`.
    private func drift(_ server: RealServer, _ folder: URL, _ more: [String] = []) async throws -> Run {
        let result = try await RonBinary.run(
            [
                "drift", "--format", "json", "--schema", folder.appending(path: "Schema").path,
                "--base", server.baseURL.absoluteString,
            ] + credentialOptions(server) + more)
        let entries = (try? JSONDecoder().decode([Entry].self, from: Data(result.output.utf8))) ?? []
        return Run(status: result.status, entries: entries, report: result.output, error: result.error)
    }

    /// The path parameters of a template (`bucket_id` and `id` of `/buckets/{bucket_id}/groups/{id}`).
    private func pathParameters(_ template: String) -> [String] {
        template.split(separator: "{").dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }
    }

    /// `GET <path>` on Kinto with its admin's basic credentials: status and decoded JSON.
    private func kintoGet(_ server: RealServer, _ path: String) async throws -> (status: Int, json: [String: Any]) {
        let pair = try #require(server.credentials["basicauth"])
        let answer = try await HTTPExchange.send(
            server.baseURL.appending(path: path),
            headers: ["Authorization": "Basic " + Data(pair.utf8).base64EncodedString()])
        return (answer.status, answer.jsonObject ?? [:])
    }

    /// The `id`s of the items of a Kinto list.
    private func kintoIds(_ server: RealServer, _ path: String) async throws -> Set<String> {
        let (status, json) = try await kintoGet(server, path)
        #expect(status == 200, "GET \(path): \(status)")
        let items = json["data"] as? [[String: Any]] ?? []
        return Set(items.compactMap { $0["id"] as? String })
    }

    /// Every file below `folder`, as paths relative to it.
    private func files(below folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appending(path: path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// Whether `value` (decoded JSON) has the outer form `shape` says: a list an array, a map an
    /// object, a string a string, each element and member in turn.
    private func fits(_ value: Any, _ shape: RonFixtureShape) -> Bool {
        switch shape {
        case .list(let element):
            guard let items = value as? [Any] else { return false }
            return items.allSatisfy { fits($0, element) }
        case .map(let member):
            guard let members = value as? [String: Any] else { return false }
            return members.values.allSatisfy { fits($0, member) }
        case .scalar(.string): return value is String
        case .scalar, .named: return true
        }
    }

    /// The element or member shape at the bottom of a list or map (`Gadget` of `Gadget.list.map`).
    private func innermost(_ shape: RonFixtureShape) -> RonFixtureShape {
        switch shape {
        case .list(let inner), .map(let inner): innermost(inner)
        case .named, .scalar: shape
        }
    }

    /// Whether `name` is a Swift identifier, as a generated type's name is.
    private func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    // MARK: Kinto

    @Test func kintoGETsAreCalledWithIdsFromEarlierAnswersAndItsPermissionsListDrifts() async throws {
        let kinto = try await Shared.kinto.get()
        let folder = try await schemaFolder(kinto)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await drift(kinto, folder)
        #expect(run.status == 1, "the drift of get_permissionss: \(run.error)")
        let gets = run.entries.filter { $0.method == "GET" }
        let called = gets.filter { $0.outcome != "skipped" }
        #expect(gets.count >= 15, "\(run.error)")
        #expect(Double(called.count) >= 0.9 * Double(gets.count), "\(called.count) of \(gets.count): \(run.error)")
        #expect(run.error.contains("drift: \(gets.count) GET operations: \(called.count) called"), "\(run.error)")
        // Without --unsafe nothing else is called.
        #expect(run.entries.filter { $0.method != "GET" }.allSatisfy { $0.outcome == "skipped" })
        // Entries come in call order: every path value of a GET came from an answer called before it.
        for (index, entry) in run.entries.enumerated() where entry.method == "GET" && entry.outcome != "skipped" {
            for parameter in pathParameters(entry.path) {
                let source = entry.values?[parameter] ?? "nowhere"
                let operation = source.split(separator: " ").first.map(String.init) ?? ""
                #expect(
                    run.entries[..<index].contains { $0.operation == operation && $0.outcome != "skipped" },
                    "\(entry.operation) {\(parameter)} came from '\(source)', not an earlier answer")
            }
        }
        let record = try run.entry("get_record")
        #expect(record.outcome == "ok", "\(record)")
        #expect(record.values?["id"]?.hasPrefix("get_records ") == true, "\(String(describing: record.values))")
        #expect(record.values?["collection_id"]?.hasPrefix("get_collections ") == true)
        // Kinto's known drift: a permission entry of a bucket has no bucket_id, which its description requires.
        let permissions = try run.entry("get_permissionss")
        #expect(permissions.outcome == "drift", "\(permissions)")
        #expect(permissions.pointer?.hasSuffix("/bucket_id") == true, "\(String(describing: permissions.pointer))")
        #expect(permissions.problems?.contains { $0.pointer.hasSuffix("/bucket_id") } == true)
    }

    @Test func kintoValuesFileGivesTheOneMissingValue() async throws {
        let kinto = try await Shared.kinto.get()
        let seeded = try kinto.seeded(as: KintoSeeded.self)
        let timestamp = try #require(seeded.timestamps.values.max())
        let folder = try await schemaFolder(kinto)
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = folder.appending(path: "drift-values.json")
        // Without it, the history snapshot has no {timestamp}: no answer lists one.
        let before = try await drift(kinto, folder)
        let skipped = try before.entry("get_history_snapshot")
        #expect(skipped.outcome == "skipped")
        #expect(skipped.message?.contains("{timestamp}") == true, "\(String(describing: skipped.message))")

        // drift-values.json beside the Schema folder is read without an option.
        try Data(#"{"operations": {"get_history_snapshot": {"timestamp": \#(timestamp)}}}"#.utf8).write(to: values)
        let run = try await drift(kinto, folder)
        let gets = run.entries.filter { $0.method == "GET" }
        #expect(!gets.isEmpty)
        #expect(gets.allSatisfy { $0.outcome != "skipped" }, "\(run.error)")
        #expect(run.error.contains("drift: \(gets.count) GET operations: \(gets.count) called"), "\(run.error)")
        let snapshot = try run.entry("get_history_snapshot")
        #expect(snapshot.outcome == "ok", "\(snapshot)")
        #expect(snapshot.status == 200)
        #expect(snapshot.values?["timestamp"] == "drift-values.json")
        #expect(snapshot.request?.url.hasSuffix("@\(timestamp)") == true, "\(String(describing: snapshot.request))")

        // A values file that is not an object, or that names an operation the schema does not
        // have, is a usage error naming the file: beside the schema and given with --values.
        let other = folder.appending(path: "other-values.json")
        let refused = [
            ("[1]", "must be an object"),
            (#"{"operations": {"no_such_operation": {"timestamp": 1}}}"#, "no_such_operation"),
        ]
        for (text, says) in refused {
            try Data(text.utf8).write(to: values)
            let beside = try await drift(kinto, folder)
            #expect(beside.status == 64, "\(text): \(beside.error)")
            #expect(beside.error.contains(values.path), "\(text): \(beside.error)")
            #expect(beside.error.contains(says), "\(text): \(beside.error)")
            try FileManager.default.removeItem(at: values)
            try Data(text.utf8).write(to: other)
            let given = try await drift(kinto, folder, ["--values", other.path])
            #expect(given.status == 64, "\(text): \(given.error)")
            #expect(given.error.contains(other.path), "\(text): \(given.error)")
            #expect(given.error.contains(says), "\(text): \(given.error)")
        }
    }

    @Test func kintoUnsafeChangesOnlyWhatDriftCreated() async throws {
        // A server of its own: this run changes it.
        let kinto = try await RealServer.kinto()
        defer { kinto.stop() }
        let seeded = try kinto.seeded(as: KintoSeeded.self)
        let folder = try await schemaFolder(kinto)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await drift(kinto, folder, ["--unsafe"])
        #expect(!run.entries.isEmpty, "\(run.error)")
        // Creates are called, in their own phase.
        for operation in ["create_bucket", "create_collection", "create_record"] {
            let created = try run.entry(operation)
            #expect(created.phase == "create", "\(created)")
            #expect(created.outcome == "ok", "\(created)")
            #expect(created.status == 201, "\(created)")
        }
        // Updates and deletes run on items drift created, and on nothing else.
        let changes = run.entries.filter { ($0.phase == "update" || $0.phase == "delete") }
        for entry in changes {
            let item = try #require(pathParameters(entry.path).last, "\(entry.operation) names no item")
            #expect(
                entry.values?[item] == "created by drift", "\(entry.operation): \(String(describing: entry.values))")
        }
        let updates = changes.filter { $0.phase == "update" && $0.outcome == "ok" }
        #expect(updates.contains { $0.operation == "update_bucket" && $0.method == "PUT" }, "\(run.error)")
        let deletes = changes.filter { $0.phase == "delete" && $0.outcome == "ok" }
        #expect(deletes.allSatisfy { $0.method == "DELETE" })
        let deletedBucket = try #require(deletes.first { $0.operation == "delete_bucket" }, "\(run.error)")
        #expect(deletes.contains { $0.operation == "delete_record" })
        // DELETE /buckets would delete every bucket: a collection drift did not create.
        let all = try run.entry("delete_buckets")
        #expect(all.outcome == "skipped")
        #expect(all.message?.contains("did not create") == true, "\(String(describing: all.message))")

        // What drift created is gone; what the server had is all there.
        let url = try #require(deletedBucket.request?.url)
        #expect(try await kintoGet(kinto, url).status != 200, "\(url) is still there")
        #expect(try await kintoIds(kinto, "/v1/buckets") == Set(seeded.buckets))
        for bucket in seeded.buckets {
            #expect(try await kintoGet(kinto, "/v1/buckets/\(bucket)").status == 200, "\(bucket)")
            let collections = seeded.collections[bucket] ?? []
            #expect(try await kintoIds(kinto, "/v1/buckets/\(bucket)/collections") == Set(collections))
            #expect(try await kintoIds(kinto, "/v1/buckets/\(bucket)/groups") == Set(seeded.groups[bucket] ?? []))
            for collection in collections {
                let records = try await kintoIds(kinto, "/v1/buckets/\(bucket)/collections/\(collection)/records")
                #expect(records == Set(seeded.records["\(bucket)/\(collection)"] ?? []), "\(bucket)/\(collection)")
            }
        }
    }

    // MARK: Jupyter

    @Test func jupyterNullIdentityIsToleratedAndStrictFailsOnIt() async throws {
        let jupyter = try await Shared.jupyter.get()
        let folder = try await schemaFolder(jupyter)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await drift(jupyter, folder)
        let me = try run.entry("getApiMe")
        #expect(me.outcome == "tolerated", "\(me)")
        #expect(me.status == 200)
        let problems = me.problems ?? []
        #expect(!problems.isEmpty)
        #expect(
            problems.allSatisfy { $0.pointer.hasPrefix("/identity/") && $0.expected.contains("not null") },
            "\(problems)")
        #expect(problems.contains { $0.got == "null" })
        // A tolerated answer does not set the exit status; a drifted one or a failed call does.
        let expected: Int32 =
            run.entries.contains { $0.outcome == "drift" } ? 1 : run.entries.contains { $0.outcome == "failed" } ? 2 : 0
        #expect(run.status == expected, "\(run.error)")
        let strictRun = try await drift(jupyter, folder, ["--strict"])
        #expect(strictRun.status == 1)
        // getApiMe alone: 0 without --strict, 1 with it, still tolerated.
        let alone = try await drift(jupyter, folder, ["--operation", "getApiMe"])
        #expect(alone.status == 0, "\(alone.error)")
        #expect(try alone.entry("getApiMe").outcome == "tolerated")
        let strict = try await drift(jupyter, folder, ["--operation", "getApiMe", "--strict"])
        #expect(strict.status == 1, "\(strict.error)")
        #expect(try strict.entry("getApiMe").outcome == "tolerated")
    }

    // MARK: Both

    @Test(arguments: Kind.allCases)
    func anIndependentJudgeAgreesWithEveryVerdict(_ kind: Kind) async throws {
        let server = try await kind.server()
        let folder = try await schemaFolder(server)
        defer { try? FileManager.default.removeItem(at: folder) }
        let exchanges = folder.appending(path: "exchanges.jsonl")
        let run = try await drift(server, folder, ["--exchanges", exchanges.path])
        let judged = run.entries.filter { ["ok", "drift", "tolerated"].contains($0.outcome) }
        #expect(judged.count >= 10, "\(run.error)")
        let report = folder.appending(path: "report.json")
        try Data(run.report.utf8).write(to: report)
        let written = try String(contentsOf: exchanges, encoding: .utf8)
        #expect(written.split(separator: "\n").count >= judged.count)
        for secret in server.secrets {
            #expect(!written.contains(secret), "the exchanges hold a credential of \(kind)")
        }

        let judge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Servers/openapi_judge.py")
        let verdict = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", judge.path, "--description", try descriptionFile(in: folder).path,
                "--exchanges", exchanges.path, "--compare", report.path,
            ])
        if verdict.status == 3, verdict.output.hasPrefix("missing:") {
            Issue.record(
                """
                openapi-core is not available (\(verdict.output.trimmingCharacters(in: .whitespacesAndNewlines))); \
                install it with `python3 -m pip install openapi-core pyyaml`
                """)
            return
        }
        #expect(verdict.status == 0, "the judge disagrees with drift on \(kind):\n\(verdict.error)")
        #expect(verdict.error.contains("\(judged.count) operations compared, 0 disagreements"), "\(verdict.error)")
    }

    @Test(arguments: Kind.allCases)
    func recordedFixturesLandInReadableFoldersWithoutSecrets(_ kind: Kind) async throws {
        let server = try await kind.server()
        let folder = try await schemaFolder(server)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appending(path: "Fixtures")
        let result = try await RonBinary.run(
            [
                "fixtures", "record", "--schema", folder.appending(path: "Schema").path,
                "--base", server.baseURL.absoluteString, "--output", output.path,
            ] + credentialOptions(server))
        // Both servers have an answer that drifts (1); none is left unwritten for want of a folder (3).
        #expect(result.status == 1, "\(result.output)\(result.error)")
        let written = files(below: output)
        #expect(written.count >= 8, "\(result.output)\(result.error)")
        let said = result.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }
            .map { String($0.dropFirst("wrote Fixtures/".count)) }
        #expect(Set(said) == Set(written), "\(result.output)")
        for file in written {
            let parts = file.split(separator: "/").map(String.init)
            try #require(parts.count == 2, "\(file) is not Fixtures/<folder>/<name>.json")
            #expect(parts[1].hasPrefix("recorded_") && parts[1].hasSuffix(".json"), "\(file)")
            let shape = try #require(RonFixtureShape(folderName: parts[0]), "\(parts[0]): \(RonFixtureShape.grammar)")
            #expect(shape.folderName == parts[0])
            if case .named(let name) = innermost(shape) { #expect(isIdentifier(name), "\(parts[0])") }
            let data = try Data(contentsOf: output.appending(path: file))
            let json = try #require(
                try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed), "\(file)")
            #expect(fits(json, shape), "\(file) is not a \(shape)")
            let text = String(decoding: data, as: UTF8.self)
            for secret in server.secrets {
                #expect(!text.contains(secret), "\(file) holds a credential of \(kind)")
            }
        }
        switch kind {
        case .kinto:
            // The drifted answer is named, not written.
            #expect(result.error.contains("get_permissionss: the answer drifted"), "\(result.error)")
            #expect(!written.contains { $0.contains("recorded_get_permissionss") })
            #expect(written.contains { $0.hasSuffix("/recorded_get_record.json") })
        case .jupyter:
            // A tolerated answer is written.
            #expect(written.contains("GetApiMeResponse/recorded_getApiMe.json"), "\(written)")
        }
    }
}
