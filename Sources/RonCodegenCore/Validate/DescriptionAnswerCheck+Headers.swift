import Foundation

extension DescriptionAnswerCheck {
    /// The problems of an answer's `headers` (names in any case) against the headers `response`
    /// declares (`Content-Type` aside): a `required: true` header must be there unless its schema
    /// has a `default`; a header that is there must fit its schema, its text read first as the
    /// schema's `type` (a header with `content` instead of a schema is not judged).
    func headerProblems(
        _ response: DescriptionDocuments.Located, headers: [String: String], operation: Origin
    ) -> [DescriptionProblem] {
        guard let declared = response.member("headers").map(documents.resolve),
            let members = declared.value.objectMembers
        else { return [] }
        let values = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var problems: [DescriptionProblem] = []
        for member in members where member.key.lowercased() != "content-type" {
            guard let header = declared.member(member.key).map(documents.resolve) else { continue }
            let schema = header.member("schema").map(documents.resolve)
            guard let text = values[member.key.lowercased()] else {
                if header.value.member("required") == .bool(true), schema?.value.member("default") == nil {
                    problems.append(
                        DescriptionProblem(
                            part: .header(member.key), pointer: "",
                            expected: "the header '\(member.key)' (required: true)",
                            schemaOrigin: header.origin + "/required"))
                }
                continue
            }
            guard let schema, case .object = schema.value else { continue }
            guard let value = read(text, as: schema) else {
                let type = schema.value.member("type")?.text ?? "value"
                let words = DescriptionSchemaValidator.typeWords([type]) + " in the header's text, not '\(text)'"
                problems.append(
                    DescriptionProblem(
                        part: .header(member.key), pointer: "", expected: words, schemaOrigin: schema.origin + "/type"))
                continue
            }
            let validator = DescriptionSchemaValidator(documents: documents, direction: .response)
            let dialect = validator.dialect(of: schema.file) ?? validator.dialect(of: operation.file) ?? .openAPI31
            for problem in validator.validate(value, against: schema, dialect: dialect) {
                var placed = problem
                placed.part = .header(member.key)
                problems.append(placed)
            }
        }
        return problems
    }

    /// A header's text as openapi-core casts it for `schema`'s `type`: Python's `int` and `float`
    /// for `integer` and `number`, `true`/`yes`/`on`/`1`… for `boolean`, comma-separated items for
    /// `array`, the text itself otherwise (an `object` header is read as text); `nil` when it
    /// cannot be.
    func read(_ text: String, as schema: DescriptionDocuments.Located) -> DocumentValue? {
        switch schema.value.member("type")?.text {
        case "integer": return Self.pythonInteger(text).map(DocumentValue.number)
        case "number": return Self.pythonFloat(text).map(DocumentValue.number)
        case "boolean":
            let word = text.lowercased()
            if ["y", "yes", "t", "true", "on", "1"].contains(word) { return .bool(true) }
            if ["n", "no", "f", "false", "off", "0"].contains(word) { return .bool(false) }
            return nil
        case "array":
            let items = schema.member("items").map(documents.resolve)
            var values: [DocumentValue] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let item = items.map({ read(String(part), as: $0) }) ?? .string(String(part)) else { return nil }
                values.append(item)
            }
            return .array(values)
        default: return .string(text)
        }
    }

    /// The digits of a decimal run that may hold single underscores between digits, or `nil`.
    private static func digits(_ text: Substring) -> String? {
        guard let first = text.first, let last = text.last, first.isASCII, first.isNumber, last.isASCII, last.isNumber,
            !text.contains("__"), text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "_" })
        else { return nil }
        return text.replacingOccurrences(of: "_", with: "")
    }

    /// `text` as Python's `int` reads it (spaces around, a sign, digits with single underscores
    /// between them), as JSON number text.
    static func pythonInteger(_ text: String) -> String? {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var sign = ""
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            rest.removeFirst()
        }
        guard let run = digits(rest) else { return nil }
        let trimmed = run.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? "0" : sign + trimmed
    }

    /// `text` as Python's `float` reads it (a decimal with fraction and exponent, `inf`, `nan`), as
    /// number text that reads as a fraction (so that OpenAPI 3.0 does not take it for an integer).
    static func pythonFloat(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var rest = Substring(trimmed)
        var sign = ""
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            rest.removeFirst()
        }
        switch rest.lowercased() {
        case "inf", "infinity": return sign + "1e999"
        case "nan": return "nan.0"
        default: break
        }
        var exponent = ""
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            var power = rest[rest.index(after: e)...]
            var powerSign = ""
            if let first = power.first, first == "+" || first == "-" {
                powerSign = String(first)
                power.removeFirst()
            }
            guard let run = digits(power) else { return nil }
            exponent = "e" + powerSign + run
            rest = rest[..<e]
        }
        let halves = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = halves[0].isEmpty ? "" : digits(halves[0])
        let fraction = halves.count < 2 || halves[1].isEmpty ? "" : digits(halves[1])
        guard let whole, let fraction, !(whole.isEmpty && fraction.isEmpty) else { return nil }
        return sign + (whole.isEmpty ? "0" : whole) + "." + (fraction.isEmpty ? "0" : fraction) + exponent
    }
}
