/// A facet route path as the real node's router reads it: literal segments, `:name` segments that
/// match one segment, and a final `*name` segment that matches one or more segments (never an
/// empty tail).
struct RoutePattern: Sendable {
    /// A successful match.
    struct Match: Sendable, Hashable {
        /// For a `*tail` pattern: the pattern's literal prefix (for example `/api` or the empty string).
        var prefix: String
        /// For a `*tail` pattern: the matched tail with its leading `/`; `nil` for other patterns.
        var tail: String?
        /// Higher is more specific: literal routes beat parameter routes, which beat catch-alls.
        var specificity: Int
    }

    private enum Segment {
        case literal(String)
        case parameter
        case catchAll
    }

    private let segments: [Segment]
    private let catchAllPrefix: String

    init(_ path: String) {
        let pieces = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var segments: [Segment] = []
        var prefixPieces: [Substring] = []
        var sawCatchAll = false
        for (index, piece) in pieces.enumerated() {
            if piece.hasPrefix("*") && index == pieces.count - 1 {
                segments.append(.catchAll)
                sawCatchAll = true
            } else if piece.hasPrefix(":") && piece.count > 1 {
                segments.append(.parameter)
                prefixPieces.append(piece)
            } else {
                segments.append(.literal(String(piece)))
                prefixPieces.append(piece)
            }
        }
        self.segments = segments
        self.catchAllPrefix = sawCatchAll ? prefixPieces.map { "/" + $0 }.joined() : ""
    }

    /// How `path` (the part below the facet, `""` or starting with `/`) matches, or `nil`.
    func match(_ path: String) -> Match? {
        guard path.hasPrefix("/") else { return nil }
        let pieces = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        var specificity = 0
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard index < pieces.count, pieces[index] == text else { return nil }
                specificity += 3
            case .parameter:
                guard index < pieces.count, !pieces[index].isEmpty else { return nil }
                specificity += 2
            case .catchAll:
                let tailPieces = pieces[min(index, pieces.count)...]
                let tail = tailPieces.map { "/" + $0 }.joined()
                guard tail.count > 1 else { return nil }
                return Match(prefix: catchAllPrefix, tail: tail, specificity: specificity)
            }
        }
        guard pieces.count == segments.count else { return nil }
        return Match(prefix: "", tail: nil, specificity: specificity + 1)
    }
}
