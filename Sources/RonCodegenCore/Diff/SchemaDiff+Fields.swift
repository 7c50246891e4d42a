/// The members of a struct, matched by wire name. Each aspect of a member that changed (type,
/// requiredness, nullability, default, name, …) is its own change, judged alone: the old member
/// against the old member with only that aspect taken from the new one.
extension ModelComparison {
    mutating func compareFields(_ oldType: NamedType, _ oldFields: [Field], _ newType: NamedType, _ newFields: [Field])
    {
        for field in newFields {
            let newOrigin = Self.origin(of: field, in: newType)
            guard let previous = oldFields.first(where: { $0.wireName == field.wireName }) else {
                let verdicts = CompatibilityVerdicts(
                    oldClientsNewServer: .compatible,
                    newClientsOldServer: WireAcceptance.decodes(field, from: nil) ? .compatible : .breaking,
                    swiftSource: field.defaultValue != nil || field.isOptional ? .compatible : .breaking)
                changes.append(
                    SchemaChange(
                        rule: field.required ? .fieldAddedRequired : .fieldAddedOptional, typeName: newType.name,
                        member: field.wireName, detail: Self.summary(of: field), old: nil, new: newOrigin,
                        verdicts: verdicts))
                continue
            }
            compareField(previous, in: oldType, field, in: newType)
        }
        // The initializer takes the members in the schema's order: the same members in another order
        // keep the wire form and break every call that passes two of them.
        let kept = newFields.filter { field in
            field.isMember && oldFields.contains { $0.wireName == field.wireName }
        }.map(\.wireName)
        let before = oldFields.filter { field in
            field.isMember && kept.contains(field.wireName)
        }.map(\.wireName)
        if kept != before {
            changes.append(
                SchemaChange(
                    rule: .fieldOrderChanged, typeName: newType.name, member: nil,
                    detail: "\(before.joined(separator: ", ")) → \(kept.joined(separator: ", "))",
                    old: oldType.origin, new: newType.origin,
                    verdicts: CompatibilityVerdicts(
                        oldClientsNewServer: .compatible, newClientsOldServer: .compatible, swiftSource: .breaking)))
        }
        for field in oldFields where !newFields.contains(where: { $0.wireName == field.wireName }) {
            changes.append(
                SchemaChange(
                    rule: .fieldRemoved, typeName: newType.name, member: field.wireName,
                    detail: Self.summary(of: field),
                    old: Self.origin(of: field, in: oldType), new: nil,
                    verdicts: CompatibilityVerdicts(
                        oldClientsNewServer: WireAcceptance.decodes(field, from: nil) ? .compatible : .breaking,
                        newClientsOldServer: .compatible, swiftSource: .breaking)))
        }
    }

