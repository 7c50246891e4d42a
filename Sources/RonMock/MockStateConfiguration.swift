import Foundation

/// Whether and how the mock remembers what requests change: on by default, so a created item is
/// listed, shown, updated and deleted by the next requests as the API would. See docs/MockServer.md,
/// "State".
public struct MockStateConfiguration: Sendable {
    /// Whether requests change what later requests see; `false` (`--stateless`) answers every
    /// request from the fixtures, examples and made-up values alone, and forgets it.
    public var enabled: Bool
    /// `--seed N`: which series of UUIDs the mock assigns to created items (0: counted,
    /// `00000000-0000-4000-8000-000000000001`, ...). The mock makes nothing up at random, so the
    /// same requests in the same order get the same answers and ids with the same seed.
    public var seed: UInt64
    /// `--state FILE`: read at start when it exists, and written again (atomically) after every
    /// change; `nil` keeps the state in memory only.
    public var file: URL?

    /// A configuration: stateful by default, seed 0, no state file.
    public init(enabled: Bool = true, seed: UInt64 = 0, file: URL? = nil) {
        self.enabled = enabled
        self.seed = seed
        self.file = file
    }

    /// The mock without state (`--stateless`): each answer from the fixtures and examples only.
    public static let stateless = MockStateConfiguration(enabled: false)

    /// A command-line option of the state that cannot be used, in one line.
    public struct OptionError: Error, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// The configuration of the command-line options `--stateless`, `--seed N` (shared with the
    /// faults: `nil` is seed 0 here) and `--state FILE`; throws ``OptionError`` for `--state` with
    /// `--stateless`.
    public static func commandLine(stateless: Bool, seed: UInt64?, file: String?) throws(OptionError)
        -> MockStateConfiguration
    {
        guard !(stateless && file != nil) else {
            throw OptionError(description: "--state keeps the mock's state: it does not go with --stateless")
        }
        return MockStateConfiguration(
            enabled: !stateless, seed: seed ?? 0, file: file.map { URL(fileURLWithPath: $0) })
    }
}
