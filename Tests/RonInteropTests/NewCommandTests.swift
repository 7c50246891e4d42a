import Foundation
import RonTestSupport
import Testing

/// `ron new`: the files it writes and the command lines it refuses. That the package it makes builds,
/// passes its tests and its ci.sh is shown by `.ci/check-own-schema.sh`, which builds one.
@Suite struct NewCommandTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `ron new <root>/shop_front` with `flags`: what it printed, and whether a path exists in the package.
    private func newPackage(in root: URL, _ flags: [String]) async throws -> (
        output: String, package: URL, exists: (String) -> Bool
    ) {
        let result = try await RonBinary.run(["new", root.appending(path: "shop_front").path] + flags)
        #expect(result.status == 0, "\(result.error)")
        let package = root.appending(path: "shop_front")
        return (result.output, package, { FileManager.default.fileExists(atPath: package.appending(path: $0).path) })
    }

    @Test func writesAPackageWithTheSchemaTheFixturesTheTestAndTheChecks() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let sdk = root.appending(path: "sdk")
        try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: sdk.appending(path: "Package.swift"))
        let result = try await RonBinary.run(["new", root.appending(path: "shop_front").path, "--sdk-path", sdk.path])
        #expect(result.status == 0, "\(result.error)")
        let package = root.appending(path: "shop_front")
        for file in [
            "Package.swift", "ci.sh", "Sources/ShopFrontAPITypes/Schema/widget.schema.json",
            "Sources/ShopFrontAPITypes/Schema/widgets.openapi.json", "Sources/shop-front-cli/main.swift",
            "Tests/ShopFrontAPITests/FixtureTests.swift", "Tests/ShopFrontAPITests/MockFlowTests.swift",
            "Tests/ShopFrontAPITests/Fixtures/Widget/w1.json",
        ] {
            #expect(FileManager.default.fileExists(atPath: package.appending(path: file).path), "\(file)")
        }
        let manifest = try String(contentsOf: package.appending(path: "Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(sdk.path)\")"))
        #expect(manifest.contains(".plugin(name: \"RonCodegenPlugin\", package: \"sdk\")"))
        #expect(!manifest.contains("hummingbird"))
        // The flow test runs against the mock ci.sh starts, before drift uses the same mock.
        let ci = try String(contentsOf: package.appending(path: "ci.sh"), encoding: .utf8)
        let test = try #require(ci.range(of: "API_MOCK_URL=$mock_url swift test"))
        #expect(ci.range(of: "ron-mock --port 0")!.lowerBound < test.lowerBound)
        #expect(test.upperBound < ci.range(of: "plugin ron-codegen drift")!.lowerBound)
        let flow = try String(
            contentsOf: package.appending(path: "Tests/ShopFrontAPITests/MockFlowTests.swift"), encoding: .utf8)
        #expect(flow.contains("import ShopFrontAPI"))
        let script = try FileManager.default.attributesOfItem(atPath: package.appending(path: "ci.sh").path)
        #expect((script[.posixPermissions] as? Int).map { $0 & 0o111 != 0 } == true)
        // Every JSON file it writes is JSON.
        for file in [
            "Sources/ShopFrontAPITypes/Schema/widget.schema.json", "Tests/ShopFrontAPITests/Fixtures/Widget/w1.json",
        ] {
            let data = try Data(contentsOf: package.appending(path: file))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(file)")
        }
        // A git repository whose first commit holds every file, so `diff` has a commit to compare with.
        #expect(result.output.contains("A git repository with the first commit"), "\(result.output)")
        let status = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", package.path, "status", "--porcelain"])
        #expect(status.status == 0 && status.output.isEmpty, "\(status.output)\(status.error)")
        let log = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", package.path, "log", "--format=%s"])
        #expect(log.output == "Created by ron new\n")
    }

    /// The DocC article "Testing against the mock" shows MockFlowTests and ci.sh as `ron new` writes
    /// them: every line of each of its `swift scaffold` and `bash` blocks is in the file, in order
    /// (indentation aside). (`swift scaffold` blocks call the scaffold's own operations, so the
    /// consumer check of README's snippets leaves them to this test and to the package's `./ci.sh`.)
    @Test func theArticleShowsTheFlowTestAndCiAsWritten() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await RonBinary.run(["new", root.appending(path: "ShopFront").path])
        #expect(result.status == 0, "\(result.error)")
        let package = root.appending(path: "ShopFront")
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(
                path: "Sources/RonAppSdkSwift/RonAppSdkSwift.docc/TestingAgainstTheMock.md")
        let files = [
            "swift scaffold": "Tests/ShopFrontAPITests/MockFlowTests.swift", "bash": "ci.sh",
        ]
        func lines(_ text: String) -> String {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        }
        var block: (language: String, lines: [String])?
        var checked = 0
        for line in try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n") {
            if let open = block {
                guard line == "```" else {
                    block?.lines.append(line)
                    continue
                }
                block = nil
                guard let file = files[open.language] else { continue }
                let written = try String(contentsOf: package.appending(path: file), encoding: .utf8)
                let shown = lines(open.lines.joined(separator: "\n"))
                #expect(lines(written).contains(shown), "not in \(file):\n\(shown)")
                checked += 1
            } else if line.hasPrefix("```") {
                block = (String(line.dropFirst(3)), [])
            }
        }
        #expect(checked >= 8, "the article's blocks")
    }

    @Test func aServerAndAURLDependencyWhenAsked() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await RonBinary.run([
            "new", root.appending(path: "App").path, "--server", "hummingbird",
            "--sdk-url", "https://example.com/org/ron-app-sdk-swift.git", "--sdk-from", "1.2.0",
        ])
        #expect(result.status == 0, "\(result.error)")
        let manifest = try String(contentsOf: root.appending(path: "App/Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                ".package(url: \"https://example.com/org/ron-app-sdk-swift.git\", from: \"1.2.0\", traits: [\"Hummingbird\"])"
            ))
        #expect(manifest.contains("package: \"ron-app-sdk-swift\""))
        #expect(FileManager.default.fileExists(atPath: root.appending(path: "App/Sources/app-server/main.swift").path))
    }

    /// By default (and with `--split`, which says so): the schema in a types target that depends on
    /// RonGenerated alone, the calls target without `Schema/` depending on it and on the client,
    /// re-exporting it. (That it builds, that an edited operation recompiles the calls alone and that
    /// its ci.sh passes: `.ci/check-own-schema.sh`.)
    @Test(arguments: [[], ["--split"]])
    func theTypesAndTheCallsInTwoTargets(flags: [String]) async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (output, package, exists) = try await newPackage(in: root, flags)
        #expect(exists("Sources/ShopFrontAPITypes/Schema/widgets.openapi.json"))
        #expect(exists("Sources/ShopFrontAPITypes/Schema/widget.schema.json"))
        #expect(!exists("Sources/ShopFrontAPI/Schema"))
        let manifest = try String(contentsOf: package.appending(path: "Package.swift"), encoding: .utf8)
        let types = try #require(manifest.range(of: "name: \"ShopFrontAPITypes\""))
        let calls = try #require(manifest.range(of: "name: \"ShopFrontAPI\","))
        let typesTarget = manifest[types.upperBound..<calls.lowerBound]
        #expect(typesTarget.contains(".product(name: \"RonGenerated\""))
        #expect(!typesTarget.contains("RonAppSdkSwift"))
        #expect(typesTarget.contains("resources: [.copy(\"Schema\")]"))
        let callsTarget = manifest[calls.upperBound...].prefix(while: { $0 != ")" })
        #expect(callsTarget.contains("dependencies: [\"ShopFrontAPITypes\", .product(name: \"RonAppSdkSwift\""))
        let source = try String(
            contentsOf: package.appending(path: "Sources/ShopFrontAPI/ShopFrontAPI.swift"), encoding: .utf8)
        #expect(source.contains("@_exported import ShopFrontAPITypes"))
        let test = try String(
            contentsOf: package.appending(path: "Tests/ShopFrontAPITests/FixtureTests.swift"), encoding: .utf8)
        #expect(test.contains("catalog: ShopFrontAPITypes.RonSchemaCatalog.self"))
        #expect(output.contains("generated from Sources/ShopFrontAPITypes/Schema"), "\(output)")
    }

    /// `--one-module`: the schema, the types and the calls in `<Name>API` alone, which depends on the
    /// client; no types target. (That it builds and its ci.sh passes: `.ci/check-own-schema.sh
    /// --split`, which makes one.)
    @Test func theTypesAndTheCallsInOneTargetWhenAsked() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (output, package, exists) = try await newPackage(in: root, ["--one-module"])
        #expect(exists("Sources/ShopFrontAPI/Schema/widgets.openapi.json"))
        #expect(exists("Sources/ShopFrontAPI/Schema/widget.schema.json"))
        #expect(!exists("Sources/ShopFrontAPITypes"))
        let manifest = try String(contentsOf: package.appending(path: "Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("ShopFrontAPITypes"))
        let api = try #require(manifest.range(of: "name: \"ShopFrontAPI\","))
        let app = try #require(manifest.range(of: ".executableTarget("))
        let target = manifest[api.upperBound..<app.lowerBound]
        #expect(target.contains(".product(name: \"RonAppSdkSwift\""))
        #expect(target.contains("resources: [.copy(\"Schema\")]"))
        let test = try String(
            contentsOf: package.appending(path: "Tests/ShopFrontAPITests/FixtureTests.swift"), encoding: .utf8)
        #expect(test.contains("catalog: ShopFrontAPI.RonSchemaCatalog.self"))
        #expect(output.contains("generated from Sources/ShopFrontAPI/Schema"), "\(output)")
    }

    /// `--calls-targets 2`: the calls in two targets that depend on the types and the
    /// client, and `<Name>API`, what a user imports, depending on both and re-exporting them all.
    /// (That it builds and its ci.sh passes: `.ci/check-own-schema.sh --split`.)
    @Test func theCallsInSeveralTargetsWhenAsked() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await RonBinary.run([
            "new", root.appending(path: "shop_front").path, "--calls-targets", "2",
        ])
        #expect(result.status == 0, "\(result.error)")
        let package = root.appending(path: "shop_front")
        let manifest = try String(contentsOf: package.appending(path: "Package.swift"), encoding: .utf8)
        for part in ["ShopFrontAPICalls1", "ShopFrontAPICalls2"] {
            let start = try #require(manifest.range(of: "name: \"\(part)\""))
            let target = manifest[start.upperBound...].prefix(while: { $0 != ")" })
            #expect(target.contains("dependencies: [\"ShopFrontAPITypes\", .product(name: \"RonAppSdkSwift\""))
            let file = try String(
                contentsOf: package.appending(path: "Sources/\(part)/\(part).swift"), encoding: .utf8)
            #expect(file.hasPrefix("// ron-codegen: a part of the calls\n"), "the build plugin's mark of a part")
        }
        let api = try #require(manifest.range(of: "name: \"ShopFrontAPI\","))
        let front = manifest[api.upperBound...].prefix(while: { $0 != ")" })
        #expect(
            front.contains(
                "dependencies: [\"ShopFrontAPICalls1\", \"ShopFrontAPICalls2\", .product(name: \"RonAppSdkSwift\""))
        let source = try String(
            contentsOf: package.appending(path: "Sources/ShopFrontAPI/ShopFrontAPI.swift"), encoding: .utf8)
        for module in ["ShopFrontAPITypes", "ShopFrontAPICalls1", "ShopFrontAPICalls2"] {
            #expect(source.contains("@_exported import \(module)\n"))
        }
        let oneModule = try await RonBinary.run([
            "new", root.appending(path: "a").path, "--one-module", "--calls-targets", "2",
        ])
        #expect(oneModule.status == 64)
        #expect(oneModule.error.contains("--calls-targets needs the types' own target: drop --one-module"))
        let both = try await RonBinary.run(["new", root.appending(path: "c").path, "--one-module", "--split"])
        #expect(both.status == 64)
        #expect(both.error.contains("--one-module and --split exclude each other"))
        let many = try await RonBinary.run(["new", root.appending(path: "b").path, "--calls-targets", "9"])
        #expect(many.status == 64)
        #expect(many.error.contains("from 2 to 8, got 9"))
    }

    @Test func refusesAFolderInUseAndBadOptionsInOneLine() async throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appending(path: "keep.txt"))
        let used = try await RonBinary.run(["new", root.path])
        #expect(used.status == 64)
        #expect(used.error.contains("exists and is not empty"))
        let version = try await RonBinary.run([
            "new", root.appending(path: "a").path, "--sdk-url", "u", "--sdk-from", "one",
        ])
        #expect(version.status == 64)
        #expect(version.error.contains("is not a version"))
        let both = try await RonBinary.run(["new", root.appending(path: "b").path, "--sdk-url", "u"])
        #expect(both.error.contains("--sdk-url and --sdk-from go together"))
        let name = try await RonBinary.run(["new", root.appending(path: "c").path, "--name", "my app"])
        #expect(name.error.contains("try MyApp"))
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "c").path))
    }
}
