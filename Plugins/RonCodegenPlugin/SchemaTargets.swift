import Foundation

/// A target of a package as ``SchemaTargets`` reads it: the build plugin wraps SwiftPM's targets in
/// it, and the tools read it from the file a command plugin writes (`PackageTargets`), so both
/// follow the one rule of this file (which both compile: the build plugin's and RonCommandLine's).
protocol SchemaTargetNode {
    /// The target's name.
    var name: String { get }
    /// SwiftPM's identifier of the target.
    var id: String { get }
    /// The target's folder.
    var directoryURL: URL { get }
    /// The targets of its own package it depends on, in the order of its dependencies.
    var targetDependencies: [Self] { get }
    /// Whether it depends on `RonAppSdkSwift`, directly or not (sees `RonClient`).
    var seesClient: Bool { get }
    /// Its Swift files.
    var swiftFileURLs: [URL] { get }
}

/// Which target of a package holds a schema, the one rule the build plugin and the tools the
/// command plugins run follow alike.
enum SchemaTargets {
    /// For a target with no `Schema/` of its own, the target of the same package it depends on
    /// that has one (the first, in the order of its dependencies): its types are there, and this
    /// target gets its calls (the two targets of `ron new`).
    static func typesTarget<Node: SchemaTargetNode>(of target: Node) -> Node? {
        guard !hasSchema(target.directoryURL) else { return nil }
        return target.targetDependencies.first { hasSchema($0.directoryURL) }
    }

    /// The targets of `package` that get the calls of `types`'s schema: those whose types target
    /// (``typesTarget(of:)``) is `types`, that see `RonClient` (depend on `RonAppSdkSwift`) where
    /// `types` does not, and that depend on no other of them. Two or more that each hold a Swift file
    /// beginning with ``partMarker`` are the parts of the calls, by name, each with its run of the
    /// files, built side by side (`ron new --calls-targets`); else the first by name alone (a
    /// target of the user's own that depends on the types and the client is not a part: it may not
    /// run the plugin, and its share of the calls would be missing).
    static func callsTargets<Node: SchemaTargetNode>(of types: Node, in package: [Node]) -> [Node] {
        guard !types.seesClient else { return [] }
        let candidates = package.filter { typesTarget(of: $0)?.id == types.id && $0.seesClient }
        let ids = Set(candidates.map(\.id))
        let calls = candidates.filter { candidate in
            !candidate.targetDependencies.contains { ids.contains($0.id) }
        }.sorted { $0.name < $1.name }
        let parts = calls.filter { isMarkedPart($0) }
        return parts.count > 1 ? parts : Array(calls.prefix(1))
    }

    /// The first line of a Swift file that makes its target a part of the calls of the types target
    /// it depends on (`ron new --calls-targets` writes it).
    static let partMarker = "// ron-codegen: a part of the calls"

    /// Whether one of `target`'s Swift files begins with ``partMarker``.
    static func isMarkedPart<Node: SchemaTargetNode>(_ target: Node) -> Bool {
        target.swiftFileURLs.contains { file in
            guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: partMarker.utf8.count)) ?? Data()
            return head == Data(partMarker.utf8)
        }
    }

    /// For a target with no `Schema/` that depends on the parts of a types target's calls (two or more
    /// ``callsTargets(of:in:)``): that types target and its parts. This target is their front: it
    /// gets the operation catalog over every part and the security schemes.
    static func front<Node: SchemaTargetNode>(_ target: Node, in package: [Node]) -> (types: Node, parts: [Node])? {
        guard !hasSchema(target.directoryURL) else { return nil }
        for module in target.targetDependencies {
            guard let types = typesTarget(of: module) else { continue }
            let parts = callsTargets(of: types, in: package)
            if parts.count > 1, parts.contains(where: { $0.id == module.id }),
                !parts.contains(where: { $0.id == target.id })
            {
                return (types, parts)
            }
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
