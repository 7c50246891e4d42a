import Foundation
import PackagePlugin

/// Runs a tool of this package in the package's folder and passes on its exit status: a verdict
/// (diff's 1, drift's 1 or 2) is the tool's own report, not a failure of the plugin, so nothing is
/// added to it. SwiftPM echoes a plugin's standard output and standard error alike on its own
/// standard output, and exits 1 (saying `error: Plugin ended with exit code N` on standard error)
/// whenever the plugin does not exit 0.
///
/// The command plugins hold nothing else: the tools find the target's schema and fixtures
/// themselves (`PackageLayout` of RonCommandLine, by the build plugin's rule, `SchemaTargets.swift`)
/// from the package's targets, which ``targetsArguments(_:)`` writes for them. A plugin is compiled
/// again whenever the environment SwiftPM runs in changes, each now in about two thirds of the time
/// it took with that search inside (BENCHMARKS.md, "The command plugins run the tools, and nothing
/// else").
enum ToolRun {
    /// Runs `tool`, its standard error coming back line by line as progress messages, which SwiftPM
    /// writes to its standard error, so that its standard output holds the tool's report alone
    /// (`--format json > report.json` is JSON); `onSuccess` is printed after a tool that exits 0.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL, onSuccess: String? = nil) throws -> Never {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Nothing to read: the mock then serves until SIGINT or SIGTERM, and no tool can read what
        // SwiftPM says to the plugin.
        process.standardInput = FileHandle.nullDevice
        let messages = Pipe()
        let forwarded = DispatchSemaphore(value: 0)
        process.standardError = messages
        let reader = messages.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                pending.append(chunk)
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    Diagnostics.progress(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...end)
                }
                if chunk.isEmpty { break }
            }
            if !pending.isEmpty { Diagnostics.progress(String(decoding: pending, as: UTF8.self)) }
            forwarded.signal()
        }
        try process.run()
        // SwiftPM runs the plugin, and the plugin the tool, each in a process group of its own, so
        // Ctrl-C (or a script's kill) reaches `swift package` alone: when it is gone, so is the tool.
        let parent = getppid()
        while process.isRunning {
            if getppid() != parent {
                process.terminate()
                process.waitUntilExit()
                exit(130)
            }
            usleep(100_000)
        }
        try? messages.fileHandleForWriting.close()
        forwarded.wait()
        if process.terminationStatus == 0, let onSuccess { print(onSuccess) }
        // The tool's report ended with its own newline and was written before it exited; the
        // plugin's own output is written before SwiftPM adds its line.
        fflush(nil)
        exit(process.terminationStatus)
    }

    /// `--package-targets FILE`: the package's folder and its source module targets (name, id,
    /// folder, the targets of the package each depends on, whether it sees `RonAppSdkSwift`, its
    /// Swift files) as JSON, written to the plugin's work folder, for a tool to find the schema and
    /// fixtures of the `--target` a command line names (`PackageTargets` of RonCommandLine).
    static func targetsArguments(_ context: PluginContext) throws -> [String] {
        var targets: [Any] = []
        for case let target as SourceModuleTarget in context.package.targets {
            var dependencies: [String] = []
            for case .target(let other) in target.dependencies where other is SourceModuleTarget {
                dependencies.append(other.id)
            }
            let seesClient: Bool = target.recursiveTargetDependencies.contains { $0.name == "RonAppSdkSwift" }
            let files: [String] = target.sourceFiles(withSuffix: "swift").map(\.url.path)
            let entry: [String: Any] = [
                "name": target.name, "id": target.id, "folder": target.directoryURL.path,
                "dependencies": dependencies, "seesClient": seesClient, "swiftFiles": files,
            ]
            targets.append(entry)
        }
        let package: [String: Any] = ["folder": context.package.directoryURL.path, "targets": targets]
        let file = context.pluginWorkDirectoryURL.appending(path: "package-targets.json")
        try JSONSerialization.data(withJSONObject: package).write(to: file)
        return ["--package-targets", file.path]
    }
}
