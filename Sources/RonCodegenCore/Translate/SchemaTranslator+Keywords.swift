import Foundation

/// The keyword allow-list, annotations (documentation, flags) and small schema predicates.
extension SchemaTranslator {
    static func typeParameters(of node: DocumentValue?) -> [String] {
        guard case .array(let items)? = node?["x-ron-type-parameters"] else { return [] }
        return items.compactMap(\.string)
    }

    static func isSchema(_ node: DocumentValue?) -> Bool {
        guard let node else { return false }
        if case .bool = node { return false }
        return true
    }

    /// The doc comment text of a schema: `title`, `description`, then a line for its `format` and
    /// one for the validation keywords it carries (`minimum`, `maxLength`, `readOnly`, ...), and
    /// one for `propertyNames`. `property` adds what a property's schema may say beside its type
    /// (`enum`, `pattern`), which a named type turns into a declaration of its own instead.
    static func documentation(_ node: DocumentValue, property: Bool = false) -> String? {
        var parts = [node["title"]?.string, node["description"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        if let format = node["format"]?.string, !typedFormats.contains(format) { parts.append("Format: `\(format)`.") }
        var rules: [String] = []
        for (key, value) in node.members ?? []
        where validationKeys.contains(key) || key == "readOnly" || key == "writeOnly"
            || (property && (key == "enum" || key == "pattern"))
        {
            rules.append("`\(key)`: \(compactText(value))")
        }
        if !rules.isEmpty { parts.append("Schema: " + rules.joined(separator: ", ") + ".") }
        if let names = node["propertyNames"], names.members != nil {
            // Keys stay `String` in Swift (serde writes integer keys as text); the rule is said here.
            let rules = ["pattern", "format", "minLength", "maxLength", "enum"].compactMap { key in
                names[key].map { "`\(key)`: \(compactText($0))" }
            }
            parts.append(
                "Keys (`propertyNames`): " + (rules.isEmpty ? "any string" : rules.joined(separator: ", ")) + ".")
        }
        if let patterns = node["patternProperties"]?.members, patterns.count == 1 {
            parts.append("Keys match `\(patterns[0].key)` (`patternProperties`).")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// Formats that choose a Swift type (so the type says it and the documentation need not).
    static let typedFormats: Set<String> = Set(integerFormats.keys).union(["date-time", "float", "double", "decimal"])

    /// A short JSON rendering of a keyword's value for documentation.
    static func compactText(_ value: DocumentValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return "\"" + text.prefix(80) + "\""
        case .array(let items): return "[" + items.prefix(8).map(compactText).joined(separator: ", ") + "]"
        case .object: return "{…}"
        }
    }

    static func flag(_ node: DocumentValue, _ key: String, at: Location) throws(CodegenError) -> Bool {
        switch node[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw at.appending(key).error("\(key) must be true or false")
        }
    }

    static func allow(
        _ node: DocumentValue, _ keys: Set<String>, at: Location, annotations: Bool = true
    ) throws(CodegenError) {
        for (key, _) in node.members ?? [] where !keys.contains(key) && !(annotations && annotationKeys.contains(key)) {
            throw at.appending(key).error("unsupported keyword '\(key)' here")
        }
    }
}
