import Foundation

/// serde's default enum representation, as schemars writes it: `oneOf` of string schemas (the
/// unit variants, `enum` or `const`) and of objects with exactly one required property (the
/// variant's name, holding its data). It becomes a Swift enum with a case per variant.
extension SchemaTranslator {
    /// Members every generated externally tagged enum declares, which no case may be named.
    static let externalEnumMembers: Set<String> = ["unknown", "init", "tag"]

    /// The variants when `node` has that shape (at least one variant with data), else `nil`.
    func externallyTagged(_ node: DocumentValue, at: Location) throws(CodegenError) -> [ExternalVariant]? {
        guard case .array(let options)? = node["oneOf"], node["discriminator"] == nil,
            options.contains(where: { Self.taggedMember($0) != nil })
        else { return nil }
        var found: [(tag: String, schema: DocumentValue?, documentation: String?, at: Location)] = []
        for (offset, option) in options.enumerated() {
            let optionAt = at.appending("oneOf").appending(String(offset))
            if let (name, schema) = Self.taggedMember(option) {
                try Self.allow(option, ["type", "properties", "required", "additionalProperties"], at: optionAt)
                found.append((name, schema, Self.caseDocumentation(option), optionAt.appending("properties")))
            } else if let names = Self.unitNames(option) {
                try Self.allow(option, ["type", "enum", "const"], at: optionAt)
                for name in names { found.append((name, nil, Self.caseDocumentation(option), optionAt)) }
            } else {
                return nil
            }
        }
        try Self.allow(node, ["oneOf", "type"], at: at)
        var taken: Set<String> = []
        var seen: Set<String> = []
        var variants: [ExternalVariant] = []
        for entry in found {
            guard seen.insert(entry.tag).inserted else {
                throw entry.at.error("the variant \"\(entry.tag)\" is listed twice")
            }
            var payload: TypeReference?
            if let schema = entry.schema {
                let payloadAt = entry.at.appending(entry.tag)
                if Self.isInlineStruct(schema), let name = namesByLocation[payloadAt.file + "#" + payloadAt.pointer] {
                    // A struct variant, registered as a named struct in pass 1.
                    payload = .named(name, arguments: [])
                    let name = Naming.member(entry.tag, taken: &taken, reserved: Self.externalEnumMembers)
                    variants.append(
                        ExternalVariant(
                            tag: entry.tag, swiftName: name, payload: payload, documentation: entry.documentation))
                    continue
                }
                let resolved = try reference(schema, at: payloadAt, typeParameters: [], extraKeys: ["default"])
                guard !resolved.nullable else {
                    throw payloadAt.error(
                        "a variant holding an optional value is not supported; wrap it in a named struct")
                }
                payload = resolved.type
            }
            let name = Naming.member(entry.tag, taken: &taken, reserved: Self.externalEnumMembers)
            variants.append(
                ExternalVariant(tag: entry.tag, swiftName: name, payload: payload, documentation: entry.documentation))
        }
        return variants
    }

    /// `{"type": "object", "required": ["V"], "properties": {"V": schema}}` → `("V", schema)`.
    static func taggedMember(_ option: DocumentValue) -> (String, DocumentValue)? {
        guard option["type"]?.string == "object", let properties = option["properties"]?.members,
            properties.count == 1, case .array(let required)? = option["required"], required.count == 1,
            required[0].string == properties[0].key
        else { return nil }
        return (properties[0].key, properties[0].value)
    }

    /// The unit variants a string schema lists (`enum` of strings, or `const`), else `nil`.
    static func unitNames(_ option: DocumentValue) -> [String]? {
        if let single = singleString(option) { return [single] }
        guard option["type"]?.string == "string", case .array(let values)? = option["enum"], !values.isEmpty
        else { return nil }
        let names = values.compactMap(\.string)
        return names.count == values.count ? names : nil
    }
}
