/// `allOf` whose parts together allow several kinds of value (tslint's rules: a `$ref` to
/// `{"type": ["boolean", "object", "array"], "properties": …}` beside a part that adds `items` and
/// more `properties`; bukkit's `{"$ref": …, "type": ["boolean", "object"]}`): a union with a case
/// per kind, instead of a struct that would refuse the booleans and the arrays. The object case
/// merges the parts as an `allOf` does (references stay references, so a schema that refers to
/// itself through such a part ends); the other cases take the parts' keywords for their kind.
extension SchemaNormalizer {
    /// The kinds (besides `null`) that every part's `type` allows, in the order the first part with
    /// a `type` lists them, when there are more than one; else `nil`. A part that is a `$ref` is
    /// read through its target's `type`.
    func multipleKinds(_ parts: [(DocumentValue, Place)]) -> [String]? {
        var kinds: Set<String>?
        var order: [String] = []
        for (part, place) in parts where !SchemaVocabulary.isConstraintOnly(part) {
            var typed = part
            if part["type"] == nil, let (_, ref) = Self.referenceMember(part) {
                guard case .place(let found) = index.resolve(ref, at: place) else { return nil }
                typed = node(at: redirects[found] ?? found)
            }
            // Only a `type` says which kinds a part allows: `items` or `properties` alone constrain
            // the values of their kind and let the others through.
            guard typed["type"] != nil else { continue }
            let partKinds = typeView(typed).kinds
            guard !partKinds.isEmpty else { continue }
            if order.isEmpty { order = partKinds }
            kinds = kinds.map { $0.intersection(partKinds) } ?? Set(partKinds)
        }
        guard let kinds, kinds.count > 1 else { return nil }
        return order.filter(kinds.contains)
    }

    /// The union of `kinds` that `parts` make together.
    mutating func kindUnion(
        _ kinds: [String], _ parts: [(DocumentValue, Place)], _ node: DocumentValue, at place: Place,
        definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let nullable = typeView(node).nullable
        guard definition else {
            return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), nullable)
        }
        var variants: [(DocumentValue, Place)] = []
        for kind in kinds {
            let variantPlace = place.appending("type").appending(kind)
            var members: [(key: String, value: DocumentValue)] = [("type", .string(kind))]
            if kind == "object" {
                // Every part without its `type`: merged as an `allOf`, within the object kind.
                let stripped = parts.map { part in
                    DocumentValue.object(part.0.members?.filter { $0.key != "type" } ?? [])
                }
                members.append(("allOf", .array(stripped)))
            } else {
                for (part, _) in parts {
                    for (key, value) in part.members ?? []
                    where key != "type" && !SchemaVocabulary.objectKeywords.contains(key)
                        && !Self.referenceKeywords.contains(key)
                        && !members.contains(where: { $0.key == key })
                    {
                        members.append((key, value))
                    }
                }
            }
            let variant = DocumentValue.object(members)
            hoistedNodes[variantPlace] = variant
            variants.append((variant, variantPlace))
        }
        let name = names[place] ?? pathName(of: place)
        return try untagged(variants, hasNull: nullable, node, name: name, keyword: "anyOf", hints: kinds)
    }
}

extension SchemaNormalizer {
    /// Whether `node` (or the target of its `$ref`) is a `oneOf` or `anyOf` of schemas
    /// that each describe an object: what an `allOf` part flattens into a struct.
    func isObjectUnion(_ node: DocumentValue, at place: Place) -> Bool {
        var schema = node
        var schemaPlace = place
        if let (key, ref) = Self.referenceMember(node) {
            // Beside the reference only words that add no shape (a description, vendor metadata).
            let rest = DocumentValue.object(node.members?.filter { $0.key != key } ?? [])
            guard !SchemaVocabulary.hasShape(rest), case .place(let found) = index.resolve(ref, at: place)
            else { return false }
            schemaPlace = redirects[found] ?? found
            schema = self.node(at: schemaPlace)
        }
        guard let options = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue, !options.isEmpty else { return false }
        let kinds = typeView(schema).kinds
        guard kinds.isEmpty || kinds == ["object"] else { return false }
        return options.allSatisfy { option in
            let optionKinds = typeView(option).kinds
            if !optionKinds.isEmpty { return optionKinds == ["object"] }
            return option["properties"] != nil || option["allOf"] != nil
                || Self.referenceKeywords.contains { option[$0] != nil }
        }
    }
}
