import Foundation

/// One of the package's tools serving in the background (`ron-mock`, `ron serve`): its
/// standard input a pipe (closing it is how the tool is asked to stop), its standard error a file,
/// started once it printed its first line, `listening on http://HOST:PORT`.
package final class BackgroundTool {
    private let process = Process()
    private let input = Pipe()
    private let logFile = FileManager.default.temporaryDirectory.appending(path: "ron-tool-log-\(UUID().uuidString)")
    /// The first line the tool printed (without its newline); empty when it ended without one.
    package let firstLine: String
    /// The port of that line, or 0 when it names none.
    package let port: Int

    /// Starts `binary` with `arguments` and `environment` added to this process's, and waits for its
    /// first line.
    package init(_ binary: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        firstLine = String(decoding: ChildProcess.firstLine(of: output.fileHandleForReading), as: UTF8.self)
        port = firstLine.hasPrefix("listening on http") ? Int(firstLine.split(separator: ":").last ?? "") ?? 0 : 0
    }

    /// What the tool wrote to standard error so far.
    package var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Closes the tool's standard input, as a user's Ctrl-D would, and waits for it to end: its exit
    /// status.
    package func finish() throws -> Int32 {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the tool if it still runs, and waits for it.
    package func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: logFile)
    }
}
