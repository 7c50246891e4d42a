import Foundation

/// Runs a command to completion and captures its output.
enum ProcessRunner {
    struct Outcome: Sendable {
        var status: Int32
        var output: String
        var seconds: Double
    }

    /// Runs `arguments` (the first is looked up on `PATH`) in `directory`, standard error merged into
    /// the captured output.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws
        -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let start = Clock.now()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(Clock.now() - start) / 1e9
        return Outcome(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), seconds: seconds)
    }

    /// The full path of `name` on `PATH`, or `nil`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
