import Foundation

/// Runs a program the way the command-line tests do: arguments in, exit status and both output
/// streams back.
package enum ChildProcess {
    /// What a run gave.
    package struct Result: Sendable {
        /// The exit status.
        package var status: Int32
        /// Everything written to standard output.
        package var output: String
        /// Everything written to standard error.
        package var error: String
    }

    /// The executable `name` that `swift build`/`swift test` put beside the test bundle, if built.
    package static func builtExecutable(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` with `arguments` (in `directory` when given) and awaits its end, waiting on a
    /// thread of its own rather than on the concurrency pool (``offThePool(_:)``).
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Result {
        try await offThePool { try run(executable, arguments, in: directory, environment: environment) }
    }

    /// Runs `executable` with `arguments` (in `directory` when given) and blocks until it ends. Standard
    /// error is read on another thread while standard output is read here, so a program that fills
    /// one pipe while the test reads the other cannot stall.
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = err.fileHandleForReading
        DispatchQueue.global().async {
            let data = errorHandle.readDataToEndOfFile()
            errors.update { $0 = data }
            errorsRead.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errors.value, as: UTF8.self))
    }

    /// The first line a child writes to `handle` (without its newline), read a byte at a time so
    /// nothing after it is taken from the pipe: how a server started by a test says where it listens.
    /// Empty when the child ends without writing one.
    package static func firstLine(of handle: FileHandle) -> Data {
        var line = Data()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            line.append(byte)
        }
        return line
    }
}
