// swift-tools-version: 6.1
// The smallest program on the SDK: its own package, depending on ron-app-sdk-swift by path.
// In a project of your own, write `.package(url: "<the SDK's repository URL>", from: "<version>")`
// and `package: "ron-app-sdk-swift"`; here the SDK is this checkout, whose folder name is its identity.
import Foundation
import PackageDescription

let sdk = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

let package = Package(
    name: "cli-hello",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: sdk.path)],
    targets: [
        .executableTarget(
            name: "cli-hello",
            dependencies: [.product(name: "RonAppSdkSwift", package: sdk.lastPathComponent.lowercased())],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
