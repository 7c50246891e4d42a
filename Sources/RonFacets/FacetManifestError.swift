/// Why a facet manifest could not be read, validated or written.
///
/// ``message`` is the bare reason. For ``Stage/validate`` it is exactly the message of Micronode's
/// `FacetManifest::validate()` (for example `route.path must start with '/': nope`), so an SDK
/// diagnosis and a node log line can be compared as text. ``description`` adds the context the node
/// adds: `parse toml: ` in front of a parse failure.
public struct FacetManifestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed.
    public enum Stage: String, Hashable, Sendable {
        /// The file could not be read from disk.
        case read
        /// The text is not TOML, or not a manifest the node's parser accepts (wrong type, unknown kind,
        /// missing field).
        case parse
        /// The manifest parsed but breaks one of the node's validation rules.
        case validate
        /// The manifest could not be turned into TOML text.
        case write
    }

    /// The step that failed.
    public let stage: Stage
    /// The reason, without the stage prefix.
    public let message: String
    /// The dotted key path of the offending value (`upstream.port`, `route[1].method`), when known.
    public let keyPath: String?
    /// The 1-based line of a TOML syntax error.
    public let line: Int?
    /// The 1-based column of a TOML syntax error.
    public let column: Int?

    /// Creates an error.
    public init(stage: Stage, message: String, keyPath: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.stage = stage
        self.message = message
        self.keyPath = keyPath
        self.line = line
        self.column = column
    }

    /// The reason with its context: `parse toml: line 3, column 7: …`, `parse toml: upstream.port: …`,
    /// or for validation the node's message alone.
    public var description: String {
        switch stage {
        case .read:
            return "read failed: \(message)"
        case .parse:
            if let line, let column {
                return "parse toml: line \(line), column \(column): \(message)"
            }
            if let keyPath, !keyPath.isEmpty {
                return "parse toml: \(keyPath): \(message)"
            }
            return "parse toml: \(message)"
        case .validate:
            return message
        case .write:
            return "write failed: \(message)"
        }
    }

    static func validation(_ message: String) -> FacetManifestError {
        FacetManifestError(stage: .validate, message: message)
    }

    static func parse(_ message: String, at keyPath: String? = nil) -> FacetManifestError {
        FacetManifestError(stage: .parse, message: message, keyPath: keyPath)
    }
}
