/// `allOf` whose parts together allow several kinds of value (tslint's rules: a `$ref` to
/// `{"type": ["boolean", "object", "array"], "properties": …}` beside a part that adds `items` and
/// more `properties`): the parts are one schema of several kinds, so it is lowered as one, a union
/// with a case per kind, instead of a struct that would refuse the booleans and the arrays.
extension SchemaNormalizer {
    /// The parts' keywords as one schema when their `type`s leave more than one kind (besides
    /// `null`), else `nil`. A part that is a `$ref` contributes its target's keywords, when the
    /// target is in the same document (so the references inside it mean the same there).
    func multiKindCombination(_ parts: [(DocumentValue, Place)]) -> DocumentValue? {
        var kinds: Set<String>?
        var expanded: [[(key: String, value: DocumentValue)]] = []
        for (part, place) in parts where !SchemaVocabulary.isConstraintOnly(part) {
            guard var members = part.members else { return nil }
            if let key = Self.referenceKeywords.first(where: { part[$0]?.string != nil }),
                let ref = part[key]?.string
            {
                guard case .place(let found) = index.resolve(ref, at: place), found.document == place.document,
                    let target = node(at: redirects[found] ?? found).members,
                    !target.contains(where: { $0.key == "$id" || $0.key == "id" || $0.key == "allOf" })
                else { return nil }
                members = target + members.filter { !Self.referenceKeywords.contains($0.key) }
            }
            if members.contains(where: { ["allOf", "oneOf", "anyOf"].contains($0.key) }) { return nil }
            // Only a `type` says which kinds a part allows: `items` or `properties` alone constrain
            // the values of their kind and let the others through.
            let partKinds = Set(members.contains { $0.key == "type" } ? typeView(.object(members)).kinds : [])
            if !partKinds.isEmpty { kinds = kinds.map { $0.intersection(partKinds) } ?? partKinds }
            expanded.append(members)
        }
        guard let kinds, kinds.count > 1, expanded.count > 1 else { return nil }
        var combined: [(key: String, value: DocumentValue)] = []
        for members in expanded {
            for (key, value) in members {
                guard let existing = combined.firstIndex(where: { $0.key == key }) else {
                    combined.append((key, value))
                    continue
                }
                switch (key, combined[existing].value, value) {
                case ("properties", .object(let first), .object(let more)):
                    combined[existing].value = .object(
                        first + more.filter { new in !first.contains { $0.key == new.key } })
                case ("required", .array(let first), .array(let more)):
                    combined[existing].value = .array(first + more.filter { !first.contains($0) })
                default: continue
                }
            }
        }
        // The kinds every part allows, in the order the first part lists them.
        let order =
            expanded.lazy.filter { $0.contains { $0.key == "type" } }.map { self.typeView(.object($0)).kinds }.first
            ?? []
        let type = DocumentValue.array(order.filter(kinds.contains).map(DocumentValue.string))
        if let index = combined.firstIndex(where: { $0.key == "type" }) {
            combined[index].value = type
        } else {
            combined.append(("type", type))
        }
        return .object(combined.filter { !["definitions", "$defs", "$schema"].contains($0.key) })
    }
}

extension SchemaNormalizer {
    /// Whether `node` (or the target of its `$ref`) is a `oneOf` or `anyOf` of schemas
    /// that each describe an object: what an `allOf` part flattens into a struct.
    func isObjectUnion(_ node: DocumentValue, at place: Place) -> Bool {
        var schema = node
        var schemaPlace = place
        if let key = Self.referenceKeywords.first(where: { node[$0]?.string != nil }), let ref = node[key]?.string {
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
