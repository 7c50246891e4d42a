import Foundation

/// The faults and latency the mock adds on demand, for every operation (``all``) or by operationId
/// (``operations``): a delay with jitter, and a share of requests answered by an error status
/// (429, 500, 503, ...), by a reset connection or by a stalled one. ``MockServer`` applies them
/// with a generator seeded by ``seed``, so the same seed gives the same faults for the same
/// sequence of requests. See docs/MockServer.md, "Faults and latency".
public struct MockFaults: Sendable, Hashable, CustomStringConvertible {
    /// A delay before an answer: ``milliseconds``, plus or minus up to ``jitterMilliseconds``
    /// (drawn evenly; never below 0).
    public struct Latency: Sendable, Hashable, CustomStringConvertible {
        /// The longest latency accepted, in milliseconds (ten minutes).
        public static let limitMilliseconds = 600_000

        /// The delay, in milliseconds.
        public var milliseconds: Int
        /// How far a delay may be from ``milliseconds``, either way, in milliseconds.
        public var jitterMilliseconds: Int

        /// A delay of `milliseconds` ± `jitterMilliseconds`.
        public init(milliseconds: Int, jitterMilliseconds: Int = 0) {
            self.milliseconds = milliseconds
            self.jitterMilliseconds = jitterMilliseconds
        }

        /// Reads `200`, `200±50` or `200+-50` (milliseconds).
        public init(parsing text: String) throws(ConfigurationError) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let parts: [String]
            if let range = trimmed.range(of: "±") ?? trimmed.range(of: "+-") {
                parts = [String(trimmed[..<range.lowerBound]), String(trimmed[range.upperBound...])]
            } else {
                parts = [trimmed]
            }
            let numbers = parts.map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let milliseconds = numbers[0], let jitter = numbers.count > 1 ? numbers[1] : 0,
                (0...Self.limitMilliseconds).contains(milliseconds), (0...Self.limitMilliseconds).contains(jitter)
            else {
                throw ConfigurationError(
                    "a latency is milliseconds from 0 to \(Self.limitMilliseconds), optionally ±jitter "
                        + "(200, 200±50 or 200+-50), got '\(text)'")
            }
            self.init(milliseconds: milliseconds, jitterMilliseconds: jitter)
        }

