import Foundation

extension DescriptionSchemaValidator {
    /// `allOf`, `anyOf`, `oneOf` (or, beside a `discriminator`, the schema the discriminating
    /// member names), `not`, and 3.1's `if`/`then`/`else`.
    func checkCombinators(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        let lists = ["allOf", "anyOf", "oneOf"].compactMap { key in
            spot.keyword(key).flatMap { list in list.value.arrayValue == nil ? nil : (key, list) }
        }
        if !lists.isEmpty, let discriminator = spot.keyword("discriminator"),
            let property = discriminator.value.member("propertyName")?.text
        {
            problems += checkDiscriminator(spot, discriminator, property, &state)
        } else {
            for (key, list) in lists {
                let branches = (0..<(list.value.arrayValue?.count ?? 0)).compactMap(list.element)
                switch key {
                case "allOf":
                    for branch in branches { problems += check(spot.value, spot.pointer, branch, spot.dialect, &state) }
                case "anyOf": problems += checkAnyOf(spot, list, branches, &state)
                default: problems += checkOneOf(spot, list, branches, &state)
                }
            }
        }
        if let negated = spot.keyword("not"), fits(spot.value, spot.pointer, negated, spot.dialect, &state) {
            problems.append(problem(spot.pointer, "a value the 'not' schema refuses", negated.origin))
        }
        if spot.dialect == .openAPI31, let condition = spot.keyword("if") {
            let branch = fits(spot.value, spot.pointer, condition, spot.dialect, &state) ? "then" : "else"
            if let schema = spot.keyword(branch) {
                problems += check(spot.value, spot.pointer, schema, spot.dialect, &state)
            }
        }
        return problems
    }

    /// `anyOf`: one problem when no branch fits, naming what each wanted first.
    private func checkAnyOf(
        _ spot: Spot, _ list: DescriptionDocuments.Located, _ branches: [DescriptionDocuments.Located],
        _ state: inout Evaluation
    ) -> [DescriptionProblem] {
        var refusals: [[DescriptionProblem]] = []
        for branch in branches {
            let problems = check(spot.value, spot.pointer, branch, spot.dialect, &state)
            if problems.isEmpty { return [] }
            refusals.append(problems)
        }
        guard !branches.isEmpty else { return [] }
        return [problem(spot.pointer, "a value one of the anyOf schemas takes" + summary(refusals, spot), list.origin)]
    }

    /// `oneOf`: a problem when no branch fits, and when more than one does.
    private func checkOneOf(
        _ spot: Spot, _ list: DescriptionDocuments.Located, _ branches: [DescriptionDocuments.Located],
        _ state: inout Evaluation
    ) -> [DescriptionProblem] {
        var refusals: [[DescriptionProblem]] = []
        var fitting: [Int] = []
        for (index, branch) in branches.enumerated() {
            let problems = check(spot.value, spot.pointer, branch, spot.dialect, &state)
            if problems.isEmpty { fitting.append(index) } else { refusals.append(problems) }
        }
        guard !branches.isEmpty else { return [] }
        if fitting.isEmpty {
            return [
                problem(spot.pointer, "a value exactly one oneOf schema takes" + summary(refusals, spot), list.origin)
            ]
        }
        if fitting.count > 1 {
            let which = fitting.map { "#\($0)" }.joined(separator: ", ")
            return [
                problem(spot.pointer, "a value exactly one oneOf schema takes, not one \(which) all take", list.origin)
            ]
        }
        return []
    }

    /// ` (#0: a member 'id' (required); #1: a string, not an object)`: the first problem of each
    /// branch, with its pointer when it is deeper than the value judged.
    private func summary(_ refusals: [[DescriptionProblem]], _ spot: Spot) -> String {
        let parts = refusals.prefix(6).enumerated().map { index, problems -> String in
            guard let first = problems.first else { return "#\(index): ?" }
            let place = first.pointer == spot.pointer ? "" : " at " + first.pointer
            return "#\(index): \(first.expected)\(place)"
        }
        return " (" + parts.joined(separator: "; ") + (refusals.count > 6 ? "; …" : "") + ")"
    }

    /// The discriminator as openapi-core reads it: the value must be an object whose
    /// discriminating member is set, and it is judged by the schema that member names (by the
    /// mapping, else `#/components/schemas/<value>`) instead of by the list of branches.
    private func checkDiscriminator(
        _ spot: Spot, _ discriminator: DescriptionDocuments.Located, _ property: String, _ state: inout Evaluation
    ) -> [DescriptionProblem] {
        let origin = discriminator.origin + "/propertyName"
        guard case .object(let members) = spot.value else {
            return [problem(spot.pointer, "an object (discriminator), not " + Self.describe(spot.value), origin)]
        }
        guard let named = DescriptionValues.fields(members).last(where: { $0.key == property })?.value,
            DescriptionValues.truthy(named)
        else {
            return [problem(spot.pointer, "a member '\(property)' naming the variant (discriminator)", origin)]
        }
        let key: String
        switch named {
        case .string(let text): key = text
        case .number(let text): key = text
        case .bool(let flag): key = flag ? "True" : "False"
        default:
            return [
                problem(
                    spot.pointer(property), "a name of a variant (discriminator), not " + Self.describe(named), origin)
            ]
        }
        var reference = "#/components/schemas/" + key
        if case .string = named, let mapped = discriminator.value.member("mapping")?.member(key)?.text {
            reference = mapped.contains("#") || mapped.contains("/") ? mapped : "#/components/schemas/" + mapped
        }
        guard let target = documents.referenced(reference, from: spot.schema.file) else {
            let words = "a '\(property)' that names a schema (discriminator), not \(DescriptionValues.show(named))"
            return [problem(spot.pointer(property), words, discriminator.origin)]
        }
        let dialect = target.file == spot.schema.file ? spot.dialect : (dialect(of: target.file) ?? spot.dialect)
        return check(spot.value, spot.pointer, target, dialect, &state)
    }
}
