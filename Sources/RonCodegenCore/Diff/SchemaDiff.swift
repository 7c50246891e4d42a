/// Compares two schema models (not their text) and lists every change with its verdicts.
///
/// Types are matched by where they are written (document and JSON pointer), then by name; a type
/// whose name changed at the same place, or that disappears while one of the same shape appears,
/// is a rename. Members are matched by wire name, enum values and variants by their wire tag. A kind of
/// declaration or type reference the comparison does not know is reported as a change that breaks
/// everything, so a new construct of the generator is never missed and never crashes the diff.
///
/// Operations (the `paths` of OpenAPI documents) are compared after the types, matched by method
/// and path, then by `operationId` (`SchemaDiff+Operations.swift`).
public enum SchemaDiff {
    /// Every change from `old` to `new`, in the new model's type order (removed types last).
    public static func compare(old: SchemaModel, new: SchemaModel) -> SchemaDiffReport {
        var comparison = ModelComparison(old: old, new: new)
        comparison.compareTypes()
        comparison.compareOperations()
        return SchemaDiffReport(changes: comparison.changes, renamedTypes: comparison.renames)
    }
}

/// The state of one comparison: the renames found and the changes listed so far.
struct ModelComparison {
    let old: SchemaModel
    let new: SchemaModel
    /// Old name → new name, for types renamed without other change.
    var renames: [String: String] = [:]
    var changes: [SchemaChange] = []

    init(old: SchemaModel, new: SchemaModel) {
        self.old = old
        self.new = new
    }

