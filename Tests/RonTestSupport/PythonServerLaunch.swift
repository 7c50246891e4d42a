import Foundation

/// One of the real servers of `Tests/Servers` being started: `python3 -u <script>` with its
/// standard error in a file (a pipe nobody reads could fill and stall it), and the one line it
/// prints when it is ready, or the reason it printed another. Closing ``input`` stops it.
package final class PythonServerLaunch {
    package let process = Process()
    package let input = Pipe()
    /// The first line the script printed (its ready line, or `missing:...`).
    package private(set) var line = Data()
    private let log: URL

    /// Starts `script` and reads its first line; `label` names it in messages, `howTo` says how to
    /// install what it needs. Throws a description when python3 cannot be started.
    package init(script: String, label: String, howTo: String) throws(LaunchError) {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("ron-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try? FileHandle(forWritingTo: log)
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script]
        process.standardOutput = out
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
            try? errors?.close()
        } catch {
            throw LaunchError(description: "\(label): python3 could not be started (\(error)); \(howTo)")
        }
        line = ChildProcess.firstLine(of: out.fileHandleForReading)
    }

    deinit { try? FileManager.default.removeItem(at: log) }

    /// Why a server printed something other than its ready line: it is stopped first, then a
    /// missing package is named with `howTo`, else what it printed, its status and the last lines
    /// it wrote on standard error.
    package func failure(label: String, howTo: String) -> LaunchError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("missing:") {
            return LaunchError(description: "\(label): a Python package is missing (\(text)); \(howTo)")
        }
        let said = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(5)
            .joined(separator: "\n")
        return LaunchError(
            description: """
                \(label) did not start: it printed '\(text)' and exited with status \
                \(process.terminationStatus); \(said.isEmpty ? howTo : said)
                """)
    }

    /// What went wrong starting a server, and how to fix it.
    package struct LaunchError: Error, CustomStringConvertible {
        package var description: String
    }
}
