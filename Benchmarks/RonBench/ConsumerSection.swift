import Foundation

/// Section 6 (`--consumer`, slow): the clean debug build time and resolved packages of a minimal
/// package that makes one call with this SDK, against the same package on swift-openapi-generator.
struct ConsumerSection {
    let options: BenchOptions
    let table: ResultTable

    func run() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ron-bench-consumer-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try? FileManager.default.removeItem(at: work)
        defer { try? FileManager.default.removeItem(at: work) }
        let ours = try makeOurs(in: work.appendingPathComponent("ours"))
        let peer = try makeOpenAPI(in: work.appendingPathComponent("openapi"))
        log("consumer: clean build of a package using RonAppSdkSwift")
        let oursBuild = try build(ours)
        log("consumer: clean build of a package using swift-openapi-generator (several minutes)")
        let peerBuild = try build(peer)
        table.add(
            ResultRow(
                section: "6", measure: "consumer clean debug build (s): ours / openapi-generator",
                value: "\(Format.fixed(oursBuild.seconds, 0)) / \(Format.fixed(peerBuild.seconds, 0))",
                spread: "", target: "", pass: nil))
        table.add(
            ResultRow(
                section: "6", measure: "consumer clean build time ratio (ours / openapi-generator)",
                value: Format.fixed(oursBuild.seconds / peerBuild.seconds, 2), spread: "", target: "≤ 0.5",
                pass: oursBuild.seconds / peerBuild.seconds <= 0.5))
        let own = options.packageDirectory.lastPathComponent.lowercased()
        let extra = oursBuild.packages.filter { $0 != "swift-log" && $0 != own }
        table.add(
            ResultRow(
                section: "6", measure: "resolved packages: ours / openapi-generator",
                value: "\(oursBuild.packages.count) / \(peerBuild.packages.count)",
                spread: "ours: \(oursBuild.packages.joined(separator: ", "))",
                target: "ours: only swift-log", pass: extra.isEmpty))
    }

    private struct Build {
        var seconds: Double
        var packages: [String]
    }

    private func build(_ folder: URL) throws -> Build {
        let resolve = try ProcessRunner.run(["swift", "package", "resolve"], in: folder)
        guard resolve.status == 0 else {
            throw BenchError("resolve failed in \(folder.path): \(resolve.output.suffix(800))")
        }
        let outcome = try ProcessRunner.run(["swift", "build", "-c", "debug"], in: folder)
        guard outcome.status == 0 else {
            throw BenchError("build failed in \(folder.path): \(outcome.output.suffix(800))")
        }
        let shown = try ProcessRunner.run(
            ["swift", "package", "show-dependencies", "--format", "flatlist"], in: folder)
        let packages = shown.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.contains(" ") }
        return Build(seconds: outcome.seconds, packages: packages.sorted())
    }

    private func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func makeOurs(in folder: URL) throws -> URL {
        try write(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "ConsumerOurs",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(options.packageDirectory.path)")],
                targets: [
                    .executableTarget(
                        name: "ConsumerOurs",
                        dependencies: [.product(name: "RonAppSdkSwift", package: "\(options.packageDirectory.lastPathComponent)")]
                    )
                ]
            )
            """, folder.appendingPathComponent("Package.swift"))
        try write(
            """
            import Foundation
            import RonAppSdkSwift

            let client = try RonClient(config: RonConfig(baseUrl: URL(string: "http://127.0.0.1:8080"), allowInsecureHttp: true))
            let response: AppResponse<Hello> = await client.get("/hello")
            print(response.data?.message ?? response.problem?.code ?? "")
            """, folder.appendingPathComponent("Sources/ConsumerOurs/main.swift"))
        return folder
    }

    private func makeOpenAPI(in folder: URL) throws -> URL {
        try write(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "ConsumerOpenAPI",
                platforms: [.macOS(.v13)],
                dependencies: [
                    .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
                    .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
                    .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
                ],
                targets: [
                    .executableTarget(
                        name: "ConsumerOpenAPI",
                        dependencies: [
                            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                            .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                        ],
                        plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
                    )
                ]
            )
            """, folder.appendingPathComponent("Package.swift"))
        let sources = folder.appendingPathComponent("Sources/ConsumerOpenAPI")
        let document = options.packageDirectory.appendingPathComponent("Benchmarks/OpenAPI/openapi.yaml")
        try write(try String(contentsOf: document, encoding: .utf8), sources.appendingPathComponent("openapi.yaml"))
        try write(
            "generate: [types, client]\nnamingStrategy: idiomatic\n",
            sources.appendingPathComponent("openapi-generator-config.yaml"))
        try write(
            """
            import Foundation
            import OpenAPIRuntime
            import OpenAPIURLSession

            let client = Client(serverURL: URL(string: "http://127.0.0.1:8080")!, transport: URLSessionTransport())
            let output = try? await client.getHello()
            print(String(describing: output))
            """, sources.appendingPathComponent("main.swift"))
        return folder
    }
}
