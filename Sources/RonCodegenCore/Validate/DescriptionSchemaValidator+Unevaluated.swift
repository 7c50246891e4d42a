import Foundation

extension DescriptionSchemaValidator {
    /// 3.1's `unevaluatedProperties` and `unevaluatedItems`: the members and items no keyword of
    /// this schema (through `$ref`, the branches that take the value, and `if`/`then`/`else`)
    /// evaluated must fit them.
    func checkUnevaluated(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        if case .object(let members) = spot.value, let keyword = spot.keyword("unevaluatedProperties") {
            var seen: Set<String> = []
            let evaluated = evaluatedKeys(spot.value, spot.pointer, spot.schema, spot.dialect, &seen, &state)
            for field in DescriptionValues.fields(members) where !evaluated.contains(field.key) {
                let pointer = spot.pointer(field.key)
                if keyword.value == .bool(false) {
                    problems.append(
                        problem(pointer, "no member '\(field.key)' (unevaluatedProperties: false)", keyword.origin))
                } else {
                    problems += check(field.value, pointer, keyword, spot.dialect, &state)
                }
            }
        }
        if case .array(let items) = spot.value, let keyword = spot.keyword("unevaluatedItems") {
            var seen: Set<String> = []
            let evaluated = evaluatedItems(spot.value, spot.pointer, spot.schema, spot.dialect, &seen, &state)
            for (index, item) in items.enumerated() where !evaluated.contains(index) {
                if keyword.value == .bool(false) {
                    let words = "no item \(index) (unevaluatedItems: false)"
                    problems.append(problem(spot.pointer + "/\(index)", words, keyword.origin))
                } else {
                    problems += check(item, spot.pointer + "/\(index)", keyword, spot.dialect, &state)
                }
            }
        }
        return problems
    }

    /// The schemas this one evaluates the value through in place: `$ref` targets, the branches
    /// of `allOf`/`anyOf`/`oneOf` that take the value, and `if` with `then`, or `else`.
    private func inPlace(
        _ value: DocumentValue, _ pointer: String, _ schema: DescriptionDocuments.Located,
        _ dialect: DescriptionDialect, _ state: inout Evaluation
    ) -> [DescriptionDocuments.Located] {
        var result: [DescriptionDocuments.Located] = []
        for key in ["$ref", "$dynamicRef"] {
            if let reference = schema.value.member(key)?.text,
                let target = documents.referenced(reference, from: schema.file)
            {
                result.append(target)
            }
        }
        for key in ["allOf", "oneOf", "anyOf"] {
            guard let list = schema.member(key), let count = list.value.arrayValue?.count else { continue }
            for branch in (0..<count).compactMap(list.element) where fits(value, pointer, branch, dialect, &state) {
                result.append(branch)
            }
        }
        if let condition = schema.member("if") {
            if fits(value, pointer, condition, dialect, &state) {
                result.append(condition)
                if let then = schema.member("then") { result.append(then) }
            } else if let otherwise = schema.member("else") {
                result.append(otherwise)
            }
        }
        return result
    }

    /// The member names `schema` and the schemas it applies in place evaluate.
    private func evaluatedKeys(
        _ value: DocumentValue, _ pointer: String, _ schema: DescriptionDocuments.Located,
        _ dialect: DescriptionDialect, _ seen: inout Set<String>, _ state: inout Evaluation
    ) -> Set<String> {
        guard case .object(let members) = value, case .object = schema.value, seen.count < Self.depthLimit,
            seen.insert(schema.origin).inserted
        else { return [] }
        let fields = DescriptionValues.fields(members)
        var keys: Set<String> = []
        if let properties = schema.value.member("properties")?.objectMembers {
            let names = Set(properties.map(\.key))
            keys.formUnion(fields.map(\.key).filter(names.contains))
        }
        for key in ["additionalProperties", "unevaluatedProperties"] {
            guard let sub = schema.member(key) else { continue }
            for field in fields
            where fits(field.value, pointer + "/" + DescriptionDocuments.escape(field.key), sub, dialect, &state) {
                keys.insert(field.key)
            }
        }
        for pattern in schema.value.member("patternProperties")?.objectMembers?.map(\.key) ?? [] {
            for field in fields where search(pattern, in: field.key, &state) == true { keys.insert(field.key) }
        }
        if let dependencies = schema.member("dependentSchemas"), let entries = dependencies.value.objectMembers {
            for entry in entries where fields.contains(where: { $0.key == entry.key }) {
                guard let sub = dependencies.member(entry.key) else { continue }
                keys.formUnion(evaluatedKeys(value, pointer, sub, dialect, &seen, &state))
            }
        }
        for sub in inPlace(value, pointer, schema, dialect, &state) {
            keys.formUnion(evaluatedKeys(value, pointer, sub, dialect, &seen, &state))
        }
        return keys
    }

    /// The item indexes `schema` and the schemas it applies in place evaluate.
    private func evaluatedItems(
        _ value: DocumentValue, _ pointer: String, _ schema: DescriptionDocuments.Located,
        _ dialect: DescriptionDialect, _ seen: inout Set<String>, _ state: inout Evaluation
    ) -> Set<Int> {
        guard case .array(let items) = value, case .object = schema.value, seen.count < Self.depthLimit,
            seen.insert(schema.origin).inserted
        else { return [] }
        if schema.value.member("items") != nil { return Set(items.indices) }
        var indexes: Set<Int> = []
        if let prefix = schema.value.member("prefixItems")?.arrayValue {
            indexes.formUnion(items.indices.prefix(prefix.count))
        }
        for key in ["contains", "unevaluatedItems"] {
            guard let sub = schema.member(key) else { continue }
            for (index, item) in items.enumerated() where fits(item, pointer + "/\(index)", sub, dialect, &state) {
                indexes.insert(index)
            }
        }
        for sub in inPlace(value, pointer, schema, dialect, &state) {
            indexes.formUnion(evaluatedItems(value, pointer, sub, dialect, &seen, &state))
        }
        return indexes
    }
}
