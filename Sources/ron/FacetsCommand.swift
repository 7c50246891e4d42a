import ArgumentParser
import Foundation
import RonFacets

/// `ron facets`: check, inspect and write Micronode facet manifests.
struct FacetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facets",
        abstract: "Check, inspect and write Micronode facet manifests (TOML).",
        discussion: """
            Manifests are judged by the same rules and messages as the Micronode loader. A facet route \
            is served by the node at /facets/{id}{path} and through the App Plane at \
            {base}/app/facets/{id}{path}.
            """,
        subcommands: [Validate.self, Show.self, New.self]
    )
}

/// Output helpers shared by the `ron facets` subcommands.
enum FacetsOutput {
    /// Writes one line to standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A path as the user wrote it, joined with a file name found inside it.
    static func display(_ directory: String, _ name: String) -> String {
        var base = directory
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        return base == "/" ? "/" + name : base + "/" + name
    }
}
