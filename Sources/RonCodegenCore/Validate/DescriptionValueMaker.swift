import Foundation

/// A value made up from a schema: the mock's answers that have no fixture and no example, and the
/// request bodies and parameters `ron drift` makes. The same value every time, valid for the schema
/// as `ron drift` checks it, so the generated decoders accept it.
///
/// Objects get their required members; strings their `format` (`date-time`, `uuid`, `email`, ...),
/// a text that fits their `pattern` where one can be found, and their length limits; numbers their
/// range and `multipleOf`; arrays one element (or `minItems`); `enum` and `const` their first value; a
/// `default` of the schema's type is taken as it is; `allOf` is merged; `oneOf`/`anyOf` take their
/// first variant that is not `null`, with a discriminator's property set to that variant's name.
public struct DescriptionValueMaker {
    /// The documents `$ref`s are followed in.
    public let documents: DescriptionDocuments
    /// The `$ref`s being expanded, against schemas that hold themselves.
    private var open: [String: Int] = [:]

    /// A maker that follows `$ref`s in `documents`.
    public init(documents: DescriptionDocuments) {
        self.documents = documents
    }

    /// The value for the schema at `located` (a `$ref` is followed).
    public mutating func value(_ located: DescriptionDocuments.Located, depth: Int = 0) -> DocumentValue {
        let reference = located.value.member("$ref")?.text
        let resolved = documents.resolve(located)
        var key = ""
        if reference != nil {
            key = resolved.origin
            // A type that holds itself is made once more at most, then left at its smallest.
            guard open[key, default: 0] < 2, depth < 24 else { return smallest(resolved.value) }
            open[key, default: 0] += 1
        }
        defer { if !key.isEmpty { open[key, default: 1] -= 1 } }
        return make(resolved, depth: depth)
    }

    private mutating func make(_ schema: DescriptionDocuments.Located, depth: Int) -> DocumentValue {
        let node = schema.value
        if case .bool(let allowed) = node { return allowed ? .object([]) : .null }
        if let constant = node.member("const") { return constant }
        if case .array(let values)? = node.member("enum"),
            let first = values.first(where: { $0 != .null }) ?? values.first
        {
            return first
        }
        let kind = Self.kind(of: node)
        if let fallback = node.member("default"), Self.fits(fallback, kind) { return fallback }
        if let parts = schema.member("allOf"), case .array = parts.value {
            return allOf(parts, schema: schema, depth: depth)
        }
        for keyword in ["oneOf", "anyOf"] {
            guard let variants = schema.member(keyword), case .array(let items) = variants.value else { continue }
            let chosen =
                items.indices.first { offset in
                    let target = documents.resolve(variants.element(offset)!)
                    return Self.kind(of: target.value) != "null" && target.value.member("const") != .null
                } ?? 0
            guard let variant = variants.element(chosen) else { break }
            var made = value(variant, depth: depth + 1)
            // Own properties beside the union (an object that is also a union) come along.
            if node.member("properties") != nil, case .object(var members) = made {
                for member in object(schema, depth: depth).objectMembers ?? []
                where !members.contains(where: { $0.key == member.key }) {
                    members.append(member)
                }
                made = .object(members)
            }
            if let property = node.member("discriminator")?.member("propertyName")?.text,
                case .object(var members) = made
            {
                let name = discriminatorValue(node, variant: items[chosen])
                members.removeAll { $0.key == property }
                members.insert((property, .string(name)), at: 0)
                made = .object(members)
            }
            return made
        }
        switch kind {
        case "object": return object(schema, depth: depth)
        case "array": return array(schema, depth: depth)
        case "string": return .string(string(node))
        case "integer": return .number(number(node, integer: true))
        case "number": return .number(number(node, integer: false))
        case "boolean": return .bool(false)
        case "null": return .null
        default: return .object([])
        }
    }

    /// The first JSON type a schema allows other than `null`: its `type` (or the first of a list),
    /// else what its keywords imply.
    static func kind(of node: DocumentValue) -> String {
        switch node.member("type") {
        case .string(let name)?: return name
        case .array(let names)?:
            let listed = names.compactMap(\.text)
            return listed.first { $0 != "null" } ?? listed.first ?? ""
        default:
            if node.member("properties") != nil || node.member("additionalProperties") != nil
                || node.member("required") != nil
            {
                return "object"
            }
            if node.member("items") != nil { return "array" }
            if node.member("pattern") != nil || node.member("format") != nil || node.member("minLength") != nil {
                return "string"
            }
            return ""
        }
    }

