import Foundation

/// `oneOf`/`anyOf` and `type` lists: unions of anything become enums.
///
/// In order: `X | null` is an optional `X`; variants that are single strings are a string enum;
/// serde's externally and adjacently tagged shapes keep their forms; variants that are objects
/// sharing a member with one constant value each (serde's `#[serde(tag = "type")]` as schemars
/// writes it, or an OpenAPI `discriminator`) are an internally tagged enum; anything else is an
/// untagged enum whose decoding picks the variant that fits best. Properties written beside the
/// union belong to every object variant.
extension SchemaNormalizer {
    mutating func union(
        _ options: [DocumentValue], key: String, _ node: DocumentValue, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let view = typeView(node)
        var entries = options.enumerated().compactMap { offset, option -> (DocumentValue, Place)? in
            // `true` is a variant (any JSON); `{"required": [...]}` only constrains.
            option != .bool(true) && SchemaVocabulary.isConstraintOnly(option)
                ? nil : (option, place.appending(key).appending(String(offset)))
        }
        if entries.count < options.count,
            let offset = options.firstIndex(where: { $0 != .bool(true) && SchemaVocabulary.isConstraintOnly($0) })
        {
            // Beside typed variants, one that only constrains (`{"pattern": …}`, `{"if": …}`) lets
            // through values the typed ones do not: a string's alternatives of patterns are the
            // string itself; anything else gains a variant for any JSON.
            if view.kinds.count == 1, ["string", "number", "integer", "boolean"].contains(view.kinds[0]) {
                let plain = DocumentValue.object((node.members ?? []).filter { $0.key != key })
                let (form, nullable) = try lower(plain, at: place, definition: definition)
                return (form, nullable || view.nullable)
            }
            if !entries.contains(where: { $0.0 == .bool(true) }) {
                entries.append((.bool(true), place.appending(key).appending(String(offset))))
            }
        }
        var nonNull = entries.filter { !isNullSchema($0.0) }
        let hasNull = view.nullable || nonNull.count < entries.count
        let rest = (node.members ?? []).filter { $0.key != key && $0.key != "oneOf" && $0.key != "anyOf" }
        var own: ObjectShape?
        if DocumentValue.object(rest)["properties"] != nil {
            var visiting: Set<Place> = []
            own = objectShape(.object(rest), at: place, visiting: &visiting)
        }
        guard let first = nonNull.first else { return (Self.annotations(of: node, into: []), false) }
        if nonNull.count == 1, own == nil, node["discriminator"] == nil,
            SchemaTranslator.taggedMember(first.0) == nil, SchemaTranslator.singleString(first.0) == nil
        {
            let (form, inner) = try lower(first.0, at: first.1, definition: definition)
            return (mergeAnnotations(form, node), hasNull || inner)
        }
        let stringsOnly = nonNull.allSatisfy { SchemaTranslator.singleString($0.0) != nil }
        guard definition else {
            return (
                Self.annotations(of: node, into: reference(place, node: node).members ?? []), stringsOnly && hasNull
            )
        }
        let name = names[place] ?? pathName(of: place)
        if let own {
            // Properties beside `oneOf`: each object variant has them too.
            var merged: [(DocumentValue, Place)] = []
            for (option, optionPlace) in nonNull {
                var visiting: Set<Place> = []
                if let shape = objectShape(option, at: optionPlace, visiting: &visiting), shape.isObject {
                    var combined = own
                    combined.add(shape)
                    overrides[optionPlace] = .object(combined)
                    merged.append((option, optionPlace))
                } else {
                    merged.append((option, optionPlace))
                }
            }
            nonNull = merged
            if nonNull.count == 1 {
                if case .object(let shape)? = overrides[nonNull[0].1] {
                    return (try structDefinition(shape, at: place, annotationsOf: node), hasNull)
                }
            }
        }
        if stringsOnly, own == nil {
            var seen: Set<String> = []
            var cases: [DocumentValue] = []
            for (option, _) in nonNull {
                guard let value = SchemaTranslator.singleString(option), seen.insert(value).inserted else { continue }
                var members: [(key: String, value: DocumentValue)] = [("const", .string(value))]
                for key in ["title", "description"] {
                    if let text = option[key]?.string { members.append((key, .string(text))) }
                }
                cases.append(.object(members))
            }
            return (Self.annotations(of: node, into: [("oneOf", .array(cases))]), hasNull)
        }
        if !hasNull, own == nil {
            if let form = try externallyTagged(nonNull, node, name: name) { return (form, false) }
            if let form = try adjacentlyTagged(nonNull, node, name: name) { return (form, false) }
        }
        if !hasNull, let form = try internallyTagged(nonNull, node, at: place, name: name) { return (form, false) }
        // The variants in schema order, the `null` ones where they stand.
        let ordered = own == nil ? entries : nonNull
        return try untagged(ordered, hasNull: view.nullable, node, name: name, keyword: key)
    }

