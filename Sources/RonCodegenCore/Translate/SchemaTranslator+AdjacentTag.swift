import Foundation

/// `#[serde(tag = "t", content = "c")]`, as schemars writes it: `oneOf` of objects, each with the
/// tag member holding one string (the variant's name) and, for a variant with data, the content
/// member. The content member must have the same name in every variant.
extension SchemaTranslator {
    /// Members every generated adjacently tagged enum declares, which no case may be named.
    static let adjacentEnumMembers: Set<String> = ["unknown", "init", "tagKey", "contentKey"]

    /// The tag member, the content member and the variants when `node` has that shape, else `nil`.
    func adjacentlyTagged(
        _ node: DocumentValue, at: Location
    ) throws(CodegenError) -> (String, String, [ExternalVariant])? {
        guard case .array(let options)? = node["oneOf"], node["discriminator"] == nil,
            let tag = Self.adjacentTagMember(options)
        else { return nil }
        guard let content = Self.adjacentContentMember(options, tag: tag) else { return nil }
        try Self.allow(node, ["oneOf", "type"], at: at)
        var taken: Set<String> = []
        var seen: Set<String> = []
        var variants: [ExternalVariant] = []
        for (offset, option) in options.enumerated() {
            let optionAt = at.appending("oneOf").appending(String(offset))
            try Self.allow(option, ["type", "properties", "required", "additionalProperties"], at: optionAt)
            let properties = optionAt.appending("properties")
            guard let name = option["properties"]?[tag].flatMap(Self.singleString),
                seen.insert(name).inserted
            else { throw properties.appending(tag).error("each variant needs its own tag value") }
            var payload: TypeReference?
            if let data = option["properties"]?[content] {
                let dataAt = properties.appending(content)
                let resolved = try reference(data, at: dataAt, typeParameters: [], extraKeys: ["default"])
                guard !resolved.nullable else {
                    throw dataAt.error(
                        "a variant holding an optional value is not supported; wrap it in a named struct")
                }
                payload = resolved.type
            }
            let swiftName = Naming.member(name, taken: &taken, reserved: Self.adjacentEnumMembers)
            variants.append(
                ExternalVariant(
                    tag: name, swiftName: swiftName, payload: payload, documentation: Self.caseDocumentation(option)))
        }
        return (tag, content, variants)
    }

    /// The member that holds one string in every option (all objects), if there is one.
    static func adjacentTagMember(_ options: [DocumentValue]) -> String? {
        guard !options.isEmpty, options.allSatisfy({ $0["type"]?.string == "object" }),
            let first = options[0]["properties"]?.members
        else { return nil }
        return first.map(\.key).first { key in
            options.allSatisfy { $0["properties"]?[key].flatMap(singleString) != nil }
        }
    }

    /// The one member besides `tag` that the options have (the same name in every option that has
    /// data), or `nil` when there is none or more than one.
    static func adjacentContentMember(_ options: [DocumentValue], tag: String) -> String? {
        var content: String?
        for option in options {
            for (key, _) in option["properties"]?.members ?? [] where key != tag {
                guard content == nil || content == key else { return nil }
                content = key
            }
        }
        return content
    }
}
