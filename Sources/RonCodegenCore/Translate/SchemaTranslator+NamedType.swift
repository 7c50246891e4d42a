import Foundation

/// Pass 2: one named type, dispatched to its construct by the keywords it has.
extension SchemaTranslator {
    static let annotationKeys: Set<String> = [
        "title", "description", "$comment", "examples", "x-ron-note", "deprecated", "x-ron-conforms-to",
    ]

    func namedType(_ name: String, _ node: DocumentValue, file: String) throws(CodegenError) -> NamedType {
        let pointer = "/$defs/" + Pointer.escape(name)
        let at = Location(file: file, pointer: pointer)
        guard node.members != nil else { throw at.error("a type definition must be an object, not \(node.typeName)") }
        let documentation = Self.documentation(node)
        let deprecated = try Self.flag(node, "deprecated", at: at)
        let shape: NamedType.Shape
        if node["oneOf"] != nil {
            shape = try union(node, at: at)
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
            node["properties"] != nil || !Self.isSchema(node["additionalProperties"])
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
        return NamedType(
            name: name, origin: Origin(file: file, pointer: pointer), documentation: documentation,
            deprecated: deprecated,
            conformances: conformances, shape: shape)
    }
}
