import Foundation

/// A client that lives in another program, driven over its standard input and output.
///
/// The program reads lines `get <url> <count>` and `post <url> <count> <body.json>` and answers each
/// with one line `<elapsed nanoseconds> <failures>` (other lines are ignored) after making `count` calls in a row; it exits at
/// end of input. This is how a client that cannot share a process with this one is measured (the
/// RustyOnions Swift SDK has the same module name as ours); see BENCHMARKS.md.
final class ExternalPeer: @unchecked Sendable {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    private let lock = NSLock()

    init(name: String, executable: String) throws {
        self.name = name
        process.executableURL = URL(fileURLWithPath: executable)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    /// Sends one command and waits for its answer.
    func batch(_ command: String) -> CallBatch? {
        lock.lock()
        defer { lock.unlock() }
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                let fields = line.split(separator: " ")
                let numbers = fields.compactMap { UInt64($0) }
                // Anything else the program prints (some clients log to standard output) is skipped.
                guard fields.count == 2, numbers.count == 2 else { continue }
                return CallBatch(nanoseconds: numbers[0], failures: Int(numbers[1]))
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
