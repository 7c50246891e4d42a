import Foundation
import PackagePlugin

/// A source module target of SwiftPM's as ``SchemaTargets`` reads it.
struct PluginTarget: SchemaTargetNode {
    /// SwiftPM's target.
    let module: any SourceModuleTarget

    var name: String { module.name }
    var id: String { module.id }
    var directoryURL: URL { module.directoryURL }
    var targetDependencies: [PluginTarget] {
        module.dependencies.compactMap { dependency in
            guard case .target(let other) = dependency, let module = other as? SourceModuleTarget else { return nil }
            return PluginTarget(module: module)
        }
    }
    var seesClient: Bool { module.recursiveTargetDependencies.contains { $0.name == "RonAppSdkSwift" } }
    var swiftFileURLs: [URL] { module.sourceFiles(withSuffix: "swift").map(\.url) }
}

/// The rule of ``SchemaTargets`` over SwiftPM's targets, as the build plugin asks it.
extension SchemaTargets {
    static func typesTarget(of target: SourceModuleTarget) -> SourceModuleTarget? {
        typesTarget(of: PluginTarget(module: target))?.module
    }

    static func callsTargets(of types: SourceModuleTarget, in package: Package) -> [SourceModuleTarget] {
        callsTargets(of: PluginTarget(module: types), in: targets(of: package)).map(\.module)
    }

    static func front(_ target: SourceModuleTarget, in package: Package) -> (
        types: SourceModuleTarget, parts: [SourceModuleTarget]
    )? {
        guard let found = front(PluginTarget(module: target), in: targets(of: package)) else { return nil }
        return (found.types.module, found.parts.map(\.module))
    }

    static func seesClient(_ target: SourceModuleTarget) -> Bool { PluginTarget(module: target).seesClient }

    /// The source module targets of `package`.
    static func targets(of package: Package) -> [PluginTarget] {
        package.targets.compactMap { $0 as? SourceModuleTarget }.map { PluginTarget(module: $0) }
    }
}
