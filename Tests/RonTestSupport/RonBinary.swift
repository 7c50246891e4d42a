import Foundation

/// Runs the built `ron` executable, which `swift build`/`swift test` put beside the test bundle.
package enum RonBinary {
    /// The built `ron`, `nil` when it is not built.
    package static let url = ChildProcess.builtExecutable("ron")

    /// What a run gave: exit status, standard output and standard error.
    package typealias Result = ChildProcess.Result

    /// Runs `ron` with `arguments` (in `directory` when given, with `environment` added to this
    /// process's) and awaits its end, off the concurrency pool (``offThePool(_:)``).
    package static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Result {
        try await offThePool { try run(arguments, in: directory, environment: environment) }
    }

    /// Runs `ron` like ``run(_:in:environment:)``, blocking until it ends.
    package static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        guard let binary = RonBinary.url else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the ron executable is not built"])
        }
        return try ChildProcess.run(binary, arguments, in: directory, environment: environment)
    }
}