    static func fits(_ value: DocumentValue, _ kind: String) -> Bool {
        switch (kind, value) {
        case ("string", .string), ("boolean", .bool), ("number", .number), ("object", .object), ("array", .array):
            return true
        case ("integer", .number(let text)): return !text.contains(where: { ".eE".contains($0) })
        default: return false
        }
    }

    mutating func object(_ schema: DescriptionDocuments.Located, depth: Int) -> DocumentValue {
        let required =
            (schema.value.member("required").flatMap { value -> [String]? in
                if case .array(let items) = value { return items.compactMap(\.text) }
                return nil
            }) ?? []
        var members: [(key: String, value: DocumentValue)] = []
        let properties = schema.member("properties")
        for name in required {
            if let property = properties?.member(name) {
                members.append((name, value(property, depth: depth + 1)))
            } else {
                members.append((name, .string("string")))
            }
        }
        return .object(members)
    }

    private mutating func array(_ schema: DescriptionDocuments.Located, depth: Int) -> DocumentValue {
        let node = schema.value
        let minimum = Self.count(node.member("minItems")?.numberValue) ?? 0
        let maximum = Self.count(node.member("maxItems")?.numberValue)
        let count = min(max(minimum, 1), maximum ?? Int.max)
        // A tuple (`prefixItems`, or draft-04's `items` list): one value per position.
        for key in ["prefixItems", "items"] {
            guard case .array(let positions)? = node.member(key), let list = schema.member(key) else { continue }
            return .array(positions.indices.compactMap { list.element($0).map { value($0, depth: depth + 1) } })
        }
        guard count > 0, let items = schema.member("items") else { return .array([]) }
        // A list of the type being made (a tree's children) stays as short as it may.
        if items.value.member("$ref") != nil, open[documents.resolve(items).origin, default: 0] > 0 {
            if minimum == 0 { return .array([]) }
        }
        let element = value(items, depth: depth + 1)
        return .array(Array(repeating: element, count: count))
    }

    /// A text for a string schema.
    private func string(_ node: DocumentValue) -> String {
        var text: String
        switch node.member("format")?.text ?? "" {
        case "date-time": text = "2024-01-01T00:00:00Z"
        case "date": text = "2024-01-01"
        case "time": text = "00:00:00"
        case "uuid": text = "00000000-0000-4000-8000-000000000000"
        case "email", "idn-email": text = "user@example.com"
        case "uri", "url", "iri", "uri-reference", "iri-reference": text = "https://example.com/"
        case "hostname", "idn-hostname": text = "example.com"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "byte": text = "AAAA"
        case "binary": text = ""
        case "duration": text = "PT1S"
        case "int64", "int32", "integer", "decimal", "double", "number": text = "0"
        default: text = "string"
        }
        if let pattern = node.member("pattern")?.text, !PatternSample.matches(pattern, text) {
            text = PatternSample.text(for: pattern) ?? text
        }
        if let least = Self.count(node.member("minLength")?.numberValue), text.count < least {
            text += String(repeating: "x", count: least - text.count)
        }
        if let most = Self.count(node.member("maxLength")?.numberValue), text.count > most {
            text = String(text.prefix(most))
        }
        return text
    }

    /// A number for a numeric schema: 0 when the range allows it, else its lower (or upper) bound, a
    /// multiple of `multipleOf`.
    private func number(_ node: DocumentValue, integer: Bool) -> String {
        let step = node.member("multipleOf")?.numberValue.flatMap { $0 > 0 ? $0 : nil } ?? (integer ? 1 : 0)
        var low = node.member("minimum")?.numberValue
        if let bound = node.member("exclusiveMinimum")?.numberValue { low = bound + (step > 0 ? step : 1) }
        if node.member("exclusiveMinimum") == .bool(true), let bound = low { low = bound + (step > 0 ? step : 1) }
        var high = node.member("maximum")?.numberValue
        if let bound = node.member("exclusiveMaximum")?.numberValue { high = bound - (step > 0 ? step : 1) }
        if node.member("exclusiveMaximum") == .bool(true), let bound = high { high = bound - (step > 0 ? step : 1) }
        var chosen = 0.0
        if let low, chosen < low { chosen = step > 0 ? (low / step).rounded(.up) * step : low }
        if let high, chosen > high { chosen = step > 0 ? (high / step).rounded(.down) * step : high }
        // Whole numbers as integers where an Int64 holds them; any other bound as it is (`1e+300`).
        if chosen.isFinite, abs(chosen) < 9e18, integer || chosen == chosen.rounded() { return String(Int64(chosen)) }
        if !chosen.isFinite { return "0" }
        return String(chosen)
    }

