import Foundation

/// The command lines of the Foundation-only tools (`ron-codegen`, `ron-drift`) and their
/// subcommands, read one `--flag [value]` or `--flag=value` at a time.
///
/// `--flag=value` is how a value that itself starts with `--` is given (a token, a negative
/// number); in the two-word form such a value reads as the next flag.
package struct OptionReader {
    private var rest: ArraySlice<String>
    private let usage: String
    /// The value given after `=` in the last flag, with the whole word, until it is read.
    private var attached: (value: String, word: String)?

    /// A reader of `arguments`; `usage` is printed for `--help`.
    package init(_ arguments: ArraySlice<String>, usage: String) {
        rest = arguments
        self.usage = usage
    }

    /// The next flag, `nil` at the end. `--help` and `-h` print the usage and exit 0.
    /// A flag written `--flag=value` is returned as `--flag`, its value kept for
    /// ``value(for:)``; when the flag takes no value, the whole word comes back next, as an
    /// unknown flag.
    package mutating func nextFlag() -> String? {
        if let left = attached {
            attached = nil
            return left.word
        }
        guard let flag = rest.popFirst() else { return nil }
        if flag == "--help" || flag == "-h" {
            print(usage)
            exit(0)
        }
        if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
            attached = (String(flag[flag.index(after: equals)...]), flag)
            return String(flag[..<equals])
        }
        return flag
    }

    /// The value after `flag` (or after its `=`); a missing value, or another flag in its place, is
    /// a usage error.
    package mutating func value(for flag: String) throws -> String {
        if let given = attached {
            attached = nil
            return given.value
        }
        guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw UsageError("\(flag) needs a value") }
        return next
    }

    /// The value after `flag` as a whole number in `range`.
    package mutating func number(for flag: String, in range: ClosedRange<Int>) throws -> Int {
        let text = try value(for: flag)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "\(flag) wants a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }
}

/// A command line that cannot be run as given: printed with the command's usage.
package struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, in one line.
    package var description: String
    /// A usage error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// Prints `error: message` on standard error and exits with `code`.
package func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(code)
}
