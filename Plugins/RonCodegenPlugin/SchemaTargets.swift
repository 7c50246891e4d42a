import Foundation
import PackagePlugin

/// Which target of a package holds a schema, the one rule the build plugin and the command plugins
/// (which link this file) follow alike.
enum SchemaTargets {
    /// For a target with no `Schema/` of its own, the target of the same package it depends on
    /// that has one (the first, in the order of its dependencies): its types are there, and this
    /// target gets its calls (the two targets of `ron new`).
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

    /// The targets of `package` that get the calls of `types`'s schema: those whose types target
    /// (``typesTarget(of:)``) is `types`, that see `RonClient` (depend on `RonAppSdkSwift`) where
    /// `types` does not, and that depend on no other of them. Two or more that each hold a Swift file
    /// beginning with ``partMarker`` are the parts of the calls, by name, each with its run of the
    /// files, built side by side (`ron new --calls-targets`); else the first by name alone (a
    /// target of the user's own that depends on the types and the client is not a part: it may not
    /// run the plugin, and its share of the calls would be missing).
    static func callsTargets(of types: SourceModuleTarget, in package: Package) -> [SourceModuleTarget] {
        guard !seesClient(types) else { return [] }
        let candidates = package.targets.compactMap { $0 as? SourceModuleTarget }.filter {
            typesTarget(of: $0)?.id == types.id && seesClient($0)
        }
        let ids = Set(candidates.map(\.id))
        let calls = candidates.filter { candidate in
            !candidate.dependencies.contains { dependency in
                guard case .target(let other) = dependency else { return false }
                return ids.contains(other.id)
            }
        }.sorted { $0.name < $1.name }
        let parts = calls.filter(isMarkedPart)
        return parts.count > 1 ? parts : Array(calls.prefix(1))
    }

    /// The first line of a Swift file that makes its target a part of the calls of the types target
    /// it depends on (`ron new --calls-targets` writes it).
    static let partMarker = "// ron-codegen: a part of the calls"

    /// Whether one of `target`'s Swift files begins with ``partMarker``.
    static func isMarkedPart(_ target: SourceModuleTarget) -> Bool {
        target.sourceFiles(withSuffix: "swift").contains { file in
            guard let handle = try? FileHandle(forReadingFrom: file.url) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: partMarker.utf8.count)) ?? Data()
            return head == Data(partMarker.utf8)
        }
    }

    /// For a target with no `Schema/` that depends on the parts of a types target's calls (two or more
    /// ``callsTargets(of:in:)``): that types target and its parts. This target is their front: it
    /// gets the operation catalog over every part and the security schemes.
    static func front(_ target: SourceModuleTarget, in package: Package) -> (
        types: SourceModuleTarget, parts: [SourceModuleTarget]
    )? {
        guard !hasSchema(target.directoryURL) else { return nil }
        for dependency in target.dependencies {
            guard case .target(let candidate) = dependency, let module = candidate as? SourceModuleTarget,
                let types = typesTarget(of: module)
            else { continue }
            let parts = callsTargets(of: types, in: package)
            if parts.count > 1, parts.contains(where: { $0.id == module.id }),
                !parts.contains(where: { $0.id == target.id })
            {
                return (types, parts)
            }
        }
        return nil
    }

    /// Whether `target` depends on `RonAppSdkSwift` (sees `RonClient`).
    static func seesClient(_ target: SourceModuleTarget) -> Bool {
        target.recursiveTargetDependencies.contains { $0.name == "RonAppSdkSwift" }
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
