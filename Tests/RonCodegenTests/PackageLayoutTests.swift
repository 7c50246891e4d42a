import Foundation
import RonCommandLine
import RonTestSupport
import Testing

/// How the tools find a target's schema and fixtures when a command plugin runs them
/// (`--package-targets`): the package's targets as the plugin writes them, read by the build
/// plugin's rule (which target holds the schema, which get its calls, which are parts and a front).
@Suite("PackageLayout: the schema and fixtures of the target a command names")
struct PackageLayoutTests {
    /// A package on disk: `ShopTypes` (Schema/), `Shop` (its calls: depends on it and sees the
    /// client), `Tests/ShopTests/Fixtures`, and what a command plugin writes of it.
    struct Package {
        /// The temporary folder the package is in.
        var top: URL
        var root: URL
        var targetsFile: URL

        /// `targets`: name, whether it has a `Schema/`, the names it depends on, whether it sees
        /// the client, the first line of its one Swift file.
        init(
            _ targets: [(name: String, schema: Bool, dependencies: [String], client: Bool, head: String)],
            folder: String = "Shop"
        ) throws {
            top = FileManager.default.temporaryDirectory.appending(path: "ron-layout-\(UUID().uuidString)")
            root = top.appending(path: folder)
            var entries: [[String: Any]] = []
            for target in targets {
                let folder = root.appending(path: "Sources/\(target.name)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                if target.schema {
                    try FileManager.default.createDirectory(
                        at: folder.appending(path: "Schema"), withIntermediateDirectories: true)
                }
                let file = folder.appending(path: "\(target.name).swift")
                try Data("\(target.head)\n".utf8).write(to: file)
                entries.append([
                    "name": target.name, "id": "pkg.\(target.name)", "folder": folder.path,
                    "dependencies": target.dependencies.map { "pkg.\($0)" }, "seesClient": target.client,
                    "swiftFiles": [file.path],
                ])
            }
            targetsFile = root.appending(path: "package-targets.json")
            try JSONSerialization.data(withJSONObject: ["folder": root.path, "targets": entries]).write(to: targetsFile)
        }

        /// Makes `path` (below the package) a folder.
        func folder(_ path: String) throws -> URL {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url.standardizedFileURL
        }

        func remove() { try? FileManager.default.removeItem(at: top) }

        func path(_ relative: String) -> String { root.appending(path: relative).standardizedFileURL.path }
    }

    static let split: [(name: String, schema: Bool, dependencies: [String], client: Bool, head: String)] = [
        ("ShopTypes", true, [], false, "import RonGenerated"),
        ("Shop", false, ["ShopTypes"], true, "import RonAppSdkSwift"),
    ]

