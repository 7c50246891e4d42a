import Foundation

/// A property's schema becomes a ``TypeReference`` (and whether it is nullable).
extension SchemaTranslator {
    static let referenceKeys: Set<String> = [
        "type", "x-ron-type", "format", "items", "additionalProperties", "$ref", "x-ron-type-arguments",
        "x-ron-type-parameter", "enum", "propertyNames", "pattern", "patternProperties",
    ]

    /// Integer formats (OpenAPI's and schemars') → sized Swift integers.
    static let integerFormats: [String: TypeReference] = [
        "int8": .int8, "int16": .int16, "int32": .int32, "int64": .int64(asString: false), "int": .int,
        "uint8": .uint8, "uint16": .uint16, "uint32": .uint32, "uint64": .uint64(asString: false), "uint": .uint,
    ]

    /// The Swift type of an `integer` without `x-ron-type`: its `format`'s, else `Int` when the
    /// schema bounds it on both sides within 64 bits, else `JSONInteger`, which takes any whole
    /// number the schema allows and writes back its digits.
    static func integerType(of node: DocumentValue) -> TypeReference {
        if let format = node["format"]?.string, let type = integerFormats[format] { return type }
        func bound(_ keys: [String]) -> Double? {
            keys.lazy.compactMap { key -> Double? in
                guard case .number(let text)? = node[key] else { return nil }
                return Double(text)
            }.first
        }
        guard let low = bound(["minimum", "exclusiveMinimum"]), let high = bound(["maximum", "exclusiveMaximum"]),
            low >= -0x1p63, high < 0x1p63
        else { return .bigInteger }
        return .int
    }

    /// The one non-null member of `anyOf`/`oneOf: [X, {"type": "null"}]` (either order, serde's
    /// `Option<X>` as schemars writes it), or `nil` when the list is not that shape.
    static func nullableMember(_ node: DocumentValue) -> (key: String, schema: DocumentValue, index: Int)? {
        for key in ["anyOf", "oneOf"] {
            guard case .array(let options)? = node[key], options.count == 2 else { continue }
            let isNull = options.map { $0["type"]?.string == "null" && ($0.members?.count ?? 0) == 1 }
            guard isNull.filter({ $0 }).count == 1, let index = isNull.firstIndex(of: false) else { continue }
            return (key, options[index], index)
        }
        return nil
    }

