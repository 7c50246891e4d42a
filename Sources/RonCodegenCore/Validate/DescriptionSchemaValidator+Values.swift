import Foundation

extension DescriptionSchemaValidator {
    // MARK: Numbers

    /// `multipleOf`, `minimum`, `maximum` and the exclusive bounds (3.0: booleans beside
    /// `minimum`/`maximum`; 3.1: numbers of their own).
    func checkNumber(_ spot: Spot) -> [DescriptionProblem] {
        guard case .number(let text) = spot.value else { return [] }
        let number = DescriptionNumber(text)
        var problems: [DescriptionProblem] = []
        if let keyword = spot.keyword("multipleOf"), let divisor = DescriptionNumber(keyword.value),
            number.isMultiple(of: divisor) == false
        {
            problems.append(problem(spot.pointer, "a multiple of \(divisor.text), not \(text)", keyword.origin))
        }
        let legacy = spot.dialect == .openAPI30
        for (key, sign, exclusiveKey) in [("minimum", -1, "exclusiveMinimum"), ("maximum", 1, "exclusiveMaximum")] {
            guard let keyword = spot.keyword(key), let bound = DescriptionNumber(keyword.value),
                let order = number.compare(bound)
            else { continue }
            let exclusive = legacy && (spot.schema.value.member(exclusiveKey).map(DescriptionValues.truthy) ?? false)
            if order == sign || (exclusive && order == 0) {
                problems.append(
                    problem(spot.pointer, Self.boundWords(sign, exclusive, bound.text, text), keyword.origin))
            }
        }
        guard !legacy else { return problems }
        for (key, sign) in [("exclusiveMinimum", -1), ("exclusiveMaximum", 1)] {
            guard let keyword = spot.keyword(key), let bound = DescriptionNumber(keyword.value, booleans: true),
                let order = number.compare(bound), order == sign || order == 0
            else { continue }
            problems.append(problem(spot.pointer, Self.boundWords(sign, true, bound.text, text), keyword.origin))
        }
        return problems
    }

    /// `at least 5, not 3`, `less than 10, not 10`.
    private static func boundWords(_ sign: Int, _ exclusive: Bool, _ bound: String, _ value: String) -> String {
        let words = sign < 0 ? (exclusive ? "more than " : "at least ") : (exclusive ? "less than " : "at most ")
        return words + bound + ", not " + value
    }

    // MARK: Strings