    mutating func compareTypes() {
        // A type is the schema written at its place: matched there first, so that a type renamed
        // because a new one took its name (`OrderStatus` → `OrderStatusOrders` when another document
        // defines `OrderStatus` too) is a rename, not a removal beside a type of another kind.
        let key = { (origin: Origin) in origin.file + "#" + origin.pointer }
        let oldByOrigin = Dictionary(old.types.map { (key($0.origin), $0) }, uniquingKeysWith: { first, _ in first })
        let newOrigins = Set(new.types.map { key($0.origin) })
        var pairs: [String: NamedType] = [:]
        var taken: Set<String> = []
        for type in new.types {
            if let previous = oldByOrigin[key(type.origin)], !taken.contains(previous.name) {
                pairs[type.name] = previous
                taken.insert(previous.name)
            }
        }
        // Then by name, for a type whose old place is gone (moved to another document or pointer).
        let oldByName = Dictionary(old.types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for type in new.types where pairs[type.name] == nil {
            if let previous = oldByName[type.name], !taken.contains(previous.name),
                !newOrigins.contains(key(previous.origin))
            {
                pairs[type.name] = previous
                taken.insert(previous.name)
            }
        }
        var removed = old.types.filter { !taken.contains($0.name) }
        var added: [NamedType] = []
        for type in new.types where pairs[type.name] == nil {
            if let index = removed.firstIndex(where: { $0.shape == type.shape }) {
                let previous = removed.remove(at: index)
                pairs[type.name] = previous
            } else {
                added.append(type)
            }
        }
        for (name, previous) in pairs where previous.name != name {
            renames[previous.name] = name
        }
        for type in new.types {
            if let previous = pairs[type.name] {
                if previous.name != type.name {
                    changes.append(
                        SchemaChange(
                            rule: .typeRenamed, typeName: type.name, detail: "\(previous.name) → \(type.name)",
                            old: previous.origin, new: type.origin,
                            verdicts: CompatibilityVerdicts(
                                oldClientsNewServer: .compatible, newClientsOldServer: .compatible,
                                swiftSource: .breaking)))
                }
                compare(previous, type)
            } else if added.contains(where: { $0.name == type.name }) {
                changes.append(
                    SchemaChange(
                        rule: .typeAdded, typeName: type.name, detail: "new \(Self.kind(of: type.shape))", old: nil,
                        new: type.origin, verdicts: .allCompatible))
            }
        }
        for type in removed {
            changes.append(
                SchemaChange(
                    rule: .typeRemoved, typeName: type.name, detail: "\(Self.kind(of: type.shape)) removed",
                    old: type.origin, new: nil,
                    verdicts: CompatibilityVerdicts(
                        oldClientsNewServer: .breaking, newClientsOldServer: .compatible, swiftSource: .breaking)))
        }
    }

    /// The declaration kind's name (`structure`, `stringEnum`, …), for any kind, known or not.
    static func kind(of shape: NamedType.Shape) -> String {
        // A case with a payload is the label of its one child; describing the whole value is slow.
        Mirror(reflecting: shape).children.first?.label ?? String(String(describing: shape).prefix { $0 != "(" })
    }

    /// An old-side reference with renamed types spelled by their new names.
    func canonical(_ type: TypeReference) -> TypeReference {
        if case .array(let element) = type { return .array(canonical(element)) }
        if case .map(let value) = type { return .map(canonical(value)) }
        if case .named(let name, let arguments) = type {
            return .named(renames[name] ?? name, arguments: arguments.map(canonical))
        }
        return type
    }

    // MARK: One type

    mutating func compare(_ old: NamedType, _ new: NamedType) {
        func change(_ rule: SchemaDiffRule, _ detail: String, _ verdicts: CompatibilityVerdicts) {
            changes.append(
                SchemaChange(
                    rule: rule, typeName: new.name, detail: detail, old: old.origin, new: new.origin, verdicts: verdicts
                ))
        }
        if !old.deprecated, new.deprecated { change(.typeDeprecated, "deprecated", .allCompatible) }
        if old.documentation != new.documentation { change(.documentationChanged, "documentation", .allCompatible) }
        for conformance in new.conformances where !old.conformances.contains(conformance) {
            change(.conformanceAdded, conformance, .allCompatible)
        }
        for conformance in old.conformances where !new.conformances.contains(conformance) {
            change(
                .conformanceRemoved, conformance,
                CompatibilityVerdicts(
                    oldClientsNewServer: .compatible, newClientsOldServer: .compatible, swiftSource: .breaking))
        }
        if old.shape != new.shape { compareShapes(old, new) }
    }

    mutating func compareShapes(_ old: NamedType, _ new: NamedType) {
        let oldKind = Self.kind(of: old.shape)
        let newKind = Self.kind(of: new.shape)
        guard oldKind == newKind else {
            changes.append(
                SchemaChange(
                    rule: .typeKindChanged, typeName: new.name, detail: "\(oldKind) → \(newKind)", old: old.origin,
                    new: new.origin, verdicts: .allBreaking))
            return
        }
        if case .structure(let oldParameters, let oldFields) = old.shape,
            case .structure(let newParameters, let newFields) = new.shape
        {
            if oldParameters != newParameters {
                changes.append(
                    SchemaChange(
                        rule: .typeParametersChanged, typeName: new.name,
                        detail:
                            "<\(oldParameters.joined(separator: ", "))> → <\(newParameters.joined(separator: ", "))>",
                        old: old.origin, new: new.origin, verdicts: .allBreaking))
            }
            compareFields(old, oldFields, new, newFields)
        } else if case .stringEnum(let oldCases) = old.shape, case .stringEnum(let newCases) = new.shape {
            compareEnumCases(old, oldCases, new, newCases)
        } else if case .taggedUnion(let oldTag, let oldVariants) = old.shape,
            case .taggedUnion(let newTag, let newVariants) = new.shape
        {
            if oldTag != newTag { taggingChanged(old, new, "discriminator \(oldTag) → \(newTag)") }
            compareVariants(
                old, oldVariants.map { ($0.tag, $0.swiftName, .named($0.payload, arguments: [])) },
                new, newVariants.map { ($0.tag, $0.swiftName, .named($0.payload, arguments: [])) })
        } else if case .externallyTagged(let oldVariants) = old.shape,
            case .externallyTagged(let newVariants) = new.shape
        {
            compareVariants(
                old, oldVariants.map { ($0.tag, $0.swiftName, $0.payload) },
                new, newVariants.map { ($0.tag, $0.swiftName, $0.payload) })
            compareVariantDocumentation(old, oldVariants, new, newVariants)
        } else if case .adjacentlyTagged(let oldTag, let oldContent, let oldVariants) = old.shape,
            case .adjacentlyTagged(let newTag, let newContent, let newVariants) = new.shape
        {
            if (oldTag, oldContent) != (newTag, newContent) {
                taggingChanged(old, new, "tag/content \(oldTag)/\(oldContent) → \(newTag)/\(newContent)")
            }
            compareVariants(
                old, oldVariants.map { ($0.tag, $0.swiftName, $0.payload) },
                new, newVariants.map { ($0.tag, $0.swiftName, $0.payload) })
            compareVariantDocumentation(old, oldVariants, new, newVariants)
        } else if case .untagged(let oldVariants) = old.shape, case .untagged(let newVariants) = new.shape,
            Self.undocumented(oldVariants) == Self.undocumented(newVariants)
        {
            // The same variants described otherwise: documentation only, one change per variant. (Any
            // other change of an untagged union is judged as a whole, below.)
            for (before, after) in zip(oldVariants, newVariants) where before.documentation != after.documentation {
                documentationChanged(old, new, member: after.swiftName, "documentation of case \(after.swiftName)")
            }
        } else if case .tuple(let oldElements) = old.shape, case .tuple(let newElements) = new.shape,
            Self.undocumented(oldElements) == Self.undocumented(newElements)
        {
            for (offset, (before, after)) in zip(oldElements, newElements).enumerated()
            where before.documentation != after.documentation {
                documentationChanged(old, new, member: "_\(offset)", "documentation of element \(offset)")
            }
        } else if case .patternString(let oldPattern) = old.shape, case .patternString(let newPattern) = new.shape {
            if oldPattern != newPattern {
                changes.append(
                    SchemaChange(
                        rule: .patternChanged, typeName: new.name, detail: "\(oldPattern) → \(newPattern)",
                        old: old.origin, new: new.origin,
                        verdicts: CompatibilityVerdicts(
                            oldClientsNewServer: .breaking, newClientsOldServer: .breaking, swiftSource: .compatible)))
            }
        } else if case .alias(let oldTarget) = old.shape, case .alias(let newTarget) = new.shape {
            let target = canonical(oldTarget)
            if target != newTarget {
                changes.append(
                    SchemaChange(
                        rule: .aliasTargetChanged, typeName: new.name,
                        detail: "\(Self.describe(oldTarget)) → \(Self.describe(newTarget))", old: old.origin,
                        new: new.origin,
                        verdicts: CompatibilityVerdicts(
                            oldClientsNewServer: WireAcceptance.accepts(target, newTarget) ? .compatible : .breaking,
                            newClientsOldServer: WireAcceptance.accepts(newTarget, target) ? .compatible : .breaking,
                            swiftSource: .breaking)))
            }
        } else if old.shape != new.shape {
            changes.append(
                SchemaChange(
                    rule: .typeChanged, typeName: new.name, detail: "\(newKind) changed", old: old.origin,
                    new: new.origin, verdicts: .allBreaking))
        }
    }

    /// `DOCUMENTATION_CHANGED` for `member` of a type.
    private mutating func documentationChanged(_ old: NamedType, _ new: NamedType, member: String, _ detail: String) {
        changes.append(
            SchemaChange(
                rule: .documentationChanged, typeName: new.name, member: member, detail: detail, old: old.origin,
                new: new.origin, verdicts: .allCompatible))
    }

    /// A variant of an externally or adjacently tagged enum described otherwise: documentation only
    /// (variants matched by their tag, as ``compareVariants(_:_:_:_:)`` matches them).
    private mutating func compareVariantDocumentation(
        _ old: NamedType, _ oldVariants: [ExternalVariant], _ new: NamedType, _ newVariants: [ExternalVariant]
    ) {
        for variant in newVariants {
            guard let previous = oldVariants.first(where: { $0.tag == variant.tag }),
                previous.documentation != variant.documentation
            else { continue }
            documentationChanged(old, new, member: variant.tag, "documentation of case \(variant.swiftName)")
        }
    }

    /// Untagged variants without their documentation, to tell a change of documentation from others.
    static func undocumented(_ variants: [UntaggedVariant]) -> [UntaggedVariant] {
        variants.map { variant in
            var variant = variant
            variant.documentation = nil
            return variant
        }
    }

    /// Tuple elements without their documentation.
    static func undocumented(_ elements: [TupleElement]) -> [TupleElement] {
        elements.map { element in
            var element = element
            element.documentation = nil
            return element
        }
    }

    private mutating func taggingChanged(_ old: NamedType, _ new: NamedType, _ detail: String) {
        changes.append(
            SchemaChange(
                rule: .unionTaggingChanged, typeName: new.name, detail: detail, old: old.origin, new: new.origin,
                verdicts: CompatibilityVerdicts(
                    oldClientsNewServer: .breaking, newClientsOldServer: .breaking, swiftSource: .compatible)))
    }

    // MARK: Enums and unions

    mutating func compareEnumCases(_ old: NamedType, _ oldCases: [EnumCase], _ new: NamedType, _ newCases: [EnumCase]) {
        compareCases(
            old, oldCases.map { ($0.wireValue, $0.swiftName) }, new, newCases.map { ($0.wireValue, $0.swiftName) },
            rules: (.enumValueAdded, .enumCaseRenamed, .enumValueRemoved)
        ) { oldIndex, newIndex in
            // A value described now, or described otherwise (an enum rewritten as a `oneOf` of `const`
            // values with a description each): documentation only.
            let (previous, value) = (oldCases[oldIndex], newCases[newIndex])
            guard previous.documentation != value.documentation else { return nil }
            return SchemaChange(
                rule: .documentationChanged, typeName: new.name, member: value.wireValue,
                detail: "documentation of case \(value.swiftName)", old: old.origin, new: new.origin,
                verdicts: .allCompatible)
        }
    }

    mutating func compareVariants(
        _ old: NamedType, _ oldVariants: [(tag: String, swiftName: String, payload: TypeReference?)],
        _ new: NamedType, _ newVariants: [(tag: String, swiftName: String, payload: TypeReference?)]
    ) {
        let canonicalPayload = { [self] (payload: TypeReference?) in payload.map(canonical) }
        compareCases(
            old, oldVariants.map { ($0.tag, $0.swiftName) }, new, newVariants.map { ($0.tag, $0.swiftName) },
            rules: (.unionVariantAdded, .unionVariantRenamed, .unionVariantRemoved)
        ) { oldIndex, newIndex in
            let (previous, variant) = (oldVariants[oldIndex], newVariants[newIndex])
            let before = canonicalPayload(previous.payload)
            guard before != variant.payload else { return nil }
            func accepts(_ decoder: TypeReference?, _ value: TypeReference?) -> CompatibilityVerdict {
                guard let decoder, let value else { return .breaking }
                return WireAcceptance.accepts(decoder, value) ? .compatible : .breaking
            }
            return SchemaChange(
                rule: .unionVariantPayloadChanged, typeName: new.name, member: variant.tag,
                detail: "\(previous.payload.map(Self.describe) ?? "no data") → "
                    + (variant.payload.map(Self.describe) ?? "no data"),
                old: old.origin, new: new.origin,
                verdicts: CompatibilityVerdicts(
                    oldClientsNewServer: accepts(before, variant.payload),
                    newClientsOldServer: accepts(variant.payload, before), swiftSource: .breaking))
        }
    }

    /// The cases of an enum or a union's variants, matched by their key on the wire: added (old
    /// clients read `.unknown`), renamed in Swift, removed (new clients read `.unknown`). `kept` may
    /// add one more change for a case on both sides (a variant's payload), right after its rename.
    private mutating func compareCases(
        _ old: NamedType, _ oldCases: [(key: String, swiftName: String)],
        _ new: NamedType, _ newCases: [(key: String, swiftName: String)],
        rules: (added: SchemaDiffRule, renamed: SchemaDiffRule, removed: SchemaDiffRule),
        kept: (_ oldIndex: Int, _ newIndex: Int) -> SchemaChange? = { _, _ in nil }
    ) {
        let unknownTolerated = CompatibilityVerdicts(
            oldClientsNewServer: .compatible, newClientsOldServer: .compatible, swiftSource: .breaking)
        for (newIndex, value) in newCases.enumerated() {
            guard let oldIndex = oldCases.firstIndex(where: { $0.key == value.key }) else {
                changes.append(
                    SchemaChange(
                        rule: rules.added, typeName: new.name, member: value.key,
                        detail: "case \(value.swiftName) (old clients read .unknown)", old: nil, new: new.origin,
                        verdicts: unknownTolerated))
                continue
            }
            let previous = oldCases[oldIndex]
            if previous.swiftName != value.swiftName {
                changes.append(
                    SchemaChange(
                        rule: rules.renamed, typeName: new.name, member: value.key,
                        detail: "case \(previous.swiftName) → \(value.swiftName)", old: old.origin, new: new.origin,
                        verdicts: unknownTolerated))
            }
            if let change = kept(oldIndex, newIndex) { changes.append(change) }
        }
        for value in oldCases where !newCases.contains(where: { $0.key == value.key }) {
            changes.append(
                SchemaChange(
                    rule: rules.removed, typeName: new.name, member: value.key,
                    detail: "case \(value.swiftName) (new clients read .unknown)", old: old.origin, new: nil,
                    verdicts: unknownTolerated))
        }
    }

    /// A reference as Swift spells it, with the wire form where the Swift type does not say it.
    static func describe(_ type: TypeReference) -> String {
        switch type {
        case .int64(asString: true), .uint64(asString: true): TypeSpelling.swift(type) + " (JSON string)"
        case .int64(asString: false), .uint64(asString: false): TypeSpelling.swift(type) + " (JSON number)"
        case .bytes: "Data (base64url)"
        case .timestamp: "Date (RFC 3339)"
        default: TypeSpelling.swift(type)
        }
    }
}
