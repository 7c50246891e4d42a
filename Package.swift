// swift-tools-version: 6.1
// The RON-CORE App Plane SDK for Swift.
//
// Layout (data flows top to bottom):
//   Schema/            canonical schema documents (JSON Schema 2020-12 subset, JSON or TOML)
//   ron-codegen        reads Schema/, builds a model, renders Swift (RonCodegenCore)
//   RonCodegenPlugin   runs ron-codegen at build time into RonGenerated
//   RonGenerated       generated DTOs + the small runtime they need
//   RonAppSdkSwift     the handwritten client; re-exports RonGenerated
//
// Only RonAppSdkSwift, RonGenerated and the plugins are products. The embedded gateway and the
// `ron` CLI are targets in no product, so a package that depends on this one resolves nothing
// but swift-log.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ron-app-sdk-swift",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RonAppSdkSwift", targets: ["RonAppSdkSwift"]),
        .library(name: "RonGenerated", targets: ["RonGenerated"]),
        .plugin(name: "RonCodegenPlugin", targets: ["RonCodegenPlugin"]),
        .plugin(name: "RonCodegenCommand", targets: ["RonCodegenCommand"]),
    ],
    dependencies: [
        // The only dependency of a library product.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // Used by targets in no product (gateway, CLI, tests, benchmarks) only.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // MARK: Schema pipeline
        .target(name: "RonTOML", swiftSettings: strict),
        .target(name: "RonCodegenCore", dependencies: ["RonTOML"], swiftSettings: strict),
        .executableTarget(name: "ron-codegen", dependencies: ["RonCodegenCore"], swiftSettings: strict),
        .plugin(
            name: "RonCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["ron-codegen"]
        ),
        .plugin(
            name: "RonCodegenCommand",
            capability: .command(
                intent: .custom(verb: "ron-codegen", description: "Write the generated Swift sources to a folder for review"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated sources for review")]
            ),
            dependencies: ["ron-codegen"]
        ),

        // MARK: Library
        .target(
            name: "RonGenerated",
            // Sources/RonGenerated/Schema links to the top-level Schema/. As resources of the target, the
            // documents are part of its file set, so adding or removing one re-plans the build-tool plugin.
            resources: [.process("Schema")],
            swiftSettings: strict,
            plugins: ["RonCodegenPlugin"]
        ),
        .target(
            name: "RonAppSdkSwift",
            dependencies: [
                "RonGenerated",
                "RonTOML",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // MARK: Tools (in no product)
        .target(
            name: "RonGateway",
            dependencies: [
                "RonAppSdkSwift",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ron",
            dependencies: [
                "RonAppSdkSwift",
                "RonGateway",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(
            name: "RonTOMLTests",
            dependencies: ["RonTOML", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RonCodegenTests",
            dependencies: ["RonCodegenCore"],
            exclude: ["Golden"],
            swiftSettings: strict
        ),
        .testTarget(name: "RonGeneratedTests", dependencies: ["RonGenerated", "RonTOML"], swiftSettings: strict),
        // A target of "a user's" with its own schema (the golden schema), as a user applies the plugin.
        .testTarget(
            name: "RonPluginUsageTests",
            dependencies: ["RonGenerated"],
            resources: [.process("Schema")],
            swiftSettings: strict,
            plugins: ["RonCodegenPlugin"]
        ),
        .testTarget(
            name: "RonAppSdkSwiftTests",
            dependencies: [
                "RonAppSdkSwift",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "RonInteropTests",
            dependencies: ["RonAppSdkSwift", "RonGateway"],
            swiftSettings: strict
        ),
    ]
)