    /// A `type` list of several kinds: one variant per kind.
    mutating func typeUnion(
        _ view: TypeView, _ node: DocumentValue, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        guard definition else {
            return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), false)
        }
        let name = names[place] ?? pathName(of: place)
        var variants: [(DocumentValue, Place)] = []
        for kind in view.kinds {
            let members = (node.members ?? []).filter { $0.key != "type" && $0.key != "nullable" }
            let restricted = DocumentValue.object([("type", .string(kind))] + members)
            let variantPlace = place.appending("type").appending(kind)
            hoistedNodes[variantPlace] = restricted
            variants.append((restricted, variantPlace))
        }
        return try untagged(variants, hasNull: view.nullable, node, name: name, keyword: "anyOf", hints: view.kinds)
    }

    /// An untagged enum: a case per distinct variant, `null` last when allowed.
    mutating func untagged(
        _ variants: [(DocumentValue, Place)], hasNull: Bool, _ node: DocumentValue, name: String,
        keyword: String, hints: [String]? = nil
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        var forms: [DocumentValue] = []
        var cores: [DocumentValue] = []
        var nullSeen = hasNull
        var nullListed = false
        let null = DocumentValue.object([("type", .string("null"))])
        for (offset, (option, optionPlace)) in variants.enumerated() {
            if isNullSchema(option) {
                if !nullListed { forms.append(null) }
                nullListed = true
                continue
            }
            var hint: String?
            if let kind = hints?[offset] {
                hint = name + kind.capitalizedFirst
            } else if let title = option["title"]?.string, !title.contains(" "), !Naming.typeName(title).isEmpty {
                hint = name + Naming.typeName(title)
            }
            if let hint, overrides[optionPlace] != nil || needsDeclaration(option) {
                _ = named(optionPlace, node: option, hint: hint)
            }
            var (form, inner) =
                overrides[optionPlace] != nil
                ? (Self.annotations(of: option, into: reference(optionPlace, node: option).members ?? []), false)
                : try lower(option, at: optionPlace, definition: false)
            if inner { nullSeen = true }
            if let title = option["title"]?.string, form["title"] == nil,
                var members = form.members
            {
                members.append(("title", .string(title)))
                form = .object(members)
            }
            let core = DocumentValue.object(
                (form.members ?? []).filter { !SchemaVocabulary.annotations.contains($0.key) })
            guard !cores.contains(core) else { continue }
            cores.append(core)
            forms.append(form)
        }
        let typed = forms.filter { $0 != null }
        if typed.count == 1 { return (mergeAnnotations(typed[0], node), nullSeen || nullListed) }
        if typed.isEmpty { return (Self.annotations(of: node, into: []), false) }
        if nullSeen, !nullListed { forms.append(null) }
        // `oneOf` and `anyOf` read alike here; the keyword is kept so variants keep their places.
        let key = forms.count == 2 && nullListed ? "anyOf" : keyword
        return (Self.annotations(of: node, into: [(key, .array(forms))]), false)
    }

    /// Whether a schema becomes a declaration of its own when it stands in a property.
    func needsDeclaration(_ node: DocumentValue) -> Bool {
        guard node.members != nil, node["$ref"] == nil, node["$dynamicRef"] == nil, node["$recursiveRef"] == nil
        else { return false }
        if node["oneOf"] != nil || node["anyOf"] != nil || node["allOf"] != nil { return true }
        let view = typeView(node)
        if view.kinds.count > 1 { return true }
        switch view.kinds.first {
        case "object"?:
            return node["properties"] != nil || node["additionalProperties"] == .bool(false)
        case "string"?: return node["enum"] != nil
        case "array"?: return exactTuple(node) != nil
        default: return false
        }
    }

    /// serde's externally tagged enum (`{"Variant": data}` or `"Unit"`), as schemars writes it.
    mutating func externallyTagged(
        _ variants: [(DocumentValue, Place)], _ node: DocumentValue, name: String
    ) throws(CodegenError) -> DocumentValue? {
        let options = variants.map(\.0)
        guard options.contains(where: { SchemaTranslator.taggedMember($0) != nil }),
            options.allSatisfy({ SchemaTranslator.taggedMember($0) != nil || SchemaTranslator.unitNames($0) != nil })
        else { return nil }
        var tags: Set<String> = []
        var forms: [DocumentValue] = []
        for (option, optionPlace) in variants {
            var members: [(key: String, value: DocumentValue)]
            if let (tag, data) = SchemaTranslator.taggedMember(option) {
                guard tags.insert(tag).inserted else { return nil }
                let dataPlace = optionPlace.appending("properties").appending(tag)
                if needsDeclaration(data) {
                    _ = named(dataPlace, node: data, hint: name + (tag.isEmpty ? "Variant" : tag.capitalizedFirst))
                }
                let (form, nullable) = try lower(data, at: dataPlace, definition: false)
                guard !nullable else { return nil }
                members = [
                    ("type", .string("object")), ("properties", .object([(tag, form)])),
                    ("required", .array([.string(tag)])), ("additionalProperties", .bool(false)),
                ]
            } else {
                let units = SchemaTranslator.unitNames(option) ?? []
                for unit in units { guard tags.insert(unit).inserted else { return nil } }
                members = [("type", .string("string")), ("enum", .array(units.map(DocumentValue.string)))]
            }
            for key in ["title", "description"] {
                if let text = option[key]?.string { members.append((key, .string(text))) }
            }
            forms.append(.object(members))
        }
        return Self.annotations(of: node, into: [("oneOf", .array(forms))])
    }

    /// serde's adjacently tagged enum (`{"t": "Variant", "c": data}`), as schemars writes it.
    mutating func adjacentlyTagged(
        _ variants: [(DocumentValue, Place)], _ node: DocumentValue, name: String
    ) throws(CodegenError) -> DocumentValue? {
        let options = variants.map(\.0)
        guard let tag = SchemaTranslator.adjacentTagMember(options),
            options.allSatisfy({ $0["required"]?.arrayValue?.contains(.string(tag)) == true })
        else { return nil }
        guard let content = SchemaTranslator.adjacentContentMember(options, tag: tag) else { return nil }
        var seen: Set<String> = []
        var forms: [DocumentValue] = []
        for (option, optionPlace) in variants {
            guard let tagSchema = option["properties"]?[tag], let value = SchemaTranslator.singleString(tagSchema),
                seen.insert(value).inserted
            else { return nil }
            var properties: [(key: String, value: DocumentValue)] = [(tag, .object([("const", .string(value))]))]
            var required: [DocumentValue] = [.string(tag)]
            if let data = option["properties"]?[content] {
                let dataPlace = optionPlace.appending("properties").appending(content)
                if needsDeclaration(data) {
                    _ = named(dataPlace, node: data, hint: name + (value.isEmpty ? "Variant" : value.capitalizedFirst))
                }
                let (form, nullable) = try lower(data, at: dataPlace, definition: false)
                guard !nullable else { return nil }
                properties.append((content, form))
                if option["required"]?.arrayValue?.contains(.string(content)) == true {
                    required.append(.string(content))
                }
            }
            var members: [(key: String, value: DocumentValue)] = [
                ("type", .string("object")), ("properties", .object(properties)), ("required", .array(required)),
            ]
            for key in ["title", "description"] {
                if let text = option[key]?.string { members.append((key, .string(text))) }
            }
            forms.append(.object(members))
        }
        return Self.annotations(of: node, into: [("oneOf", .array(forms))])
    }
}