    /// `minLength`/`maxLength` (in Unicode scalars, as Python counts), `pattern` (searched, not
    /// anchored), and `format` (for any value; ``DescriptionFormat``).
    func checkString(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        var problems: [DescriptionProblem] = []
        if let keyword = spot.keyword("format"), let name = keyword.value.text, spot.value != .null,
            DescriptionFormat.conforms(spot.value, to: name) == false
        {
            let words = DescriptionFormat.words(name) + ", not " + DescriptionValues.show(spot.value)
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        guard case .string(let text) = spot.value else { return problems }
        let length = text.unicodeScalars.count
        if let keyword = spot.keyword("minLength"), let bound = DescriptionValues.bound(keyword.value),
            Double(length) < bound.value
        {
            let words = "at least " + DescriptionValues.count(bound.text, "character") + ", not \(length)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        if let keyword = spot.keyword("maxLength"), let bound = DescriptionValues.bound(keyword.value),
            Double(length) > bound.value
        {
            let words = "at most " + DescriptionValues.count(bound.text, "character") + ", not \(length)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        if let keyword = spot.keyword("pattern"), let pattern = keyword.value.text,
            search(pattern, in: text, &state) == false
        {
            problems.append(problem(spot.pointer, "text matching the pattern '\(pattern)'", keyword.origin))
        }
        return problems
    }

    /// Whether `pattern` (a Python or ECMAScript regular expression, as openapi-core searches
    /// with Python's `re`) is found anywhere in `text`; `nil` when it does not compile.
    func search(_ pattern: String, in text: String, _ state: inout Evaluation) -> Bool? {
        let compiled: NSRegularExpression?
        if let known = state.patterns[pattern] {
            compiled = known
        } else {
            compiled = Self.compile(pattern)
            state.patterns[pattern] = compiled
        }
        guard let compiled else { return nil }
        return compiled.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `pattern` compiled for ICU with Python's meanings and spellings: `\w` and `\W` as letters,
    /// numbers and `_` (ICU's also take combining marks), `(?P<name>` → `(?<name>`,
    /// `(?P=name)` → `\k<name>`, `\Z` → `\z`. With `strictly`, what Python's `re` refuses is
    /// refused too (`(?<name>`, escapes such as `\p`), as the `regex` format asks.
    static func compile(_ pattern: String, strictly: Bool = false) -> NSRegularExpression? {
        var result = ""
        var characters = pattern[...]
        var inClass = false
        while let character = characters.popFirst() {
            if character == "\\", let next = characters.popFirst() {
                switch next {
                case "Z" where !inClass: result += "\\z"
                case "w": result += inClass ? "\\p{L}\\p{N}_" : "[\\p{L}\\p{N}_]"
                case "W" where !inClass: result += "[^\\p{L}\\p{N}_]"
                default:
                    if strictly, next.isASCII, next.isLetter, !"abBdDfnrsStvwWZAxuUN".contains(next) { return nil }
                    result += "\\" + String(next)
                }
            } else if inClass {
                if character == "]" { inClass = false }
                result.append(character)
            } else if character == "[" {
                inClass = true
                result.append(character)
                if characters.first == "^" { result.append(characters.removeFirst()) }
                if characters.first == "]" { result += "\\" + String(characters.removeFirst()) }
            } else if character == "(", characters.hasPrefix("?P<") {
                characters.removeFirst(3)
                result += "(?<"
            } else if character == "(", characters.hasPrefix("?P="), let close = characters.firstIndex(of: ")") {
                let name = characters[characters.index(characters.startIndex, offsetBy: 3)..<close]
                characters = characters[characters.index(after: close)...]
                result += "\\k<" + name + ">"
            } else if strictly, character == "(", characters.hasPrefix("?<"),
                let third = characters.dropFirst(2).first, third != "=", third != "!"
            {
                return nil
            } else {
                result.append(character)
            }
        }
        return try? NSRegularExpression(pattern: result)
    }

    // MARK: Arrays

    /// `items` (3.1: after `prefixItems`; `false` allows none more), `prefixItems`, `contains` with
    /// `minContains`/`maxContains`, `minItems`, `maxItems`, `uniqueItems`.
    func checkArray(_ spot: Spot, _ state: inout Evaluation) -> [DescriptionProblem] {
        guard case .array(let items) = spot.value else { return [] }
        var problems: [DescriptionProblem] = []
        var prefix = 0
        if spot.dialect == .openAPI31, let list = spot.keyword("prefixItems"), let schemas = list.value.arrayValue {
            prefix = schemas.count
            for (index, item) in items.prefix(schemas.count).enumerated() {
                guard let schema = list.element(index) else { continue }
                problems += check(item, spot.pointer + "/\(index)", schema, spot.dialect, &state)
            }
        }
        if let schema = spot.keyword("items"), schema.value.arrayValue == nil, items.count > prefix {
            if schema.value == .bool(false), spot.dialect == .openAPI31 {
                let words =
                    "at most " + DescriptionValues.count("\(prefix)", "item") + " (items: false), not \(items.count)"
                problems.append(problem(spot.pointer, words, schema.origin))
            } else {
                for index in prefix..<items.count {
                    problems += check(items[index], spot.pointer + "/\(index)", schema, spot.dialect, &state)
                }
            }
        }
        if spot.dialect == .openAPI31 { problems += checkContains(spot, items, &state) }
        if let keyword = spot.keyword("minItems"), let bound = DescriptionValues.bound(keyword.value),
            Double(items.count) < bound.value
        {
            let words = "at least " + DescriptionValues.count(bound.text, "item") + ", not \(items.count)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        if let keyword = spot.keyword("maxItems"), let bound = DescriptionValues.bound(keyword.value),
            Double(items.count) > bound.value
        {
            let words = "at most " + DescriptionValues.count(bound.text, "item") + ", not \(items.count)"
            problems.append(problem(spot.pointer, words, keyword.origin))
        }
        if let keyword = spot.keyword("uniqueItems"), DescriptionValues.truthy(keyword.value) {
            var seen: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                let key = DescriptionValues.canonical(item)
                if let first = seen[key] {
                    problems.append(
                        problem(spot.pointer, "unique items, not item \(index) repeating item \(first)", keyword.origin)
                    )
                    break
                }
                seen[key] = index
            }
        }
        return problems
    }

    /// 3.1's `contains`: how many items it takes, against `minContains` (1 by default) and
    /// `maxContains`.
    private func checkContains(_ spot: Spot, _ items: [DocumentValue], _ state: inout Evaluation)
        -> [DescriptionProblem]
    {
        guard let schema = spot.keyword("contains") else { return [] }
        var matches = 0
        for (index, item) in items.enumerated()
        where fits(item, spot.pointer + "/\(index)", schema, spot.dialect, &state) {
            matches += 1
        }
        let least = DescriptionValues.bound(spot.schema.value.member("minContains")) ?? ("1", 1)
        if Double(matches) < least.value {
            let words =
                "at least " + DescriptionValues.count(least.text, "item") + " that 'contains' takes, not \(matches)"
            return [problem(spot.pointer, words, schema.origin)]
        }
        if let most = DescriptionValues.bound(spot.schema.value.member("maxContains")), Double(matches) > most.value {
            let words =
                "at most " + DescriptionValues.count(most.text, "item") + " that 'contains' takes, not \(matches)"
            return [problem(spot.pointer, words, schema.origin)]
        }
        return []
    }
}