    func reference(
        _ node: DocumentValue, at: Location, typeParameters: [String], extraKeys: Set<String>
    ) throws(CodegenError) -> (type: TypeReference, nullable: Bool) {
        if case .bool(true) = node { return (.json, false) }
        guard node.members != nil else { throw at.error("a schema must be an object, not \(node.typeName)") }
        if let (key, member, index) = Self.nullableMember(node) {
            // `Option<X>`: X, which may be null.
            try Self.allow(node, Set([key]).union(extraKeys), at: at)
            let inner = try reference(
                member, at: at.appending(key).appending(String(index)), typeParameters: typeParameters,
                extraKeys: extraKeys)
            return (inner.type, true)
        }
        if case .array(let parts)? = node["allOf"], parts.count == 1 {
            // A documented `$ref` (`allOf: [{"$ref": ...}]` beside a description): the referenced type.
            try Self.allow(node, Set(["allOf"]).union(extraKeys), at: at)
            return try reference(
                parts[0], at: at.appending("allOf").appending("0"), typeParameters: typeParameters,
                extraKeys: extraKeys)
        }
        if Self.isTuple(node) {
            // Registered in pass 1 as a named struct at this pointer.
            try Self.allow(
                node,
                Set(["type", "prefixItems", "items", "additionalItems", "minItems", "maxItems"]).union(extraKeys),
                at: at)
            guard let name = namesByLocation[at.file + "#" + at.pointer] else {
                throw at.error("a tuple is supported as a named type or a property, not here")
            }
            var nullable = false
            if case .array(let names)? = node["type"] { nullable = names.contains(.string("null")) }
            return (.named(name, arguments: []), nullable)
        }
        try Self.allow(node, Self.referenceKeys.union(extraKeys), at: at)
        if let ref = node["$ref"] {
            guard let text = ref.string else { throw at.appending("$ref").error("$ref must be a string") }
            let name = try resolve(text, at: at.appending("$ref"))
            let expected = Self.typeParameters(of: definitions[name]?.node)
            var arguments: [TypeReference] = []
            let given = node["x-ron-type-arguments"]?.members ?? []
            for parameter in expected {
                guard let argument = given.first(where: { $0.key == parameter })?.value else {
                    throw at.appending("x-ron-type-arguments").error(
                        "'\(name)' needs a type argument for '\(parameter)'")
                }
                arguments.append(
                    try reference(
                        argument, at: at.appending("x-ron-type-arguments").appending(parameter),
                        typeParameters: typeParameters, extraKeys: []
                    ).type)
            }
            for (key, _) in given where !expected.contains(key) {
                throw at.appending("x-ron-type-arguments").appending(key).error(
                    "'\(name)' has no type parameter '\(key)'")
            }
            return (.named(name, arguments: arguments), false)
        }
        if let parameter = node["x-ron-type-parameter"] {
            guard let name = parameter.string, typeParameters.contains(name) else {
                throw at.appending("x-ron-type-parameter").error("not a type parameter of the enclosing type")
            }
            return (.typeParameter(name), false)
        }
        var nullable = false
        var typeName: String?
        switch node["type"] {
        case nil: typeName = nil
        case .string(let name)?: typeName = name
        case .array(let names)?:
            let strings = names.compactMap(\.string)
            let nonNull = strings.filter { $0 != "null" }
            guard strings.count == names.count, nonNull.count == 1, strings.count == 2 else {
                throw at.appending("type").error("a type list must be one type and \"null\"")
            }
            nullable = true
            typeName = nonNull[0]
        case let other?: throw at.appending("type").error("type must be a string, not \(other.typeName)")
        }
        let ronType = node["x-ron-type"]?.string
        if node["x-ron-type"] != nil, ronType == nil {
            throw at.appending("x-ron-type").error("x-ron-type must be a string")
        }
        let format = node["format"]?.string
        func unsupported(_ what: String) -> CodegenError {
            at.appending(what == "format" ? "format" : "x-ron-type").error(
                "\(what) '\((what == "format" ? format : ronType) ?? "")' does not go with type '\(typeName ?? "none")'"
            )
        }
        // A format that has no Swift type of its own is an annotation (JSON Schema says so): it is
        // kept in the documentation and the value stays the plain type.
        switch typeName {
        case nil:
            guard ronType == nil || ronType == "json" else { throw unsupported("x-ron-type") }
            return (.json, false)
        case "boolean":
            guard ronType == nil || ronType == "bool" else { throw unsupported("x-ron-type") }
            return (.bool, nullable)
        case "number":
            guard ronType == nil else { throw unsupported("x-ron-type") }
            return (format == "float" ? .float : format == "decimal" ? .decimal : .double, nullable)
        case "integer":
            switch ronType {
            case nil: return (Self.integerType(of: node), nullable)
            case "u8": return (.uint8, nullable)
            case "u16": return (.uint16, nullable)
            case "u32": return (.uint32, nullable)
            case "i32": return (.int32, nullable)
            case "i64": return (.int64(asString: false), nullable)
            case "u64": return (.uint64(asString: false), nullable)
            default: throw unsupported("x-ron-type")
            }
        case "string":
            if format == "date-time" { return (.timestamp, nullable) }
            switch ronType {
            case nil, "string", "id": return (.string, nullable)
            case "i64": return (.int64(asString: true), nullable)
            case "u64": return (.uint64(asString: true), nullable)
            case "bytes": return (.bytes, nullable)
            case "timestamp": return (.timestamp, nullable)
            default: throw unsupported("x-ron-type")
            }
        case "array":
            guard let items = node["items"] else { throw at.error("an array needs items") }
            return (
                .array(
                    try reference(items, at: at.appending("items"), typeParameters: typeParameters, extraKeys: []).type),
                nullable
            )
        case "object":
            if let names = node["propertyNames"], names.members == nil, names != .bool(true) {
                throw at.appending("propertyNames").error(
                    "propertyNames must be a schema object (its keys stay strings in Swift)")
            }
            if let patterns = node["patternProperties"] {
                // A map whose keys match a pattern (schemars 1.x for `HashMap<u32, T>`: `^\d+$`, and
                // `additionalProperties: false`): `[String: T]`, the pattern in the doc comment.
                let patternsAt = at.appending("patternProperties")
                guard let entries = patterns.members, entries.count == 1 else {
                    throw patternsAt.error(
                        "patternProperties is supported with exactly one pattern, as a map's key rule (schemars' integer-keyed maps)"
                    )
                }
                guard node["properties"] == nil,
                    node["additionalProperties"] == nil || node["additionalProperties"] == .bool(false)
                else {
                    throw patternsAt.error(
                        "patternProperties beside properties or an additionalProperties schema is not supported; a map takes one key pattern"
                    )
                }
                return (
                    .map(
                        try reference(
                            entries[0].value, at: patternsAt.appending(entries[0].key), typeParameters: typeParameters,
                            extraKeys: []
                        ).type), nullable
                )
            }
            if node["properties"] == nil,
                node["additionalProperties"] == nil || node["additionalProperties"] == .bool(true)
            {
                // A free-form object (`HashMap<String, Value>`, `serde_json::Map`): a map of any JSON.
                return (.map(.json), nullable)
            }
            guard let values = node["additionalProperties"], Self.isSchema(values) else {
                throw at.error(
                    "an inline object is not supported: define it in $defs and use $ref, or give additionalProperties a schema for a map"
                )
            }
            return (
                .map(
                    try reference(
                        values, at: at.appending("additionalProperties"), typeParameters: typeParameters, extraKeys: []
                    ).type), nullable
            )
        case let other?:
            throw at.appending("type").error("unsupported type '\(other)'")
        }
    }
}
