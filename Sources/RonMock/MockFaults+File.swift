import Foundation
import RonCodegenCore

/// The faults file (`--faults FILE`) and the command-line options (`--latency`, `--fail`,
/// `--seed`) that make a ``MockFaults``.
extension MockFaults {
    /// Reads a faults file: JSON `{"all": RULE, "operations": {"<operationId>": RULE}, "seed": N}`,
    /// each RULE `{"latency": 200 | "200±50", "fail": [FAILURE]}` and each FAILURE
    /// `{"share": 0.2, "status": 503, "retryAfter": 1, "times": 2}`, `{"share": 0.1, "fault":
    /// "reset"}` or `"0.2:503"`. An error names the file and the JSON pointer (or line:column).
    public init(contentsOf file: URL) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ConfigurationError("\(file.path): cannot read the faults file")
        }
        try self.init(json: data, file: file.path)
    }

    /// Reads the JSON of a faults file; `file` names it in errors.
    public init(json data: Data, file: String) throws(ConfigurationError) {
        let root: DocumentValue
        do {
            root = try SchemaDocumentReader.parse(data, path: file.hasSuffix(".json") ? file : file + ".json")
        } catch {
            throw ConfigurationError("\(file): at \(error.pointer): \(error.message)")
        }
        let reader = FileReader(file: file)
        self.init()
        let top = Dictionary(
            try reader.object(root, at: "", allowed: ["all", "operations", "seed"]),
            uniquingKeysWith: { first, _ in first })
        if let value = top["all"] { all = try reader.rule(value, at: "/all") }
        if let value = top["operations"] {
            for (name, rule) in try reader.object(value, at: "/operations", allowed: nil) {
                operations[name] = try reader.rule(rule, at: "/operations/" + DescriptionDocuments.escape(name))
            }
        }
        if let value = top["seed"] {
            guard case .number(let text) = value, let number = UInt64(text) else {
                throw reader.error("/seed", "a seed is a whole number from 0, got \(value.jsonText)")
            }
            seed = number
        }
    }

    /// The faults of a command line: `file` (`--faults`) read first, then each `--latency
    /// [OPERATION=]MS[±JITTER]` and `--fail [OPERATION=]SHARE:FAULT[:...]` in order (the options'
    /// latency and failures of an operation, or of all, replace the file's), and `seed` (`--seed`).
    public static func commandLine(
        latency: [String] = [], fail: [String] = [], file: String? = nil, seed: UInt64? = nil
    ) throws(ConfigurationError) -> MockFaults {
        var base = MockFaults()
        if let file { base = try MockFaults(contentsOf: URL(fileURLWithPath: file)) }
        var options = MockFaults(seed: seed)
        for text in latency {
            let (operation, spec) = Self.target(of: text)
            let value: Latency
            do { value = try Latency(parsing: spec) } catch { throw ConfigurationError("--latency: \(error)") }
            options.update(operation) { $0.latency = value }
        }
        for text in fail {
            let (operation, spec) = Self.target(of: text)
            let value: Failure
            do { value = try Failure(parsing: spec) } catch { throw ConfigurationError("--fail: \(error)") }
            options.update(operation) { $0.failures = ($0.failures ?? []) + [value] }
        }
        for (name, rule) in [("all", options.all)] + options.operations.sorted(by: { $0.key < $1.key }) {
            do { try rule.check() } catch { throw ConfigurationError("--fail (\(name)): \(error)") }
        }
        return base.merging(options)
    }

    /// `OPERATION=SPEC` split in two (`nil` for all): an `=` before the first `:` ends the name.
    static func target(of text: String) -> (operation: String?, spec: String) {
        let head = text.prefix { $0 != ":" }
        guard let equals = head.firstIndex(of: "=") else { return (nil, text) }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        return (name.isEmpty ? nil : name, String(text[text.index(after: equals)...]))
    }

    private mutating func update(_ operation: String?, _ change: (inout Rule) -> Void) {
        if let operation {
            change(&operations[operation, default: Rule()])
        } else {
            change(&all)
        }
    }

    /// The operationIds of ``operations`` that `api` does not serve, in name order: most likely
    /// misspelt; a tool may warn.
    public func unknownOperations(in api: MockAPI) -> [String] {
        let known = Set(api.routes.map(\.operation.operationId))
        return operations.keys.filter { !known.contains($0) }.sorted()
    }
}