    private mutating func compareField(
        _ oldField: Field, in oldType: NamedType, _ newField: Field, in newType: NamedType
    ) {
        var old = oldField
        old.type = canonical(oldField.type)
        let textEnums = self.textEnums
        let origins = (Self.origin(of: oldField, in: oldType), Self.origin(of: newField, in: newType))

        /// Records `rule` when `aspect` differs, judged on the old member with only that aspect changed.
        func aspect<Value: Equatable>(
            _ path: WritableKeyPath<Field, Value>, _ rule: (Value, Value) -> SchemaDiffRule?,
            _ detail: (Value, Value) -> String
        ) -> SchemaChange? {
            let before = old[keyPath: path]
            let after = newField[keyPath: path]
            guard before != after, let rule = rule(before, after) else { return nil }
            var middle = old
            middle[keyPath: path] = after
            return SchemaChange(
                rule: rule, typeName: newType.name, member: newField.wireName, detail: detail(before, after),
                old: origins.0, new: origins.1,
                verdicts: CompatibilityVerdicts(
                    oldClientsNewServer: WireAcceptance.decodes(old, from: middle, textEnums: textEnums)
                        ? .compatible : .breaking,
                    newClientsOldServer: WireAcceptance.decodes(middle, from: old, textEnums: textEnums)
                        ? .compatible : .breaking,
                    swiftSource: WireAcceptance.sourceCompatible(old, middle) ? .compatible : .breaking))
        }

        let found: [SchemaChange?] = [
            aspect(
                \.type, { Self.typeRule($0, $1, textEnums: textEnums) },
                { "\(Self.describe($0)) → \(Self.describe($1))" }),
            aspect(\.required, { $1 ? .fieldMadeRequired : .fieldMadeOptional }, { $1 ? "required" : "optional" }),
            aspect(
                \.nullable, { $1 ? .fieldMadeNullable : .fieldMadeNonNullable }, { $1 ? "nullable" : "not nullable" }),
            aspect(
                \.defaultValue,
                { before, after in
                    before == nil ? .fieldDefaultAdded : after == nil ? .fieldDefaultRemoved : .fieldDefaultChanged
                }, { "default \(Self.describe($0)) → \(Self.describe($1))" }),
            aspect(\.omitsDefault, { _, _ in .fieldOmitDefaultChanged }, { $1 ? "omits its default" : "always sent" }),
            aspect(\.swiftName, { _, _ in .fieldSwiftNameChanged }, { "\($0) → \($1)" }),
            aspect(\.deprecated, { _, after in after ? .fieldDeprecated : nil }, { _, _ in "deprecated" }),
            aspect(\.documentation, { _, _ in .documentationChanged }, { _, _ in "documentation" }),
        ]
        changes.append(contentsOf: found.compactMap { $0 })
    }

    /// Which rule names a change of a member's type from `old` to `new`.
    static func typeRule(_ old: TypeReference, _ new: TypeReference, textEnums: Set<String> = []) -> SchemaDiffRule {
        if WireAcceptance.isInt64EncodingChange(old, new) { return .fieldInt64EncodingChanged }
        if WireAcceptance.isFormatChange(old, new) { return .fieldFormatChanged }
        switch (
            WireAcceptance.accepts(new, old, textEnums: textEnums),
            WireAcceptance.accepts(old, new, textEnums: textEnums)
        ) {
        case (true, false): return .fieldTypeWidened
        case (false, true): return .fieldTypeNarrowed
        default: return .fieldTypeChanged
        }
    }

    /// The open string enums (old names as renamed): a plain string member that becomes one of
    /// them, or one that becomes a plain string, keeps the wire form for reading. A name that is
    /// another kind of type on either side is not one (its kind change is judged on its own).
    var textEnums: Set<String> {
        func kinds(_ model: SchemaModel, _ name: (String) -> String) -> [String: Bool] {
            Dictionary(
                model.types.map { type in
                    if case .stringEnum = type.shape { return (name(type.name), true) }
                    return (name(type.name), false)
                }, uniquingKeysWith: { first, second in first && second })
        }
        let both = kinds(old, { renames[$0] ?? $0 }).merging(kinds(new, { $0 }), uniquingKeysWith: { $0 && $1 })
        return Set(both.filter(\.value).keys)
    }

    /// `/$defs/T/properties/<member>` below the type's own pointer.
    static func origin(of field: Field, in type: NamedType) -> Origin {
        Origin(file: type.origin.file, pointer: type.origin.pointer + "/properties/" + Pointer.escape(field.wireName))
    }

    static func summary(of field: Field) -> String {
        (field.required ? "required " : "optional ") + describe(field.type)
    }

    static func describe(_ value: DefaultValue?) -> String {
        guard let value else { return "none" }
        switch value {
        case .bool(let flag): return String(flag)
        case .integer(let text), .number(let text): return text
        case .string(let text): return "\"\(text)\""
        case .emptyArray: return "[]"
        case .enumCase(let name): return "." + name
        // `{}`, and any kind of default added later, as Swift describes it.
        default: return value == .emptyMap ? "{}" : String(describing: value)
        }
    }
}
