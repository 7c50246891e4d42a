import Foundation

/// Internally tagged unions: object variants told apart by a member with one constant string each
/// (serde's `#[serde(tag = "type")]` as schemars writes it) or by an OpenAPI `discriminator`.
extension SchemaNormalizer {
    /// An internally tagged enum: object variants that share a member with one constant string each,
    /// or an OpenAPI `discriminator`. Each variant's data is a struct without the tag member.
    mutating func internallyTagged(
        _ variants: [(DocumentValue, Place)], _ node: DocumentValue, at place: Place, name: String
    ) throws(CodegenError) -> DocumentValue? {
        var shapes: [ObjectShape] = []
        var targets: [Place?] = []
        for (option, optionPlace) in variants {
            var visiting: Set<Place> = []
            guard let shape = objectShape(option, at: optionPlace, visiting: &visiting), shape.isObject else {
                return nil
            }
            shapes.append(shape)
            if let ref = option["$ref"]?.string, option.members?.count == 1,
                case .place(let target) = index.resolve(ref, at: optionPlace)
            {
                targets.append(redirects[target] ?? target)
            } else {
                targets.append(nil)
            }
        }
        var tag: String?
        var values: [String] = []
        if let property = node["discriminator"]?["propertyName"]?.string, !property.isEmpty,
            targets.allSatisfy({ $0 != nil })
        {
            // OpenAPI: the mapping, else each target's schema name.
            var byTarget: [Place: String] = [:]
            for (value, ref) in node["discriminator"]?["mapping"]?.members ?? [] {
                guard let text = ref.string else { continue }
                let resolution =
                    text.contains("#") || text.contains("/")
                    ? index.resolve(text, at: place) : index.resolve("#/components/schemas/" + text, at: place)
                if case .place(let target) = resolution, byTarget[redirects[target] ?? target] == nil {
                    byTarget[redirects[target] ?? target] = value
                }
            }
            values = targets.map { target in
                let target = target!
                return byTarget[target]
                    ?? Pointer.unescape(String(target.pointer.split(separator: "/").last ?? ""))
            }
            tag = property
        } else {
            tag = Self.constTag(shapes, normalizer: &self)
            if let tag {
                values = shapes.map { shape in
                    let schema = shape.properties.first { $0.name == tag }!
                    return constant(schema.schema, at: schema.place) ?? ""
                }
            }
        }
        guard let tag, Set(values).count == values.count, !values.contains("") else { return nil }
        // A variant that does not require its tag matches an object without it: with one such
        // variant, an object without the tag is that variant; with more, only the members can tell,
        // so the union is untagged.
        var absentTag: String?
        if node["discriminator"] == nil {
            let untaggable = shapes.indices.filter { !shapes[$0].required.contains(tag) }
            if untaggable.count > 1 { return nil }
            absentTag = untaggable.first.map { values[$0] }
        }
        var options: [DocumentValue] = []
        var mapping: [(key: String, value: DocumentValue)] = []
        for (offset, (option, optionPlace)) in variants.enumerated() {
            var payload = shapes[offset]
            let marker: DocumentValue
            // The variant an object without the tag is keeps its tag member (optional), so an
            // object goes back with the tag or without it, as it came.
            let keepsTag = values[offset] == absentTag
            if let target = targets[offset], keepsTag || !payload.properties.contains(where: { $0.name == tag }),
                overrides[target] == nil, self.node(at: target)["allOf"] == nil
            {
                marker = named(target)
                if !keepsTag { reserve(tag, in: target) }
            } else if let target = targets[offset], let copy = variantCopies[VariantCopy(target, keepsTag ? nil : tag)]
            {
                // The same schema, without the same tag, in another union: the struct made for the first.
                marker = named(copy)
            } else {
                if !keepsTag {
                    payload.remove(tag)
                    payload.reserved.append(tag)
                }
                overrides[optionPlace] = .object(payload)
                marker = named(optionPlace, node: option, hint: name + Self.word(values[offset]))
                if let target = targets[offset] {
                    variantCopies[VariantCopy(target, keepsTag ? nil : tag)] = optionPlace
                }
            }
            options.append(.object([("$ref", marker)]))
            mapping.append((values[offset], marker))
        }
        return Self.annotations(
            of: node,
            into: [
                ("oneOf", .array(options)),
                (
                    "discriminator",
                    .object(
                        [("propertyName", .string(tag)), ("mapping", .object(mapping))]
                            + (absentTag.map { [("x-ron-absent-tag", DocumentValue.string($0))] } ?? []))
                ),
            ])
    }

    /// Leaves member `name` of the struct at `place` to the enum that holds it, in its definition
    /// if it is already normalized, and in the one still to come.
    mutating func reserve(_ name: String, in place: Place) {
        guard !(reservedMembers[place]?.contains(name) ?? false) else { return }
        reservedMembers[place, default: []].append(name)
        guard var members = definitions[place]?.members,
            members.contains(where: { $0.key == "x-ron-other-members" })
        else { return }
        if let index = members.firstIndex(where: { $0.key == "x-ron-other-members-except" }) {
            members[index].value = .array((members[index].value.arrayValue ?? []) + [.string(name)])
        } else {
            members.append(("x-ron-other-members-except", .array([.string(name)])))
        }
        definitions[place] = .object(members)
    }

    /// The member every shape has with one constant string, distinct across shapes (`type`,
    /// `kind` and `tag` first).
    static func constTag(_ shapes: [ObjectShape], normalizer: inout SchemaNormalizer) -> String? {
        guard let first = shapes.first else { return nil }
        var candidates = first.properties.map(\.name)
        for preferred in ["tag", "kind", "type"].reversed() where candidates.contains(preferred) {
            candidates.removeAll { $0 == preferred }
            candidates.insert(preferred, at: 0)
        }
        for candidate in candidates {
            var values: Set<String> = []
            let fits = shapes.allSatisfy { shape in
                guard let property = shape.properties.first(where: { $0.name == candidate }),
                    let value = normalizer.constant(property.schema, at: property.place)
                else { return false }
                return values.insert(value).inserted
            }
            if fits { return candidate }
        }
        return nil
    }

    /// The one string a property's schema allows (`const`, a one-value `enum`), following one `$ref`.
    func constant(_ schema: DocumentValue, at place: Place) -> String? {
        if let value = SchemaTranslator.singleString(schema) { return value }
        if let ref = schema["$ref"]?.string, case .place(let target) = index.resolve(ref, at: place) {
            return SchemaTranslator.singleString(node(at: target))
        }
        return nil
    }
}