    @Test("a target of calls reads its types target's schema, and its tests' fixtures")
    func callsTargetReadsTheTypesSchema() throws {
        let package = try Package(Self.split)
        defer { package.remove() }
        let fixtures = try package.folder("Tests/ShopTests/Fixtures")
        let expanded = try PackageLayout.expand(
            ["--package-targets", package.targetsFile.path, "--target", "Shop", "--strict"], command: "verify",
            fixtures: .read)
        #expect(
            expanded == ["--strict", "--schema", package.path("Sources/ShopTypes/Schema"), "--fixtures", fixtures.path])
        let layout = try PackageLayout.find(
            in: try PackageTargets.read(package.targetsFile), target: "Shop", schema: nil, fixtures: nil)
        #expect(layout.target == "ShopTypes")
        #expect(layout.callsTarget == "Shop")
    }

    @Test("without --target: the one target with a Schema/; without fixtures, the first place looked to write")
    func theOneSchemaAndTheFixturesToWrite() throws {
        let package = try Package(Self.split)
        defer { package.remove() }
        let expanded = try PackageLayout.expand(
            ["--base", "http://127.0.0.1:9", "--package-targets=\(package.targetsFile.path)"],
            command: "fixtures record", fixturesOption: "output", fixtures: .write)
        #expect(
            expanded == [
                "--base", "http://127.0.0.1:9", "--schema", package.path("Sources/ShopTypes/Schema"), "--output",
                package.path("Tests/ShopTypesTests/Fixtures"),
            ])
    }

    @Test("a folder given wins, under the tool's own name for it; the last of an option counts")
    func givenFoldersWin() throws {
        let package = try Package(Self.split)
        defer { package.remove() }
        let other = try package.folder("Other/Schema")
        let expanded = try PackageLayout.expand(
            [
                "--package-targets", package.targetsFile.path, "--new", "nowhere", "--new=Other/Schema",
                "--fixtures", "Elsewhere",
            ], command: "diff", schemaOption: "new", fixtures: .read)
        // The fixtures folder given does not exist: none is passed on.
        #expect(expanded == ["--new", other.path])
    }

    @Test("the package's own Schema/ when no target has one, in a folder with spaces in its name")
    func thePackagesSchemaInAFolderWithSpaces() throws {
        let package = try Package([("App", false, [], true, "import RonAppSdkSwift")], folder: "My Projects/Shop Front")
        defer { package.remove() }
        let schema = try package.folder("Schema")
        let fixtures = try package.folder("Fixtures")
        let expanded = try PackageLayout.expand(
            ["--package-targets", package.targetsFile.path], command: "mock", fixtures: .read)
        #expect(expanded == ["--schema", schema.path, "--fixtures", fixtures.path])
        #expect(schema.path.contains("My Projects/Shop Front/Schema"))
    }

    @Test("without --package-targets the arguments are the tool's own, untouched")
    func noPackageTargets() throws {
        let arguments = ["--schema", "S", "--target", "T", "--fixtures", "F"]
        #expect(try PackageLayout.expand(arguments, command: "verify", fixtures: .read) == arguments)
    }

    @Test("the front of parts of the calls reads the types' schema; a part is found by its mark")
    func partsAndFront() throws {
        let mark = "// ron-codegen: a part of the calls"
        let package = try Package([
            ("ShopTypes", true, [], false, "import RonGenerated"),
            ("ShopCallsB", false, ["ShopTypes"], true, mark),
            ("ShopCallsA", false, ["ShopTypes"], true, mark),
            ("Shop", false, ["ShopCallsA", "ShopCallsB"], true, "@_exported import ShopCallsA"),
        ])
        defer { package.remove() }
        let fixtures = try package.folder("Tests/ShopTests/Fixtures")
        let targets = try PackageTargets.read(package.targetsFile)
        let front = try PackageLayout.find(in: targets, target: "Shop", schema: nil, fixtures: nil)
        #expect(front.schema.path == package.path("Sources/ShopTypes/Schema"))
        #expect(front.callsTarget == "Shop")
        // From the types target, the fixtures of the front's tests (the target a user imports).
        let types = try PackageLayout.find(in: targets, target: "ShopTypes", schema: nil, fixtures: nil)
        #expect(types.fixtures?.path == fixtures.path)
    }

    @Test("what names nothing that exists is said, with what does")
    func failures() throws {
        let package = try Package(Self.split + [("Admin", true, [], false, "")])
        defer { package.remove() }
        let targets = try PackageTargets.read(package.targetsFile)
        #expect(throws: PackageLayout.Failure.self) {
            try PackageLayout.find(in: targets, target: nil, schema: nil, fixtures: nil)
        }
        do {
            _ = try PackageLayout.find(in: targets, target: nil, schema: nil, fixtures: nil)
        } catch {
            #expect("\(error)" == "several targets have a Schema/ folder (Admin, ShopTypes): pass --target NAME")
        }
        do {
            _ = try PackageLayout.find(in: targets, target: "Shoop", schema: nil, fixtures: nil)
            Issue.record("an unknown target was accepted")
        } catch {
            #expect("\(error)" == "no target 'Shoop' in \(package.root.path) (targets: Admin, Shop, ShopTypes)")
        }
        do {
            _ = try PackageLayout.expand(
                ["--package-targets", package.targetsFile.path, "--target"], command: "verify", fixtures: .read)
            Issue.record("--target without a value was accepted")
        } catch {
            #expect("\(error)" == "--target needs a value")
        }
    }

    @Test("a file of targets that is not what a plugin writes is refused, naming the file")
    func badTargetsFiles() throws {
        let package = try Package(Self.split)
        defer { package.remove() }
        let file = package.root.appending(path: "bad.json")
        let cases: [(json: String, says: String)] = [
            ("[1, 2]", "not the package's targets as JSON"),
            (
                #"{"folder": "/p", "targets": [{"name": "A", "id": "a", "folder": "/p/A", "dependencies": ["b"], "seesClient": false, "swiftFiles": []}]}"#,
                "a dependency on 'b', which is not listed"
            ),
            (
                #"{"folder": "/p", "targets": [{"name": "A", "id": "a", "folder": "/p/A", "dependencies": ["a"], "seesClient": false, "swiftFiles": []}]}"#,
                "the targets' dependencies form a cycle at 'a'"
            ),
        ]
        for (json, says) in cases {
            try Data(json.utf8).write(to: file)
            do {
                _ = try PackageTargets.read(file)
                Issue.record("accepted: \(json)")
            } catch {
                #expect("\(error)".hasPrefix("\(file.path): \(says)"), "\(error)")
            }
        }
        #expect(throws: PackageTargets.Failure.self) {
            try PackageTargets.read(package.root.appending(path: "none.json"))
        }
    }

    @Test("ron-codegen verify, run as the command plugin runs it, says which folders it read")
    func toolSaysTheFolders() async throws {
        let package = try Package(Self.split)
        defer { package.remove() }
        _ = try package.folder("Tests/ShopTests/Fixtures")
        try Data(#"{"$defs": {"Thing": {"type": "object"}}}"#.utf8).write(
            to: package.root.appending(path: "Sources/ShopTypes/Schema/a.schema.json"))
        let result = try await CodegenToolTests().run([
            "verify", "--package-targets", package.targetsFile.path, "--target", "Shop",
        ])
        #expect(
            result.error.contains(
                "ron-codegen verify: schema Sources/ShopTypes/Schema (target ShopTypes, whose calls Shop gets), "
                    + "fixtures Tests/ShopTests/Fixtures"), "\(result.error)")
        let unknown = try await CodegenToolTests().run([
            "calls", "--package-targets", package.targetsFile.path, "--target", "Nope",
        ])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("error: no target 'Nope' in"))
    }
}
