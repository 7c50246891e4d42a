/// Operations (routes) compared the way the generated calls behave.
///
/// Operations are matched by method and path template (the names of `{placeholders}` do not count:
/// they are not on the wire), then the rest by `operationId` (a route that moved). A change is listed
/// under the operation as `METHOD /path`; its member is a parameter (`query limit`, `path 1`),
/// `body`, or an answer (`200 application/json`). For an operation the wire columns read: *old
/// clients* — do calls generated from the old schema still succeed against a new server;
/// *new clients* — the same for calls generated from the new schema against an old server. A server
/// is taken to ignore query parameters, headers and request bodies it does not read. The Swift source
/// column is broken by a change to a generated call's name, arguments or result type. Request and
/// response bodies that name a type are covered by that type's own changes.
extension ModelComparison {
    mutating func compareOperations() {
        // Old operations by route, then by operationId, each taken once (the first when two share one).
        var taken = Set<Int>()
        let byRoute = Dictionary(
            old.operations.indices.map { (Self.route(old.operations[$0]), $0) }, uniquingKeysWith: { first, _ in first }
        )
        let byId = Dictionary(
            old.operations.indices.map { (old.operations[$0].operationId, $0) }, uniquingKeysWith: { first, _ in first }
        )
        var previous: [Int: Operation] = [:]
        for (index, operation) in new.operations.enumerated() {
            if let found = byRoute[Self.route(operation)], taken.insert(found).inserted {
                previous[index] = old.operations[found]
            }
        }
        for (index, operation) in new.operations.enumerated() where previous[index] == nil {
            if let found = byId[operation.operationId], taken.insert(found).inserted {
                previous[index] = old.operations[found]
            }
        }
        let unmatched = old.operations.indices.filter { !taken.contains($0) }.map { old.operations[$0] }
        for (index, operation) in new.operations.enumerated() {
            if let before = previous[index] {
                compare(before, operation)
            } else {
                changes.append(
                    SchemaChange(
                        rule: .operationAdded, typeName: Self.label(operation),
                        detail: "new call \(operation.swiftName)", old: nil, new: operation.origin,
                        verdicts: .allCompatible))
            }
        }
        for operation in unmatched {
            changes.append(
                SchemaChange(
                    rule: .operationRemoved, typeName: Self.label(operation),
                    detail: "call \(operation.swiftName) removed", old: operation.origin, new: nil,
                    verdicts: CompatibilityVerdicts(
                        oldClientsNewServer: .breaking, newClientsOldServer: .compatible, swiftSource: .breaking)))
        }
    }

