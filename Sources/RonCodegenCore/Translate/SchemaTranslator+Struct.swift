import Foundation

/// An object schema with `properties` becomes a struct.
extension SchemaTranslator {
    func structure(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(
            node,
            [
                "type", "properties", "required", "additionalProperties", "x-ron-type-parameters", "propertyNames",
                "x-ron-other-members", "x-ron-other-members-except", "x-ron-flattened", "x-ron-order",
            ],
            at: at)
        if let extra = node["additionalProperties"], case .bool = extra {
        } else if node["additionalProperties"] != nil {
            throw at.appending("additionalProperties").error(
                "an object with properties takes additionalProperties true or false only; a map with fixed properties is not supported"
            )
        }
        var typeParameters: [String] = []
        if let list = node["x-ron-type-parameters"] {
            guard case .array(let items) = list, !items.isEmpty else {
                throw at.appending("x-ron-type-parameters").error(
                    "x-ron-type-parameters must be a non-empty array of names")
            }
            for item in items {
                guard let name = item.string, Naming.isTypeName(name) else {
                    throw at.appending("x-ron-type-parameters").error("a type parameter must be an UpperCamelCase name")
                }
                typeParameters.append(name)
            }
        }
        let properties = node["properties"] ?? .object([])
        guard let members = properties.members else {
            throw at.appending("properties").error("properties must be an object")
        }
        var required = Set<String>()
        let names = Set(members.map(\.key))
        if let list = node["required"] {
            guard case .array(let items) = list else {
                throw at.appending("required").error("required must be an array of names")
            }
            for item in items {
                guard let name = item.string else {
                    throw at.appending("required").error("required must be an array of names")
                }
                guard names.contains(name) else {
                    throw at.appending("required").error("'\(name)' is required but not among the properties")
                }
                required.insert(name)
            }
        }
        var fields: [Field] = []
        var swiftNames: Set<String> = []
        for (wireName, schema) in members {
            let fieldAt = at.appending("properties").appending(wireName)
            let swiftName = Naming.member(
                wireName, taken: &swiftNames, reserved: ["self", "init", "deinit", "subscript"], suffix: "Value")
            let resolved = try reference(
                schema, at: fieldAt, typeParameters: typeParameters,
                extraKeys: ["default", "x-ron-omit-default", "x-ron-aliases"])
            let fallback = try schema["default"].map { value throws(CodegenError) in
                try self.defaultValue(value, for: resolved.type, at: fieldAt.appending("default"))
            }
            fields.append(
                Field(
                    wireName: wireName, swiftName: swiftName, type: resolved.type,
                    required: required.contains(wireName),
                    nullable: resolved.nullable, defaultValue: fallback,
                    omitsDefault: try Self.flag(schema, "x-ron-omit-default", at: fieldAt),
                    deprecated: try Self.flag(schema, "deprecated", at: fieldAt),
                    documentation: Self.documentation(schema, property: true),
                    aliases: try Self.aliases(schema, at: fieldAt)))
            if fields.last?.omitsDefault == true, fallback == nil {
                throw fieldAt.appending("x-ron-omit-default").error("x-ron-omit-default needs a default")
            }
        }
        if let order = node["x-ron-order"] {
            fields = try Self.ordered(fields, by: order, at: at.appending("x-ron-order"))
        }
        if let union = node["x-ron-flattened"] {
            // The union the object is also: read from and written to the object itself.
            let unionAt = at.appending("allOf")
            let type = try reference(union, at: unionAt, typeParameters: typeParameters, extraKeys: []).type
            var base = "variant"
            if case .named(let name, _) = type { base = Naming.member(name, taken: &swiftNames) }
            var field = Field(
                wireName: "", swiftName: base == "variant" ? Naming.member(base, taken: &swiftNames) : base,
                type: type, required: true, nullable: false, defaultValue: nil, omitsDefault: false,
                deprecated: false,
                documentation:
                    "The variant the object also is: its members are read from and written to the object itself.")
            field.flattened = true
            fields.append(field)
        }
        if let others = node["x-ron-other-members"] {
            // The members `properties` does not list, typed by `additionalProperties`.
            let othersAt = at.appending("additionalProperties")
            let value = try reference(others, at: othersAt, typeParameters: typeParameters, extraKeys: []).type
            var field = Field(
                wireName: "", swiftName: Naming.member("additionalMembers", taken: &swiftNames),
                type: .map(value), required: false, nullable: false, defaultValue: .emptyMap, omitsDefault: false,
                deprecated: false,
                documentation:
                    "The members the schema does not list, by name: read from the object and written back to it, so what a newer schema added survives a read-modify-write."
            )
            field.collectsOtherMembers = true
            field.aliases = node["x-ron-other-members-except"]?.arrayValue?.compactMap(\.string) ?? []
            fields.append(field)
        }
        for field in fields where field.isMember {
            for alias in field.aliases where fields.contains(where: { $0.wireName == alias }) {
                throw at.appending("properties").appending(field.wireName).appending("x-ron-aliases").error(
                    "'\(alias)' is the wire name of another member; an alias must not be")
            }
        }
        return .structure(typeParameters: typeParameters, fields: fields)
    }

    /// `x-ron-aliases`: other member names accepted on decode, tried in order when the wire name is
    /// absent.
    static func aliases(_ schema: DocumentValue, at: Location) throws(CodegenError) -> [String] {
        guard let list = schema["x-ron-aliases"] else { return [] }
        let aliasesAt = at.appending("x-ron-aliases")
        guard case .array(let items) = list, !items.isEmpty else {
            throw aliasesAt.error("x-ron-aliases must be a non-empty array of member names")
        }
        var names: [String] = []
        for item in items {
            guard let name = item.string, !names.contains(name) else {
                throw aliasesAt.error("x-ron-aliases must list distinct member names")
            }
            names.append(name)
        }
        return names
    }

    /// `x-ron-order`: the members it names first, in its order, then the others in the schema's.
    /// It fixes the Swift order (the initializer's parameters) whatever order a schema generator
    /// writes `properties` in; the wire does not depend on it.
    static func ordered(_ fields: [Field], by order: DocumentValue, at: Location) throws(CodegenError) -> [Field] {
        guard case .array(let items) = order else {
            throw at.error("x-ron-order must be an array of property names")
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.string, !names.contains(name) else {
                throw at.appending(String(index)).error("x-ron-order must list distinct property names")
            }
            guard fields.contains(where: { $0.wireName == name }) else {
                throw at.appending(String(index)).error("'\(name)' is not a property of this object")
            }
            names.append(name)
        }
        let first = names.compactMap { name in fields.first { $0.wireName == name } }
        return first + fields.filter { !names.contains($0.wireName) }
    }
}
