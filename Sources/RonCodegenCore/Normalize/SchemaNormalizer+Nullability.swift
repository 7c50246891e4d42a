/// Nullability: which named types stand for values that may be `null`, so that every reference to
/// them is optional, and which schemas allow `null` alone.
extension SchemaNormalizer {
    /// Whether the named type at `place` stands for values that may be `null` which its Swift
    /// type does not hold (a struct whose `type` lists `null`, an alias of `X | null`), so every
    /// reference to it is optional.
    mutating func definitionNullable(_ place: Place) -> Bool {
        if overrides[place] != nil { return false }
        if let known = nullability[place] { return known }
        guard nullabilityVisits.count < Self.maximumMergeDepth, nullabilityVisits.insert(place).inserted else {
            return false
        }
        defer { nullabilityVisits.remove(place) }
        let answer = computeNullable(place)
        nullability[place] = answer
        return answer
    }

    private mutating func computeNullable(_ place: Place) -> Bool {
        let node = node(at: place)
        guard node.members != nil else { return false }
        let view = typeView(node)
        if let (_, ref) = Self.referenceMember(node),
            case .place(let target) = index.resolve(ref, at: place)
        {
            return view.nullable || definitionNullable(redirects[target] ?? target)
        }
        if node["allOf"] != nil { return false }
        for key in ["oneOf", "anyOf"] {
            guard let options = node[key]?.arrayValue?.filter({ !SchemaVocabulary.isConstraintOnly($0) }),
                !options.isEmpty
            else { continue }
            let nonNull = options.filter { !isNullSchema($0) }
            let hasNull = view.nullable || nonNull.count < options.count
            let stringsOnly = !nonNull.isEmpty && nonNull.allSatisfy { SchemaTranslator.singleString($0) != nil }
            return hasNull && (nonNull.count == 1 || stringsOnly)
        }
        if view.kinds.count > 1 { return false }
        return view.nullable && !view.kinds.isEmpty && view.kinds != ["null"]
    }

    /// Whether `node` allows `null` only.
    func isNullSchema(_ node: DocumentValue) -> Bool {
        if node["type"]?.string == "null" { return true }
        if node["const"] == .null { return true }
        if let values = node["enum"]?.arrayValue, values == [.null] { return true }
        return false
    }
}
