import RonCommandLine

// `ron-mock [options]`: the mock of a schema folder's operations (MockCommand), an executable of its
// own so that the generator the build plugin runs (`ron-codegen`) does not link the mock server:
// every consumer's build builds and links that tool, and a build SwiftPM plans again links it twice.
// `ron-codegen mock` runs this program.
// Run by a command plugin (`--package-targets`): the target's folders found here (PackageLayout).
let arguments: [String]
do {
    arguments = try PackageLayout.expand(CommandLine.arguments.dropFirst(), command: "mock", fixtures: .read)
} catch {
    fail("\(error)", code: 64)
}
do { try MockCommand(arguments[...]).run() } catch let error as UsageError {
    fail("\(error)\n\n\(MockCommand.usage)", code: 2)
} catch {
    fail("\(error)", code: 2)
}
