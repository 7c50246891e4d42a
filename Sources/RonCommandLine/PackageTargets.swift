import Foundation

/// A package's folder and its source module targets as a command plugin writes them for a tool
/// (`--package-targets FILE`: the plugin sees SwiftPM's targets, the tool only this file), so the
/// tools find a target's schema and fixtures by the build plugin's own rule (``SchemaTargets``).
package struct PackageTargets: Sendable {
    /// The package's folder.
    package var folder: URL
    /// Its source module targets, in the order SwiftPM lists them.
    package var targets: [Target]

    /// A target of the package.
    package struct Target: SchemaTargetNode, Sendable {
        package var name: String
        package var id: String
        package var directoryURL: URL
        package var targetDependencies: [Target]
        package var seesClient: Bool
        package var swiftFileURLs: [URL]
    }

    /// A file that does not say what a command plugin writes.
    package struct Failure: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        package var description: String
    }

    /// The targets in `file` (a command plugin's JSON).
    package static func read(_ file: URL) throws -> PackageTargets {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw Failure(
                description: "\(file.path): cannot read the package's targets (\(error.localizedDescription))")
        }
        do { return try decode(data) } catch let failure as Failure {
            throw Failure(description: "\(file.path): \(failure.description)")
        } catch {
            throw Failure(description: "\(file.path): not the package's targets as JSON (\(error))")
        }
    }

    /// The targets in `data`: `{"folder": PATH, "targets": [{"name", "id", "folder", "dependencies":
    /// [ID], "seesClient", "swiftFiles": [PATH]}]}`, each dependency the id of a target listed.
    package static func decode(_ data: Data) throws -> PackageTargets {
        let file = try JSONDecoder().decode(File.self, from: data)
        let byID = Dictionary(file.targets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var resolved: [String: Target] = [:]
        // Depth-first, each target after the ones it depends on; a package's targets form no cycle
        // (SwiftPM refuses one), and a file that has one is refused here, not looped over.
        func target(_ id: String, seen: Set<String>) throws -> Target {
            if let done = resolved[id] { return done }
            guard let entry = byID[id] else {
                throw Failure(description: "a dependency on '\(id)', which is not listed")
            }
            guard !seen.contains(id) else {
                throw Failure(description: "the targets' dependencies form a cycle at '\(id)'")
            }
            let dependencies = try entry.dependencies.map { try target($0, seen: seen.union([id])) }
            let made = Target(
                name: entry.name, id: entry.id, directoryURL: URL(fileURLWithPath: entry.folder),
                targetDependencies: dependencies, seesClient: entry.seesClient,
                swiftFileURLs: entry.swiftFiles.map { URL(fileURLWithPath: $0) })
            resolved[id] = made
            return made
        }
        return PackageTargets(
            folder: URL(fileURLWithPath: file.folder), targets: try file.targets.map { try target($0.id, seen: []) })
    }

    private struct File: Decodable {
        var folder: String
        var targets: [Entry]
    }

    private struct Entry: Decodable {
        var name: String
        var id: String
        var folder: String
        var dependencies: [String]
        var seesClient: Bool
        var swiftFiles: [String]
    }
}