        /// `200±50 ms`, or `200 ms` without jitter.
        public var description: String {
            jitterMilliseconds == 0 ? "\(milliseconds) ms" : "\(milliseconds)±\(jitterMilliseconds) ms"
        }
    }

    /// What a request gets instead of its answer.
    public enum Fault: Sendable, Hashable, CustomStringConvertible {
        /// An answer with this status (400 to 599): the operation's documented answer for it, else
        /// the App Plane's problem envelope; 429 and 503 carry `Retry-After`.
        case status(Int)
        /// The connection is reset (TCP RST) once the request is read, without an answer.
        case reset
        /// No answer at all: the connection is held until the client gives up, the server stops,
        /// or ``MockServer/Configuration/stallLimitSeconds`` pass.
        case stall

        /// Reads `503`, `reset` or `stall`.
        public init(parsing text: String) throws(ConfigurationError) {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "reset": self = .reset
            case "stall": self = .stall
            case let other:
                guard let status = Int(other), (400...599).contains(status) else {
                    throw ConfigurationError("a fault is a status from 400 to 599, reset or stall, got '\(text)'")
                }
                self = .status(status)
            }
        }

        /// `503`, `reset` or `stall`.
        public var description: String {
            switch self {
            case .status(let status): "\(status)"
            case .reset: "reset"
            case .stall: "stall"
            }
        }
    }

    /// A share of requests that get a ``Fault``.
    public struct Failure: Sendable, Hashable, CustomStringConvertible {
        /// The share of requests, from 0 to 1; the shares of one rule add up to 1 at most, and
        /// each request gets at most one of them.
        public var share: Double
        /// What those requests get.
        public var fault: Fault
        /// The `Retry-After` of a 429 or 503 answer, in seconds (1 when `nil`).
        public var retryAfterSeconds: Int?
        /// How many requests get it at most, while the server runs (`nil`: no limit); with a share
        /// of 1, the first `times` requests.
        public var times: Int?

        /// A share of requests answered with `fault`.
        public init(share: Double, fault: Fault, retryAfterSeconds: Int? = nil, times: Int? = nil) {
            self.share = share
            self.fault = fault
            self.retryAfterSeconds = retryAfterSeconds
            self.times = times
        }

        /// Reads `SHARE:FAULT[:retry-after=SECONDS][:times=N]`: `0.2:503`, `5%:reset`,
        /// `1:503:retry-after=2:times=2`.
        public init(parsing text: String) throws(ConfigurationError) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count >= 2 else {
                throw ConfigurationError(
                    "a failure is SHARE:FAULT[:retry-after=SECONDS][:times=N] (0.2:503, 5%:reset), got '\(text)'")
            }
            self.init(share: try Self.share(parts[0]), fault: try Fault(parsing: parts[1]))
            for option in parts.dropFirst(2) {
                let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
                let number = pair.count == 2 ? Int(pair[1]) : nil
                switch pair.first?.lowercased() {
                case "retry-after":
                    guard let number, number >= 0 else {
                        throw ConfigurationError("retry-after is a whole number of seconds, got '\(option)'")
                    }
                    retryAfterSeconds = number
                case "times":
                    guard let number, number >= 1 else {
                        throw ConfigurationError("times is a whole number from 1, got '\(option)'")
                    }
                    times = number
                default:
                    throw ConfigurationError(
                        "'\(option)' in '\(text)' is neither retry-after=SECONDS nor times=N")
                }
            }
            try check()
        }

        /// `0.2` or `20%` as a share from 0 to 1.
        static func share(_ text: String) throws(ConfigurationError) -> Double {
            let percent = text.hasSuffix("%")
            guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else {
                throw ConfigurationError("a share is a number from 0 to 1 (or a percentage), got '\(text)'")
            }
            let share = percent ? number / 100 : number
            guard (0...1).contains(share) else {
                throw ConfigurationError("a share is a number from 0 to 1 (or a percentage), got '\(text)'")
            }
            return share
        }

        /// Refuses a `Retry-After` on a status that does not carry one.
        func check() throws(ConfigurationError) {
            guard retryAfterSeconds != nil else { return }
            switch fault {
            case .status(429), .status(503): return
            default:
                throw ConfigurationError("retry-after is sent with 429 and 503 only, not with \(fault)")
            }
        }

        /// The share as written: `0.2`, `1`.
        var shareText: String {
            share == share.rounded() && abs(share) <= 1 ? "\(Int(share))" : "\(share)"
        }

        /// `0.2:503`, with its options (`1:503:retry-after=2:times=2`).
        public var description: String {
            var text = "\(shareText):\(fault)"
            if let retryAfterSeconds { text += ":retry-after=\(retryAfterSeconds)" }
            if let times { text += ":times=\(times)" }
            return text
        }
    }

    /// The latency and failures of every operation, or of one; a member left `nil` in an
    /// operation's rule is the one of ``MockFaults/all``.
    public struct Rule: Sendable, Hashable {
        /// The delay before each answer.
        public var latency: Latency?
        /// The shares of requests that fail, in order (`[]`: none, also where ``MockFaults/all``
        /// has some).
        public var failures: [Failure]?

        /// A rule.
        public init(latency: Latency? = nil, failures: [Failure]? = nil) {
            self.latency = latency
            self.failures = failures
        }

        /// Whether it sets nothing.
        public var isEmpty: Bool { latency == nil && failures == nil }

        /// Refuses shares that add up to more than 1.
        func check() throws(ConfigurationError) {
            let total = (failures ?? []).reduce(0) { $0 + $1.share }
            guard total <= 1 + 1e-9 else {
                throw ConfigurationError("the shares of failures add up to \(total), more than 1")
            }
        }
    }

    /// A faults file or option that cannot be read: what and where (the file and JSON pointer).
    public struct ConfigurationError: Error, CustomStringConvertible {
        /// What is wrong, in one line.
        public var description: String

        /// An error saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The rule of every request, also to paths no operation has.
    public var all: Rule
    /// The rules of operations by operationId; each member they set wins over ``all``'s.
    public var operations: [String: Rule]
    /// The seed of the generator that draws failures and jitter; `nil`: a random one.
    public var seed: UInt64?

    /// Faults; by default none.
    public init(all: Rule = Rule(), operations: [String: Rule] = [:], seed: UInt64? = nil) {
        self.all = all
        self.operations = operations
        self.seed = seed
    }

    /// Whether no rule sets anything (requests are answered as they come; `Prefer` still applies).
    public var isEmpty: Bool { all.isEmpty && operations.values.allSatisfy(\.isEmpty) }

    /// The rule of a request to `operationId` (`nil`: no operation): its own members, else
    /// ``all``'s; `scope` names where the failures come from (their counts of ``Failure/times``
    /// are kept by it).
    func rule(for operationId: String?) -> (latency: Latency?, failures: [Failure], scope: String) {
        let own = operationId.flatMap { operations[$0] }
        let latency = own?.latency ?? all.latency
        if let failures = own?.failures, let operationId { return (latency, failures, operationId) }
        return (latency, all.failures ?? [], "all")
    }

    /// Each member of `other`'s rules replaces this one's (the command line's options over a file).
    public func merging(_ other: MockFaults) -> MockFaults {
        func merge(_ base: Rule, _ top: Rule) -> Rule {
            Rule(latency: top.latency ?? base.latency, failures: top.failures ?? base.failures)
        }
        var merged = self
        merged.all = merge(all, other.all)
        for (name, rule) in other.operations { merged.operations[name] = merge(operations[name] ?? Rule(), rule) }
        merged.seed = other.seed ?? seed
        return merged
    }

    /// The rules in one line for a log: `all: latency 200±50 ms, fail 0.2:503; getItem: fail
    /// 1:reset` (`none` when there are none).
    public var description: String {
        func words(_ rule: Rule) -> String {
            var parts: [String] = []
            if let latency = rule.latency { parts.append("latency \(latency)") }
            if let failures = rule.failures {
                parts.append(
                    failures.isEmpty ? "no failures" : "fail " + failures.map(\.description).joined(separator: ", "))
            }
            return parts.joined(separator: ", ")
        }
        var lines: [String] = []
        if !all.isEmpty { lines.append("all: " + words(all)) }
        for name in operations.keys.sorted() where !(operations[name]?.isEmpty ?? true) {
            lines.append("\(name): " + words(operations[name]!))
        }
        let seedText = seed.map { " (seed \($0))" } ?? ""
        return (lines.isEmpty ? "none" : lines.joined(separator: "; ")) + seedText
    }
}
