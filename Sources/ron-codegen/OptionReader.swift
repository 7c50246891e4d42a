import Foundation

/// The command line of `ron-codegen` and its subcommands, read one `--flag [value]` at a time.
struct OptionReader {
    private var rest: ArraySlice<String>
    private let usage: String

    /// A reader of `arguments`; `usage` is printed for `--help`.
    init(_ arguments: ArraySlice<String>, usage: String) {
        rest = arguments
        self.usage = usage
    }

    /// The next flag, `nil` at the end. `--help` and `-h` print the usage and exit 0.
    mutating func nextFlag() -> String? {
        guard let flag = rest.popFirst() else { return nil }
        if flag == "--help" || flag == "-h" {
            print(usage)
            exit(0)
        }
        return flag
    }

    /// The value after `flag`; a missing value, or another flag in its place, is a usage error.
    mutating func value(for flag: String) throws -> String {
        guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw UsageError("\(flag) needs a value") }
        return next
    }
}