    /// What a discriminator's property says for `variant`: the key of the `mapping` entry that names
    /// it, else the name its `$ref` gives it.
    private func discriminatorValue(_ node: DocumentValue, variant: DocumentValue) -> String {
        let reference = variant.member("$ref")?.text ?? ""
        for (key, target) in node.member("discriminator")?.member("mapping")?.objectMembers ?? []
        where target.text == reference || (target.text.map { reference.hasSuffix($0) } ?? false) {
            return key
        }
        return DescriptionDocuments.referencedName(variant) ?? reference.split(separator: "/").last.map(String.init)
            ?? "variant"
    }

    /// The most elements or characters a made-up value has, whatever a schema's bounds say.
    package static let countLimit = 4096

    /// A schema's count bound (`minItems`, `maxLength`, ...) as a count of at most ``countLimit``;
    /// `nil` without one or for one that is no number of things.
    static func count(_ bound: Double?) -> Int? {
        guard let bound, bound.isFinite else { return nil }
        return Int(min(max(bound.rounded(.up), 0), Double(countLimit)))
    }

    /// The smallest value of a schema's kind, where a type that holds itself stops.
    private func smallest(_ node: DocumentValue) -> DocumentValue {
        switch Self.kind(of: node) {
        case "array": return .array([])
        case "string": return .string(string(node))
        case "integer", "number": return .number("0")
        case "boolean": return .bool(false)
        default: return .object([])
        }
    }
}

/// A text that fits a regular expression, for the common shapes of `pattern`: literals, classes
/// (`[a-z0-9]`, `\d`, `\w`, `.`), groups with alternatives (the first taken), and quantifiers (the
/// least they allow, at least one for `+`).
package enum PatternSample {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return true }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A text the pattern matches, or `nil` when none of the tries does.
    package static func text(for pattern: String) -> String? {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$"), !body.hasSuffix("\\$") { body = body.dropLast() }
        var reader = Reader(characters: Array(body))
        let made = reader.sequence()
        for candidate in [made, "a", "A", "0", "a1", "example", "2024-01-01", "1.0.0"] where matches(pattern, candidate)
        {
            return candidate
        }
        return nil
    }

    private struct Reader {
        var characters: [Character]
        var index = 0

        /// Terms up to `)` or `|` (the rest of an alternation is skipped).
        mutating func sequence() -> String {
            var out = ""
            while index < characters.count {
                let character = characters[index]
                if character == ")" { return out }
                if character == "|" {
                    skipAlternatives()
                    return out
                }
                let atom = self.atom()
                out += repeated(atom)
            }
            return out
        }

        mutating func skipAlternatives() {
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { return }
                    depth -= 1
                }
                index += 1
            }
        }

        mutating func atom() -> String {
            let character = characters[index]
            index += 1
            switch character {
            case "(":
                if index + 1 < characters.count, characters[index] == "?" {
                    // `(?:`, `(?<name>`: the group's options are skipped.
                    while index < characters.count, characters[index] != ":", characters[index] != ">" { index += 1 }
                    index += 1
                }
                let inner = sequence()
                if index < characters.count, characters[index] == ")" { index += 1 }
                return inner
            case "[": return characterClass()
            case "\\": return escaped()
            case ".": return "a"
            case "^", "$": return ""
            default: return String(character)
            }
        }

        mutating func escaped() -> String {
            guard index < characters.count else { return "" }
            let character = characters[index]
            index += 1
            switch character {
            case "d": return "0"
            case "w": return "a"
            case "s": return " "
            case "D", "W", "S": return "-"
            default: return String(character)
            }
        }

        mutating func characterClass() -> String {
            var negated = false
            if index < characters.count, characters[index] == "^" {
                negated = true
                index += 1
            }
            var first: String?
            while index < characters.count, characters[index] != "]" || first == nil && characters[index] == "]" {
                var item = String(characters[index])
                index += 1
                if item == "\\", index < characters.count { item = escaped() }
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]" {
                    index += 2
                }
                first = first ?? item
            }
            if index < characters.count { index += 1 }
            return negated ? "~" : (first ?? "a")
        }

        mutating func repeated(_ atom: String) -> String {
            guard index < characters.count else { return atom }
            var times = 1
            switch characters[index] {
            case "*", "?":
                times = 0
                index += 1
            case "+":
                index += 1
            case "{":
                var text = ""
                index += 1
                while index < characters.count, characters[index] != "}" {
                    text.append(characters[index])
                    index += 1
                }
                index += 1
                let least = Int(text.split(separator: ",", omittingEmptySubsequences: false).first ?? "1") ?? 1
                times = min(max(least, 0), DescriptionValueMaker.countLimit)
            default:
                return atom
            }
            if index < characters.count, characters[index] == "?" || characters[index] == "+" { index += 1 }
            return String(repeating: atom, count: times)
        }
    }
}
