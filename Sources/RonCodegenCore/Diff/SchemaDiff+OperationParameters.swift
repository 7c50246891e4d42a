/// The rules for an operation's parameters.
extension ModelComparison {
    /// A parameter's identity: path ones by position (their names are not on the wire), the others by
    /// location and name (header names ignoring case).
    static func keys(_ operation: Operation) -> [String] {
        var position = 0
        return operation.parameters.map { parameter in
            switch parameter.location {
            case .path:
                position += 1
                return "path \(position)"
            case .query: return "query \(parameter.name)"
            case .header: return "header \(parameter.name.lowercased())"
            case .cookie: return "cookie \(parameter.name)"
            }
        }
    }

    /// Whether the generated method takes `parameter` as an argument: not a facet's `id` (the facet
    /// client's own) nor an event stream's `Last-Event-ID` (the `lastEventId:` every subscription has).
    static func isArgument(_ parameter: OperationParameter, of operation: Operation) -> Bool {
        if operation.facetScoped && parameter.location == .path && parameter.name == "id" { return false }
        if case .eventStream = operation.result, SwiftRenderer.isLastEventId(parameter) { return false }
        return true
    }

    mutating func compareParameters(_ old: Operation, _ new: Operation) {
        let name = Self.label(new)
        let oldKeys = Self.keys(old)
        let newKeys = Self.keys(new)
        /// Where the parameter of `key` is defined in `operation`, or `nil` when it has none.
        func origin(_ key: String, _ keys: [String], _ operation: Operation) -> Origin? {
            guard let index = keys.firstIndex(of: key) else { return nil }
            return operation.parameters[index].origin
                ?? Origin(file: operation.origin.file, pointer: operation.origin.pointer + "/parameters")
        }
        func change(_ rule: SchemaDiffRule, _ key: String, _ detail: String, _ verdicts: CompatibilityVerdicts) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: name, member: key, detail: detail, old: origin(key, oldKeys, old),
                    new: origin(key, newKeys, new), verdicts: verdicts))
        }
        for (key, parameter) in zip(newKeys, new.parameters) {
            guard let index = oldKeys.firstIndex(of: key) else {
                let summary = Self.summary(of: parameter)
                if parameter.required {
                    // Old clients do not send it; an old server ignores a query parameter or header it does not read.
                    change(
                        .parameterAddedRequired, key, summary,
                        Self.verdicts(
                            false, parameter.location != .path, source: !Self.isArgument(parameter, of: new)))
                } else {
                    change(.parameterAddedOptional, key, summary, .allCompatible)
                }
                continue
            }
            compare(old.parameters[index], parameter, key: key, change: change)
        }
        for (key, parameter) in zip(oldKeys, old.parameters) where !newKeys.contains(key) {
            change(
                .parameterRemoved, key, Self.summary(of: parameter),
                Self.verdicts(
                    parameter.location != .path, !parameter.required, source: !Self.isArgument(parameter, of: old)))
        }
        // Swift arguments are passed in declaration order: the common ones must keep theirs.
        let arguments = Set(zip(oldKeys, old.parameters).filter { Self.isArgument($1, of: old) }.map(\.0))
            .intersection(zip(newKeys, new.parameters).filter { Self.isArgument($1, of: new) }.map(\.0))
        let before = oldKeys.filter(arguments.contains)
        let after = newKeys.filter(arguments.contains)
        if before != after {
            changes.append(
                SchemaChange(
                    rule: .parameterOrderChanged, typeName: name,
                    detail: "\(before.joined(separator: ", ")) → \(after.joined(separator: ", "))",
                    old: Origin(file: old.origin.file, pointer: old.origin.pointer + "/parameters"),
                    new: Origin(file: new.origin.file, pointer: new.origin.pointer + "/parameters"),
                    verdicts: Self.verdicts(true, true, source: false)))
        }
    }

    func compare(
        _ old: OperationParameter, _ new: OperationParameter, key: String,
        change: (SchemaDiffRule, String, String, CompatibilityVerdicts) -> Void
    ) {
        if old.name != new.name || old.swiftName != new.swiftName {
            change(
                .parameterRenamed, key, "\(old.name) → \(new.name) (argument \(old.swiftName) → \(new.swiftName))",
                Self.verdicts(true, true, source: old.swiftName == new.swiftName))
        }
        if !old.required, new.required {
            change(.parameterMadeRequired, key, "required", Self.verdicts(false, true, source: false))
        } else if old.required, !new.required {
            // `x: T` → `x: T? = nil`: every call that compiled still does.
            change(.parameterMadeOptional, key, "optional", Self.verdicts(true, false, source: true))
        }
        let before = Self.text(canonical(old.type))
        let after = Self.text(new.type)
        if before != after {
            change(
                .parameterTypeChanged, key, "\(Self.describe(old.type)) → \(Self.describe(new.type))",
                Self.verdicts(
                    Self.parses(after, before), Self.parses(before, after),
                    source: TypeSpelling.swift(canonical(old.type)) == TypeSpelling.swift(new.type)))
        }
        if old.explode != new.explode, case .array = new.type {
            change(
                .parameterStyleChanged, key, new.explode ? "one name=value per element" : "comma-separated",
                Self.verdicts(false, false, source: true))
        }
        if old.pathTail != new.pathTail {
            // One segment is a tail of one segment; a tail may hold `/`, which one segment refuses.
            change(
                .parameterStyleChanged, key, new.pathTail ? "spans several segments" : "one segment",
                Self.verdicts(new.pathTail, old.pathTail, source: true))
        }
        if old.description != new.description { change(.documentationChanged, key, "description", .allCompatible) }
        // An example is what the operation catalog offers as a value, never sent by a call.
        if old.example != new.example { change(.documentationChanged, key, "example", .allCompatible) }
    }

    /// `required query Int32`.
    static func summary(of parameter: OperationParameter) -> String {
        (parameter.required ? "required " : "optional ") + parameter.location.rawValue + " "
            + TypeSpelling.swift(parameter.type)
    }

    /// A parameter's type as its text on the wire sees it: a 64-bit integer is the same digits
    /// whichever JSON form its schema gives it.
    static func text(_ type: TypeReference) -> TypeReference {
        switch type {
        case .int64: .int64(asString: false)
        case .uint64: .uint64(asString: false)
        case .array(let element): .array(text(element))
        default: type
        }
    }

    /// Whether a server reading parameters of `reader` accepts the text a client of `value` sends:
    /// a plain string reads any scalar's text.
    static func parses(_ reader: TypeReference, _ value: TypeReference) -> Bool {
        if case .array(let a) = reader, case .array(let b) = value { return parses(a, b) }
        if reader == .string, !isArray(value) { return true }
        return WireAcceptance.accepts(reader, value)
    }

    static func isArray(_ type: TypeReference) -> Bool {
        if case .array = type { return true }
        return false
    }
}