    /// `GET /things/{}`: the method and the path as the wire sees it.
    static func route(_ operation: Operation) -> String {
        let segments = operation.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? "{}" : String(segment)
        }
        return operation.method + " " + segments.joined(separator: "/")
    }

    /// `GET /things/{id}`, as the report names an operation.
    static func label(_ operation: Operation) -> String { operation.method + " " + operation.path }

    private static func verdicts(
        _ oldClients: Bool, _ newClients: Bool, source: Bool
    ) -> CompatibilityVerdicts {
        CompatibilityVerdicts(
            oldClientsNewServer: oldClients ? .compatible : .breaking,
            newClientsOldServer: newClients ? .compatible : .breaking, swiftSource: source ? .compatible : .breaking)
    }

    // MARK: One operation

    private mutating func compare(_ old: Operation, _ new: Operation) {
        let name = Self.label(new)
        func change(
            _ rule: SchemaDiffRule, member: String? = nil, _ detail: String, _ verdicts: CompatibilityVerdicts,
            old oldPointer: String = "", new newPointer: String = ""
        ) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: name, member: member, detail: detail,
                    old: Origin(file: old.origin.file, pointer: old.origin.pointer + oldPointer),
                    new: Origin(file: new.origin.file, pointer: new.origin.pointer + newPointer), verdicts: verdicts))
        }
        if Self.route(old) != Self.route(new) {
            // The same call (by operationId) on another route: neither server answers the other's.
            change(
                .operationMethodOrPathChanged, "\(Self.label(old)) → \(name)",
                Self.verdicts(false, false, source: old.facetScoped == new.facetScoped))
        }
        if old.operationId != new.operationId || old.swiftName != new.swiftName {
            change(
                .operationRenamed, "\(old.operationId) → \(new.operationId) (call \(old.swiftName) → \(new.swiftName))",
                Self.verdicts(true, true, source: old.swiftName == new.swiftName))
        }
        if !old.deprecated, new.deprecated { change(.operationDeprecated, "deprecated", .allCompatible) }
        if old.summary != new.summary || old.description != new.description {
            change(.documentationChanged, "summary or description", .allCompatible)
        }
        compareParameters(old, new)
        compareBodies(old, new)
        compareResults(old, new)
    }

    // MARK: Parameters

    /// A parameter's identity: path ones by position (their names are not on the wire), the others by
    /// location and name (header names ignoring case).
    private static func keys(_ operation: Operation) -> [String] {
        var position = 0
        return operation.parameters.map { parameter in
            switch parameter.location {
            case .path:
                position += 1
                return "path \(position)"
            case .query: return "query \(parameter.name)"
            case .header: return "header \(parameter.name.lowercased())"
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

    private mutating func compareParameters(_ old: Operation, _ new: Operation) {
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

    private func compare(
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
    }

    /// `required query Int32`.
    private static func summary(of parameter: OperationParameter) -> String {
        (parameter.required ? "required " : "optional ") + parameter.location.rawValue + " "
            + TypeSpelling.swift(parameter.type)
    }

    /// A parameter's type as its text on the wire sees it: a 64-bit integer is the same digits
    /// whichever JSON form its schema gives it.
    private static func text(_ type: TypeReference) -> TypeReference {
        switch type {
        case .int64: .int64(asString: false)
        case .uint64: .uint64(asString: false)
        case .array(let element): .array(text(element))
        default: type
        }
    }

    /// Whether a server reading parameters of `reader` accepts the text a client of `value` sends:
    /// a plain string reads any scalar's text.
    private static func parses(_ reader: TypeReference, _ value: TypeReference) -> Bool {
        if case .array(let a) = reader, case .array(let b) = value { return parses(a, b) }
        if reader == .string, !isArray(value) { return true }
        return WireAcceptance.accepts(reader, value)
    }

    private static func isArray(_ type: TypeReference) -> Bool {
        if case .array = type { return true }
        return false
    }

    // MARK: Request bodies

    private mutating func compareBodies(_ old: Operation, _ new: Operation) {
        let name = Self.label(new)
        let oldOrigin = Origin(file: old.origin.file, pointer: old.origin.pointer + "/requestBody")
        let newOrigin = Origin(file: new.origin.file, pointer: new.origin.pointer + "/requestBody")
        func change(_ rule: SchemaDiffRule, _ detail: String, _ verdicts: CompatibilityVerdicts) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: name, member: "body", detail: detail,
                    old: old.requestBody == nil ? nil : oldOrigin, new: new.requestBody == nil ? nil : newOrigin,
                    verdicts: verdicts))
        }
        switch (old.requestBody, new.requestBody) {
        case (nil, nil): return
        case (nil, let body?):
            // Old clients send none; an old server ignores the body new clients send.
            change(
                .requestBodyAdded, Self.summary(of: body), Self.verdicts(!body.required, true, source: !body.required))
        case (let body?, nil):
            change(.requestBodyRemoved, Self.summary(of: body), Self.verdicts(true, !body.required, source: false))
        case (let before?, let after?):
            let type = canonical(before.type)
            if type != after.type || before.contentType != after.contentType {
                let sameMedia = before.contentType == after.contentType
                change(
                    .requestBodyTypeChanged,
                    "\(before.contentType) \(Self.describe(before.type)) → \(after.contentType) \(Self.describe(after.type))",
                    Self.verdicts(
                        sameMedia && WireAcceptance.accepts(after.type, type),
                        sameMedia && WireAcceptance.accepts(type, after.type),
                        source: TypeSpelling.swift(type) == TypeSpelling.swift(after.type)))
            }
            if !before.required, after.required {
                change(.parameterMadeRequired, "required", Self.verdicts(false, true, source: false))
            } else if before.required, !after.required {
                change(.parameterMadeOptional, "optional", Self.verdicts(true, false, source: true))
            }
            if before.description != after.description { change(.documentationChanged, "description", .allCompatible) }
        }
    }

    private static func summary(of body: OperationBody) -> String {
        (body.required ? "required " : "optional ") + body.contentType + " " + describe(body.type)
    }

    // MARK: Answers

    /// One successful answer: its status and media type (`nil` for a single answer, whose status the
    /// generated call does not look at) and its body.
    private struct Answer {
        var key: String?
        var payload: OperationPayload
        var swiftName: String?
    }

    private static func answers(_ result: OperationResult) -> [Answer]? {
        switch result {
        case .none: [Answer(key: nil, payload: .empty)]
        case .single(let payload): [Answer(key: nil, payload: payload)]
        case .several(let alternatives):
            alternatives.map {
                Answer(
                    key: $0.status.uppercased() + ($0.contentType.map { " " + $0.lowercased() } ?? ""),
                    payload: $0.payload, swiftName: $0.swiftName)
            }
        case .eventStream: nil
        }
    }

    /// Whether the generated decoding for `reader` accepts every body of `value`: `NoContent` ignores
    /// the body, `Data` takes any, `String` any text, a JSON type what ``WireAcceptance`` says.
    private static func reads(_ reader: OperationPayload, _ value: OperationPayload) -> Bool {
        switch (reader, value) {
        case (.empty, _), (.bytes, _): true
        case (.text, let value): value != .bytes
        case (.json(let a), .json(let b)): WireAcceptance.accepts(a, b)
        default: false
        }
    }

    private static func spelling(_ payload: OperationPayload) -> String {
        switch payload {
        case .json(let type): TypeSpelling.swift(type)
        case .bytes: "Data"
        case .text: "String"
        case .empty: "NoContent"
        }
    }

    private static func describe(_ payload: OperationPayload) -> String {
        switch payload {
        case .json(let type): describe(type)
        case .bytes: "Data (bytes)"
        case .text: "String (text)"
        case .empty: "no content"
        }
    }

    private func canonical(_ payload: OperationPayload) -> OperationPayload {
        if case .json(let type) = payload { return .json(canonical(type)) }
        return payload
    }

    private mutating func compareResults(_ old: Operation, _ new: Operation) {
        let name = Self.label(new)
        let oldOrigin = Origin(file: old.origin.file, pointer: old.origin.pointer + "/responses")
        let newOrigin = Origin(file: new.origin.file, pointer: new.origin.pointer + "/responses")
        func change(
            _ rule: SchemaDiffRule, _ member: String?, _ detail: String, _ verdicts: CompatibilityVerdicts,
            inOld: Bool = true, inNew: Bool = true
        ) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: name, member: member, detail: detail, old: inOld ? oldOrigin : nil,
                    new: inNew ? newOrigin : nil, verdicts: verdicts))
        }
        guard let before = Self.answers(old.result), let after = Self.answers(new.result) else {
            switch (old.result, new.result) {
            case (.eventStream(let a), .eventStream(let b)):
                let type = canonical(a)
                if type != b {
                    change(
                        .responseTypeChanged, "text/event-stream", "events \(Self.describe(a)) → \(Self.describe(b))",
                        Self.verdicts(
                            WireAcceptance.accepts(type, b), WireAcceptance.accepts(b, type),
                            source: TypeSpelling.swift(type) == TypeSpelling.swift(b)))
                }
            default:
                // A subscription becomes a call or the reverse: another method on both sides.
                change(.responseTypeChanged, nil, "event stream ↔ answer", .allBreaking)
            }
            return
        }
        let oldPayloads = before.map { canonical($0.payload) }
        switch (before.count, after.count) {
        case (1, 1):
            if oldPayloads[0] != after[0].payload {
                change(
                    .responseTypeChanged, nil,
                    "\(Self.describe(before[0].payload)) → \(Self.describe(after[0].payload))",
                    Self.verdicts(
                        Self.reads(oldPayloads[0], after[0].payload), Self.reads(after[0].payload, oldPayloads[0]),
                        source: Self.spelling(oldPayloads[0]) == Self.spelling(after[0].payload)))
            }
        case (1, _):
            // The call's result becomes an enum of the answers; the old call reads every 2xx body as its one type.
            change(
                .responseAdded, nil,
                "\(after.count) answers: \(after.compactMap(\.key).joined(separator: ", ")) (result \(SwiftRenderer.resultType(new)))",
                Self.verdicts(
                    after.allSatisfy { Self.reads(oldPayloads[0], $0.payload) },
                    after.contains { Self.reads($0.payload, oldPayloads[0]) }, source: false))
        case (_, 1):
            change(
                .responseRemoved, nil, "one answer: \(Self.describe(after[0].payload))",
                Self.verdicts(
                    oldPayloads.contains { Self.reads($0, after[0].payload) },
                    oldPayloads.allSatisfy { Self.reads(after[0].payload, $0) }, source: false))
        default:
            if SwiftRenderer.resultType(old) != SwiftRenderer.resultType(new) {
                change(
                    .responseTypeChanged, nil,
                    "result \(SwiftRenderer.resultType(old)) → \(SwiftRenderer.resultType(new))",
                    Self.verdicts(true, true, source: false))
            }
            for answer in after {
                guard let index = before.firstIndex(where: { $0.key == answer.key }) else {
                    // The old decoding answers decode_failed for a status or media type it does not list.
                    change(
                        .responseAdded, answer.key, "case \(answer.swiftName ?? "")",
                        Self.verdicts(false, true, source: false), inOld: false)
                    continue
                }
                if oldPayloads[index] != answer.payload {
                    change(
                        .responseTypeChanged, answer.key,
                        "\(Self.describe(before[index].payload)) → \(Self.describe(answer.payload))",
                        Self.verdicts(
                            Self.reads(oldPayloads[index], answer.payload),
                            Self.reads(answer.payload, oldPayloads[index]),
                            source: Self.spelling(oldPayloads[index]) == Self.spelling(answer.payload)))
                }
                if before[index].swiftName != answer.swiftName {
                    change(
                        .responseTypeChanged, answer.key,
                        "case \(before[index].swiftName ?? "") → \(answer.swiftName ?? "")",
                        Self.verdicts(true, true, source: false))
                }
            }
            for answer in before where !after.contains(where: { $0.key == answer.key }) {
                change(
                    .responseRemoved, answer.key, "case \(answer.swiftName ?? "")",
                    Self.verdicts(true, false, source: false), inNew: false)
            }
        }
    }
}
