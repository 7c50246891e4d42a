import Foundation
import RonCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ron-codegen mock …`: runs the `ron-mock` program built beside this one, in this process's place
/// (same process, standard streams, signals and exit status), with the arguments after `mock`.
///
/// The mock is a program of its own so that `ron-codegen`, the tool of the build plugin that every
/// consumer's build builds and links (twice when SwiftPM plans the build again), does not carry the
/// mock server. SwiftPM writes a package's programs into one folder, and a plugin's tools into the
/// same folder with `-tool` after the name (`ron-codegen-tool`, `ron-mock-tool`).
enum MockLauncher {
    /// The `ron-mock` beside `executable`: the same folder, `codegen` replaced by `mock` in the name.
    static func sibling(of executable: URL) -> URL {
        let name = executable.lastPathComponent
        let mock = name.hasPrefix("ron-codegen") ? "ron-mock" + name.dropFirst("ron-codegen".count) : "ron-mock"
        return executable.deletingLastPathComponent().appending(path: mock)
    }

    /// Replaces this process with `ron-mock` and `arguments`; exits 64 when there is none beside it.
    static func run(_ arguments: ArraySlice<String>) -> Never {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let mock = sibling(of: executable.resolvingSymlinksInPath())
        guard FileManager.default.isExecutableFile(atPath: mock.path) else {
            fail(
                "`ron-codegen mock` runs \(mock.lastPathComponent), which is not built beside \(executable.path): "
                    + "build it (`swift build --product ron-mock`) and run it, or `swift package ron-mock`",
                code: 64)
        }
        let argv = ([mock.path] + arguments).map { strdup($0) } + [nil]
        execv(mock.path, argv)
        fail("could not run \(mock.path): \(String(cString: strerror(errno)))", code: 70)
    }
}
