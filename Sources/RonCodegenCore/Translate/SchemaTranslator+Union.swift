import Foundation

/// `oneOf` with a discriminator becomes an internally tagged union.
extension SchemaTranslator {
    func union(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(node, ["oneOf", "discriminator", "type"], at: at)
        guard let discriminator = node["discriminator"] else {
            throw at.appending("oneOf").error(
                "oneOf without a discriminator is not supported; add discriminator.propertyName and mapping")
        }
        let discriminatorAt = at.appending("discriminator")
        try Self.allow(
            discriminator, ["propertyName", "mapping", "x-ron-absent-tag"], at: discriminatorAt, annotations: false)
        guard let property = discriminator["propertyName"]?.string, !property.isEmpty else {
            throw discriminatorAt.error("discriminator.propertyName must be a non-empty string")
        }
        guard let mapping = discriminator["mapping"]?.members, !mapping.isEmpty else {
            throw discriminatorAt.error("discriminator.mapping must map every tag to a $ref")
        }
        guard case .array(let options) = node["oneOf"] ?? .null, !options.isEmpty else {
            throw at.appending("oneOf").error("oneOf must be a non-empty array of $ref")
        }
        var listed: [String] = []
        for (offset, option) in options.enumerated() {
            let optionAt = at.appending("oneOf").appending(String(offset))
            try Self.allow(option, ["$ref"], at: optionAt, annotations: false)
            guard let ref = option["$ref"]?.string else {
                throw optionAt.error("each oneOf member must be a $ref to an object type")
            }
            listed.append(try resolve(ref, at: optionAt.appending("$ref")))
        }
        var variants: [UnionVariant] = []
        var names = Set<String>()
        for (tag, target) in mapping {
            let entryAt = discriminatorAt.appending("mapping").appending(tag)
            guard let ref = target.string else { throw entryAt.error("a mapping value must be a $ref string") }
            let payload = try resolve(ref, at: entryAt)
            guard listed.contains(payload) else {
                throw entryAt.error("'\(payload)' is mapped but not listed in oneOf")
            }
            let swiftName = Naming.member(tag, taken: &names, reserved: ["unknown", "tag", "init"])
            variants.append(UnionVariant(tag: tag, swiftName: swiftName, payload: payload))
        }
        if let absent = discriminator["x-ron-absent-tag"] {
            guard let tag = absent.string, let index = variants.firstIndex(where: { $0.tag == tag }) else {
                throw discriminatorAt.appending("x-ron-absent-tag").error(
                    "x-ron-absent-tag must be one of the mapping's tags")
            }
            variants[index].selectedWhenAbsent = true
        }
        for payload in listed where !variants.contains(where: { $0.payload == payload }) {
            throw discriminatorAt.appending("mapping").error("'\(payload)' is in oneOf but no tag maps to it")
        }
        return .taggedUnion(discriminator: property, variants: variants)
    }

    func checkUnions(_ types: [NamedType]) throws(CodegenError) {
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
        for type in types {
            guard case .taggedUnion(let discriminator, let variants) = type.shape else { continue }
            for variant in variants {
                guard let payload = byName[variant.payload],
                    case .structure(let parameters, let fields) = payload.shape,
                    parameters.isEmpty
                else {
                    throw CodegenError(
                        file: type.origin.file, pointer: type.origin.pointer,
                        message: "union variant '\(variant.payload)' must be a non-generic object type")
                }
                // The variant an object without the tag is keeps the tag as a member of its own, so
                // it goes back as it came, with or without it.
                if !variant.selectedWhenAbsent, fields.contains(where: { $0.wireName == discriminator }) {
                    throw CodegenError(
                        file: payload.origin.file,
                        pointer: payload.origin.pointer + "/properties/" + Pointer.escape(discriminator),
                        message:
                            "variant '\(payload.name)' must not declare the discriminator '\(discriminator)' of \(type.name)"
                    )
                }
            }
        }
    }
}
