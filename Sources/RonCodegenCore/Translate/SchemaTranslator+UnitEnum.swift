import Foundation

/// A unit-only serde enum whose variants carry doc comments: schemars writes it as `oneOf` of
/// string schemas, each with one `const` (or a one-value `enum`) and its own `description`. It
/// becomes the same open string enum as `"type": "string", "enum": [...]`, each case documented.
extension SchemaTranslator {
    /// The cases when `node` is a `oneOf` of single string values, else `nil` (another construct).
    func unitOnlyEnum(_ node: DocumentValue, at: Location) throws(CodegenError) -> [EnumCase]? {
        guard case .array(let options)? = node["oneOf"], !options.isEmpty, node["discriminator"] == nil else {
            return nil
        }
        var values: [(wire: String, documentation: String?)] = []
        for option in options {
            guard let wire = Self.singleString(option) else { return nil }
            values.append((wire, Self.caseDocumentation(option)))
        }
        try Self.allow(node, ["oneOf", "type"], at: at)
        for (offset, option) in options.enumerated() {
            try Self.allow(
                option, ["type", "const", "enum"], at: at.appending("oneOf").appending(String(offset)))
        }
        var taken: Set<String> = []
        var seen: Set<String> = []
        var cases: [EnumCase] = []
        for (offset, value) in values.enumerated() {
            guard seen.insert(value.wire).inserted else {
                throw at.appending("oneOf").appending(String(offset)).error(
                    "the value \"\(value.wire)\" is listed twice; give each variant its own value")
            }
            let name = Naming.member(value.wire, taken: &taken, reserved: Self.stringEnumMembers)
            cases.append(EnumCase(wireValue: value.wire, swiftName: name, documentation: value.documentation))
        }
        return cases
    }

    /// The one string a schema allows (`const: "A"` or `enum: ["A"]`, typed string or untyped).
    static func singleString(_ option: DocumentValue) -> String? {
        guard option.members != nil else { return nil }
        if let type = option["type"], type.string != "string" { return nil }
        if let value = option["const"] { return option["enum"] == nil ? value.string : nil }
        guard case .array(let values)? = option["enum"], values.count == 1 else { return nil }
        return values[0].string
    }

    /// A variant's `title` and `description`, joined.
    static func caseDocumentation(_ option: DocumentValue) -> String? {
        let parts = [option["title"]?.string, option["description"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}
