import Foundation

/// `#[serde(untagged)]`, as schemars writes it: `oneOf` or `anyOf` of variants without a tag (not
/// one of the tagged shapes, not the nullable pair). It becomes a Swift enum with a case per
/// variant; decoding takes the variant that fits the value best (docs/SchemaFormat.md). A variant
/// that may be null is the variant and, unless the enum lists `{"type": "null"}` itself, a `null`
/// case after it.
extension SchemaTranslator {
    /// Members every generated untagged enum declares, which no case may be named.
    static let untaggedEnumMembers: Set<String> = ["init"]

    /// The variants when `node` is an untagged `oneOf`/`anyOf`, else `nil`.
    func untagged(_ node: DocumentValue, at: Location) throws(CodegenError) -> [UntaggedVariant]? {
        guard let (key, options) = Self.untaggedOptions(node) else { return nil }
        try Self.allow(node, [key], at: at)
        guard !options.isEmpty else {
            throw at.appending(key).error("\(key) must be a non-empty array of schemas")
        }
        let enumName = namesByLocation[at.file + "#" + at.pointer] ?? ""
        var taken: Set<String> = []
        var variants: [UntaggedVariant] = []
        // Whether the enum has its `null` case: listed, or added after a variant that may be null.
        var hasNull = options.contains { $0["type"]?.string == "null" }
        for (offset, option) in options.enumerated() {
            let optionAt = at.appending(key).appending(String(offset))
            if option["type"]?.string == "null" {
                try Self.allow(option, ["type"], at: optionAt)
                let name = Naming.member("null", taken: &taken, reserved: Self.untaggedEnumMembers)
                variants.append(
                    UntaggedVariant(swiftName: name, payload: nil, documentation: Self.caseDocumentation(option)))
                continue
            }
            if Self.isInlineStruct(option), let name = namesByLocation[optionAt.file + "#" + optionAt.pointer] {
                // A struct variant written inline, registered in pass 1 as `<Enum><Title>` or
                // `<Enum>Variant<n>`: the case is named by what follows the enum's name.
                let suffix =
                    name.hasPrefix(enumName) && name != enumName ? String(name.dropFirst(enumName.count)) : name
                let swiftName = Naming.member(suffix, taken: &taken, reserved: Self.untaggedEnumMembers)
                variants.append(
                    UntaggedVariant(
                        swiftName: swiftName, payload: .named(name, arguments: []),
                        documentation: Self.caseDocumentation(option)))
                continue
            }
            let resolved = try reference(option, at: optionAt, typeParameters: [], extraKeys: [])
            var caseName = Self.caseName(resolved.type)
            if case .named(let name, _) = resolved.type, name.hasPrefix(enumName), name != enumName,
                namesByLocation[optionAt.file + "#" + optionAt.pointer] == name
            {
                // A tuple variant written inline, registered as `<Enum>Variant<n>`.
                caseName = String(name.dropFirst(enumName.count))
            }
            let name = Naming.member(caseName, taken: &taken, reserved: Self.untaggedEnumMembers)
            variants.append(
                UntaggedVariant(
                    swiftName: name, payload: resolved.type, documentation: Self.caseDocumentation(option)))
            if resolved.nullable, !hasNull {
                hasNull = true
                let nullName = Naming.member("null", taken: &taken, reserved: Self.untaggedEnumMembers)
                variants.append(UntaggedVariant(swiftName: nullName, payload: nil, documentation: nil))
            }
        }
        return variants
    }

    /// The case name a variant of this type gets: the named type's name, else the scalar kind
    /// (`string`, `int32`, `stringArray`, `doubleMap`, `json`).
    static func caseName(_ type: TypeReference) -> String {
        switch type {
        case .bool: return "bool"
        case .string: return "string"
        case .double: return "double"
        case .float: return "float"
        case .int: return "int"
        case .int8: return "int8"
        case .int16: return "int16"
        case .int32: return "int32"
        case .uint: return "uint"
        case .uint8: return "uint8"
        case .uint16: return "uint16"
        case .uint32: return "uint32"
        case .int64: return "int64"
        case .uint64: return "uint64"
        case .bigInteger: return "integer"
        case .decimal: return "decimal"
        case .bytes: return "bytes"
        case .timestamp: return "date"
        case .json: return "json"
        case .array(let element): return caseName(element) + "Array"
        case .map(let value): return caseName(value) + "Map"
        case .named(let name, _): return name
        case .typeParameter(let name): return name
        }
    }

    /// The keyword (`oneOf` or `anyOf`) and the variants when `node` is untagged: no discriminator,
    /// not the nullable pair, not one of the tagged `oneOf` shapes. Else `nil`.
    static func untaggedOptions(_ node: DocumentValue) -> (String, [DocumentValue])? {
        guard node["discriminator"] == nil, nullableMember(node) == nil else { return nil }
        let key: String
        if node["oneOf"] != nil, node["anyOf"] == nil {
            key = "oneOf"
        } else if node["anyOf"] != nil, node["oneOf"] == nil {
            key = "anyOf"
        } else {
            return nil
        }
        guard case .array(let options)? = node[key] else { return (key, []) }
        if key == "oneOf", isTaggedShape(options) { return nil }
        return (key, options)
    }

    /// Whether `oneOf` options have one of the tagged shapes (unit-only, externally tagged,
    /// adjacently tagged), which their own translators read.
    static func isTaggedShape(_ options: [DocumentValue]) -> Bool {
        guard !options.isEmpty else { return false }
        if options.allSatisfy({ singleString($0) != nil }) { return true }
        if options.allSatisfy({ taggedMember($0) != nil || unitNames($0) != nil }),
            options.contains(where: { taggedMember($0) != nil })
        {
            return true
        }
        guard let tag = adjacentTagMember(options) else { return false }
        var content: String?
        for option in options {
            for (key, _) in option["properties"]?.members ?? [] where key != tag {
                guard content == nil || content == key else { return false }
                content = key
            }
        }
        return content != nil
    }
}
