import ArgumentParser
import Foundation

/// One-line messages on standard error; never a stack trace.
enum CLIOutput {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("ron: \(message)\n".utf8))
    }

    /// Prints `message` and exits with status 1.
    static func fail(_ message: String) -> Never {
        error(message)
        exit(1)
    }
}
