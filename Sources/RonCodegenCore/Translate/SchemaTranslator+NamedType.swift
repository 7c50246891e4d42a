import Foundation

/// Pass 2: one named type, dispatched to its construct by the keywords it has.
extension SchemaTranslator {
    static let annotationKeys: Set<String> = Set([
        "title", "description", "$comment", "examples", "x-ron-note", "deprecated", "x-ron-conforms-to", "$id",
        "$anchor", "readOnly", "writeOnly", "example",
    ]).union(validationKeys)

    /// Validation keywords carried into the documentation (docs/SchemaFormat.md says which the
    /// generated types also enforce: the integer ranges of sized formats, `pattern` on named types).
    static let validationKeys: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "unevaluatedProperties",
        "const", "contentEncoding", "contentMediaType",
    ]

    func namedType(_ name: String, _ definition: Definition) throws(CodegenError) -> NamedType {
        var node = definition.node
        if definition.origin.pointer.isEmpty, case .object(let members) = node {
            // A document's root schema: the document's own keys are not part of the type.
            let own: Set<String> = ["$schema", "$id", "$defs", "definitions", "$comment", "$anchor", "x-ron-hoisted"]
            node = .object(members.filter { !own.contains($0.key) })
        }
        let at = Location(file: definition.origin.file, pointer: definition.origin.pointer)
        guard node.members != nil else { throw at.error("a type definition must be an object, not \(node.typeName)") }
        var documentation = Self.documentation(node)
        if definition.key != name {
            documentation = (documentation.map { $0 + "\n\n" } ?? "") + "Schema name: `\(definition.key)`."
        }
        let deprecated = try Self.flag(node, "deprecated", at: at)
        let shape: NamedType.Shape
        if let cases = try unitOnlyEnum(node, at: at) {
            shape = .stringEnum(cases: cases)
        } else if let variants = try externallyTagged(node, at: at) {
            shape = .externallyTagged(variants: variants)
        } else if let (tag, content, variants) = try adjacentlyTagged(node, at: at) {
            shape = .adjacentlyTagged(tag: tag, content: content, variants: variants)
        } else if let variants = try untagged(node, at: at) {
            shape = .untagged(variants: variants)
        } else if node["oneOf"] != nil {
            shape = try union(node, at: at)
        } else if Self.isFlattened(node) {
            shape = try flattened(node, at: at)
        } else if let elements = try tuple(node, at: at) {
            shape = .tuple(elements: elements)
        } else if node["type"]?.string == "null" {
            try Self.allow(node, ["type"], at: at)
            shape = .unit
        } else if node["type"]?.string == "string", node["enum"] != nil {
            shape = try stringEnum(node, at: at)
        } else if node["type"]?.string == "string", node["pattern"] != nil {
            try Self.allow(node, ["type", "pattern"], at: at)
            guard let pattern = node["pattern"]?.string else {
                throw at.appending("pattern").error("pattern must be a string")
            }
            guard (try? Regex(pattern)) != nil else {
                throw at.appending("pattern").error("'\(pattern)' is not a valid regular expression")
            }
            shape = .patternString(pattern: pattern)
        } else if node["type"]?.string == "object",
            node["properties"] != nil
                || (!Self.isSchema(node["additionalProperties"]) && node["patternProperties"] == nil)
        {
            shape = try structure(node, at: at)
        } else {
            shape = .alias(try reference(node, at: at, typeParameters: [], extraKeys: ["default"]).type)
        }
        var conformances: [String] = []
        if let list = node["x-ron-conforms-to"] {
            guard case .array(let items) = list, items.allSatisfy({ $0.string == "Error" }) else {
                throw at.appending("x-ron-conforms-to").error("x-ron-conforms-to takes [\"Error\"] only")
            }
            conformances = items.isEmpty ? [] : ["Error"]
        }
        var type = NamedType(
            name: name, origin: definition.origin, documentation: documentation,
            deprecated: deprecated,
            conformances: conformances, shape: shape)
        if case .structure = shape { type.closed = node["additionalProperties"] == .bool(false) }
        return type
    }
}