/// Reads the members of a faults file, each error at its JSON pointer.
private struct FileReader {
    let file: String

    func error(_ pointer: String, _ message: String) -> MockFaults.ConfigurationError {
        MockFaults.ConfigurationError("\(file): at \(pointer.isEmpty ? "/" : pointer): \(message)")
    }

    /// The members of an object; `allowed` (when given) lists the names it may have.
    func object(
        _ value: DocumentValue, at pointer: String, allowed: Set<String>?
    ) throws(MockFaults.ConfigurationError) -> [(String, DocumentValue)] {
        guard let members = value.objectMembers else {
            throw error(pointer, "expected an object, found \(value.jsonText)")
        }
        var seen: [(String, DocumentValue)] = []
        for member in members {
            if let allowed, !allowed.contains(member.key) {
                throw error(
                    pointer + "/" + DescriptionDocuments.escape(member.key),
                    "unknown member '\(member.key)' (expected \(allowed.sorted().joined(separator: ", ")))")
            }
            seen.append((member.key, member.value))
        }
        return seen
    }

    func rule(_ value: DocumentValue, at pointer: String) throws(MockFaults.ConfigurationError) -> MockFaults.Rule {
        var rule = MockFaults.Rule()
        for (name, member) in try object(value, at: pointer, allowed: ["latency", "fail"]) {
            let at = pointer + "/" + name
            switch (name, member) {
            case ("latency", .number(let text)), ("latency", .string(let text)):
                do { rule.latency = try MockFaults.Latency(parsing: text) } catch { throw self.error(at, "\(error)") }
            case ("latency", _):
                throw error(at, "a latency is milliseconds (200) or \"200±50\", found \(member.jsonText)")
            case ("fail", .array(let items)):
                rule.failures = []
                for (index, item) in items.enumerated() {
                    rule.failures?.append(try failure(item, at: "\(at)/\(index)"))
                }
                do { try rule.check() } catch { throw self.error(at, "\(error)") }
            default:
                throw error(at, "expected an array of failures, found \(member.jsonText)")
            }
        }
        return rule
    }

    func failure(_ value: DocumentValue, at pointer: String) throws(MockFaults.ConfigurationError) -> MockFaults.Failure
    {
        if case .string(let text) = value {
            do { return try MockFaults.Failure(parsing: text) } catch { throw self.error(pointer, "\(error)") }
        }
        let members = Dictionary(
            try object(value, at: pointer, allowed: ["share", "status", "fault", "retryAfter", "times"]),
            uniquingKeysWith: { first, _ in first })
        guard let shareValue = members["share"] else {
            throw error(pointer, "a failure needs a share (from 0 to 1)")
        }
        guard case .number(let shareText) = shareValue, let share = Double(shareText), (0...1).contains(share) else {
            throw error(pointer + "/share", "a share is a number from 0 to 1, found \(shareValue.jsonText)")
        }
        let fault: MockFaults.Fault
        switch (members["status"], members["fault"]) {
        case (.number(let text)?, nil):
            guard let status = Int(text), (400...599).contains(status) else {
                throw error(pointer + "/status", "a status is from 400 to 599, found \(text)")
            }
            fault = .status(status)
        case (nil, .string(let text)?) where ["reset", "stall"].contains(text):
            fault = text == "reset" ? .reset : .stall
        case (nil, let other?):
            throw error(pointer + "/fault", "a fault is \"reset\" or \"stall\", found \(other.jsonText)")
        case (let other?, nil):
            throw error(pointer + "/status", "a status is a number from 400 to 599, found \(other.jsonText)")
        case (nil, nil), (.some, .some):
            throw error(
                pointer, "a failure has a status (429, 500, 503, ...) or a fault (\"reset\", \"stall\"), one of them")
        }
        var failure = MockFaults.Failure(share: share, fault: fault)
        for (name, range) in [("retryAfter", 0...86_400), ("times", 1...Int(Int32.max))] {
            guard let member = members[name] else { continue }
            guard case .number(let text) = member, let number = Int(text), range.contains(number) else {
                throw error(
                    pointer + "/" + name,
                    "expected a whole number from \(range.lowerBound), found \(member.jsonText)")
            }
            if name == "times" { failure.times = number } else { failure.retryAfterSeconds = number }
        }
        do { try failure.check() } catch { throw self.error(pointer + "/retryAfter", "\(error)") }
        return failure
    }
}
