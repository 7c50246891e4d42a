import Foundation
import PackagePlugin

/// Which target of a package holds a schema, the one rule the build plugin and the command plugins
/// (which link this file) follow alike.
enum SchemaTargets {
    /// For a target with no `Schema/` of its own, the target of the same package it depends on
    /// that has one (the first, in the order of its dependencies): its types are there, and this
    /// target gets its calls (the two targets of `ron new --split`).
    static func typesTarget(of target: SourceModuleTarget) -> SourceModuleTarget? {
        guard !hasSchema(target.directoryURL) else { return nil }
        for dependency in target.dependencies {
            guard case .target(let candidate) = dependency, let module = candidate as? SourceModuleTarget,
                hasSchema(module.directoryURL)
            else { continue }
            return module
        }
        return nil
    }

    /// Whether `directory` holds a `Schema/` folder.
    static func hasSchema(_ directory: URL) -> Bool {
        isFolder(directory.appending(path: "Schema"))
    }

    /// Whether `url` names a folder (or a link to one).
    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
