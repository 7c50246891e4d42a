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

    static func verdicts(
        _ oldClients: Bool, _ newClients: Bool, source: Bool
    ) -> CompatibilityVerdicts {
        CompatibilityVerdicts(
            oldClientsNewServer: oldClients ? .compatible : .breaking,
            newClientsOldServer: newClients ? .compatible : .breaking, swiftSource: source ? .compatible : .breaking)
    }

    // MARK: One operation

    mutating func compare(_ old: Operation, _ new: Operation) {
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

    // MARK: Answers

    /// One successful answer: its status and media type (`nil` for a single answer, whose status the
    /// generated call does not look at) and its body.
    struct Answer {
        var key: String?
        var payload: OperationPayload
        var swiftName: String?
    }

    static func answers(_ result: OperationResult) -> [Answer]? {
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
    static func reads(_ reader: OperationPayload, _ value: OperationPayload) -> Bool {
        switch (reader, value) {
        case (.empty, _), (.bytes, _): true
        case (.text, let value): value != .bytes
        case (.json(let a), .json(let b)): WireAcceptance.accepts(a, b)
        default: false
        }
    }

    static func spelling(_ payload: OperationPayload) -> String {
        switch payload {
        case .json(let type): TypeSpelling.swift(type)
        case .bytes: "Data"
        case .text: "String"
        case .empty: "NoContent"
        }
    }

    static func describe(_ payload: OperationPayload) -> String {
        switch payload {
        case .json(let type): describe(type)
        case .bytes: "Data (bytes)"
        case .text: "String (text)"
        case .empty: "no content"
        }
    }

    func canonical(_ payload: OperationPayload) -> OperationPayload {
        if case .json(let type) = payload { return .json(canonical(type)) }
        return payload
    }

    mutating func compareResults(_ old: Operation, _ new: Operation) {
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
