import Foundation

extension DescriptionSchemaValidator {
    /// `properties`, `patternProperties` (3.1; in 3.0 it only exempts members from
    /// `additionalProperties`, as openapi-core reads it), `additionalProperties`, `propertyNames`,
    /// `required` (3.0: an answer may leave out a `writeOnly` member and a request a `readOnly`
    /// one), `dependentRequired`, `dependentSchemas`, `minProperties`, `maxProperties`.
    func checkObject(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        guard case .object(let members) = spot.value else { return [] }
        let fields = DescriptionValues.fields(members)
        let values = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var problems: [DescriptionProblem] = []
        let properties = spot.keyword("properties")
        let declared = Set(properties?.value.objectMembers?.map(\.key) ?? [])
        if let properties, let entries = properties.value.objectMembers {
            for property in entries {
                guard let value = values[property.key], let schema = properties.member(property.key) else { continue }
                problems += check(value, spot.pointer(property.key), schema, spot.dialect, &state)
            }
        }
        let patterns = spot.keyword("patternProperties")
        let patternTexts = patterns?.value.objectMembers?.map(\.key) ?? []
        if spot.dialect == .openAPI31, let patterns {
            for (pattern, field) in patternTexts.flatMap({ pattern in fields.map { (pattern, $0) } })
            where search(pattern, in: field.key, &state) == true {
                guard let schema = patterns.member(pattern) else { continue }
                problems += check(field.value, spot.pointer(field.key), schema, spot.dialect, &state)
            }
        }
        if let additional = spot.keyword("additionalProperties") {
            let joined = patternTexts.joined(separator: "|")
            let extras = fields.filter { field in
                !declared.contains(field.key) && (joined.isEmpty || search(joined, in: field.key, &state) != true)
            }
            for extra in extras {
                switch additional.value {
                case .object:
                    problems += check(extra.value, spot.pointer(extra.key), additional, spot.dialect, &state)
                case .bool(false):
                    let words = "no member '\(extra.key)' (additionalProperties: false)"
                    problems.append(problem(spot.pointer(extra.key), words, additional.origin))
                default: break
                }
            }
        }
        if spot.dialect == .openAPI31, let names = spot.keyword("propertyNames") {
            for field in fields {
                for refusal in check(.string(field.key), spot.pointer(field.key), names, spot.dialect, &state) {
                    let words = "a member name propertyNames takes (\(refusal.expected))"
                    problems.append(problem(spot.pointer(field.key), words, refusal.schemaOrigin))
                }
            }
        }
        problems += checkRequired(spot, fields, properties)
        if spot.dialect == .openAPI31 { problems += checkDependencies(spot, fields, &state) }
        if let keyword = spot.keyword("minProperties"), let bound = DescriptionValues.bound(keyword.value),
            Double(fields.count) < bound.value
        {
            let words = "at least " + DescriptionValues.count(bound.text, "member") + ", not \(fields.count)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        if let keyword = spot.keyword("maxProperties"), let bound = DescriptionValues.bound(keyword.value),
            Double(fields.count) > bound.value
        {
            let words = "at most " + DescriptionValues.count(bound.text, "member") + ", not \(fields.count)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        return problems
    }

    /// `required`, with OpenAPI 3.0's exemption read as openapi-core reads it: from the member's
    /// schema as written beside `required` (a `writeOnly` behind a `$ref` exempts nothing).
    private func checkRequired(
        _ spot: Spot, _ fields: [(key: String, value: DocumentValue)], _ properties: DescriptionDocuments.Located?
    ) -> [DescriptionProblem] {
        guard let required = spot.keyword("required"), let names = required.value.arrayValue else { return [] }
        var problems: [DescriptionProblem] = []
        let present = Set(fields.map(\.key))
        for name in names.compactMap(\.text) where !present.contains(name) {
            if spot.dialect == .openAPI30, let schema = properties?.value.member(name) {
                let exempting = direction == .response ? "writeOnly" : "readOnly"
                if let flag = schema.member(exempting), DescriptionValues.truthy(flag) { continue }
            }
            problems.append(problem(spot.pointer, "a member '\(name)' (required)", required.origin))
        }
        return problems
    }

    /// 3.1's `dependentRequired` and `dependentSchemas`.
    private func checkDependencies(
        _ spot: Spot, _ fields: [(key: String, value: DocumentValue)], _ state: inout Evaluation
    ) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        let present = Set(fields.map(\.key))
        if let dependencies = spot.keyword("dependentRequired"), let entries = dependencies.value.objectMembers {
            for entry in entries where present.contains(entry.key) {
                for name in (entry.value.arrayValue ?? []).compactMap(\.text) where !present.contains(name) {
                    let words = "a member '\(name)' (dependentRequired by '\(entry.key)')"
                    problems.append(
                        problem(spot.pointer, words, dependencies.origin + "/" + DescriptionDocuments.escape(entry.key))
                    )
                }
            }
        }
        if let dependencies = spot.keyword("dependentSchemas"), let entries = dependencies.value.objectMembers {
            for entry in entries where present.contains(entry.key) {
                guard let schema = dependencies.member(entry.key) else { continue }
                problems += check(spot.value, spot.pointer, schema, spot.dialect, &state)
            }
        }
        return problems
    }
}
