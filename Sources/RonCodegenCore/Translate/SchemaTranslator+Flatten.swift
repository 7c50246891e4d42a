import Foundation

/// `#[serde(flatten)]`, as a schema writes it: `allOf` of several object schemas (`$ref`s to structs
/// and inline objects with `properties`), beside the type's own `properties` if any. It becomes
/// one struct with every property; a property listed by several parts must have the same schema in
/// each, and is required when any part requires it.
extension SchemaTranslator {
    /// Whether `node` is a flattened struct (`allOf` of two or more parts, or of one part beside
    /// the type's own `properties`).
    static func isFlattened(_ node: DocumentValue) -> Bool {
        guard case .array(let parts)? = node["allOf"] else { return false }
        return parts.count >= 2 || (parts.count == 1 && node["properties"] != nil)
    }

    func flattened(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        var visiting: Set<String> = []
        let fields = try flattenedFields(node, at: at, visiting: &visiting)
        var taken: Set<String> = []
        let renamed = fields.map { entry in
            var field = entry.field
            field.swiftName = Naming.member(
                field.wireName, taken: &taken, reserved: ["self", "init", "deinit", "subscript"], suffix: "Value")
            return field
        }
        return .structure(typeParameters: [], fields: renamed)
    }

    /// The merged fields of a flattened or plain object schema, each with where it was defined.
    private func flattenedFields(
        _ node: DocumentValue, at: Location, visiting: inout Set<String>
    ) throws(CodegenError) -> [(field: Field, at: Location)] {
        var merged: [(field: Field, at: Location)] = []
        func add(_ entries: [(field: Field, at: Location)]) throws(CodegenError) {
            for (field, fieldAt) in entries {
                guard let index = merged.firstIndex(where: { $0.field.wireName == field.wireName }) else {
                    merged.append((field, fieldAt))
                    continue
                }
                var earlier = merged[index].field
                var later = field
                (earlier.required, later.required) = (false, false)
                (earlier.documentation, later.documentation) = (nil, nil)
                (earlier.swiftName, later.swiftName) = ("", "")
                guard earlier == later else {
                    throw fieldAt.error(
                        "'\(field.wireName)' is also defined at \(merged[index].at.file)#\(merged[index].at.pointer) with another schema; a flattened property must have the same schema in every part"
                    )
                }
                merged[index].field.required = merged[index].field.required || field.required
            }
        }
        if node["x-ron-type-parameters"] != nil {
            throw at.appending("x-ron-type-parameters").error("a flattened struct cannot be generic")
        }
        var own = node
        if case .object(let members) = node {
            own = .object(members.filter { $0.key != "allOf" })
        }
        if own["properties"] != nil || own["required"] != nil {
            if own["type"] == nil, case .object(let members) = own {
                own = .object(members + [("type", .string("object"))])
            }
            try add(
                try plainFields(own, at: at).map { ($0, at.appending("properties").appending($0.wireName)) })
        } else {
            try Self.allow(own, ["type", "additionalProperties"], at: at)
        }
        guard case .array(let parts)? = node["allOf"] else { return merged }
        for (offset, part) in parts.enumerated() {
            let partAt = at.appending("allOf").appending(String(offset))
            if let ref = part["$ref"] {
                try Self.allow(part, ["$ref"], at: partAt)
                guard let text = ref.string else { throw partAt.appending("$ref").error("$ref must be a string") }
                let name = try resolve(text, at: partAt.appending("$ref"))
                guard let definition = definitions[name] else { continue }
                guard visiting.insert(name).inserted else {
                    throw partAt.appending("$ref").error("'\(name)' flattens itself")
                }
                let targetAt = Location(file: definition.origin.file, pointer: definition.origin.pointer)
                let target = Self.withoutDocumentKeys(definition)
                guard target["type"]?.string == "object" || target["properties"] != nil || Self.isFlattened(target)
                else {
                    throw partAt.appending("$ref").error(
                        "allOf of several schemas merges objects: '\(name)' is not an object with properties")
                }
                guard Self.typeParameters(of: target).isEmpty else {
                    throw partAt.appending("$ref").error("a generic type cannot be flattened into another")
                }
                try add(try flattenedFields(target, at: targetAt, visiting: &visiting))
                visiting.remove(name)
            } else if part["properties"] != nil || part["allOf"] != nil {
                try add(try flattenedFields(part, at: partAt, visiting: &visiting))
            } else {
                throw partAt.error(
                    "allOf of several schemas merges objects: each part must be a $ref to a struct or an object with properties"
                )
            }
        }
        return merged
    }

    /// The fields of an object schema with `properties`, as a struct has them.
    private func plainFields(_ node: DocumentValue, at: Location) throws(CodegenError) -> [Field] {
        guard case .structure(_, let fields) = try structure(node, at: at) else { return [] }
        return fields
    }

    /// A definition's schema without the keys of the document it is the root of.
    static func withoutDocumentKeys(_ definition: Definition) -> DocumentValue {
        guard definition.origin.pointer.isEmpty, case .object(let members) = definition.node else {
            return definition.node
        }
        let own: Set<String> = ["$schema", "$id", "$defs", "definitions", "$comment", "$anchor", "x-ron-hoisted"]
        return .object(members.filter { !own.contains($0.key) })
    }
}
