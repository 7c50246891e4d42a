import Foundation

/// Turns parsed schema documents into a ``SchemaModel``.
///
/// The translator knows the supported subset of JSON Schema 2020-12 (docs/SchemaFormat.md) and
/// refuses everything else with a ``CodegenError`` that names the file, the JSON pointer and the
/// keyword: nothing in a schema is dropped silently.
struct SchemaTranslator {
    /// A document as read: its path relative to the schema directory and its tree.
    typealias Document = (path: String, root: DocumentValue)

    private struct Definition {
        var file: String
        var node: DocumentValue
    }

    private var definitions: [String: Definition] = [:]
    private var namesByFile: [String: Set<String>] = [:]

    static func translate(_ documents: [Document]) throws(CodegenError) -> SchemaModel {
        var translator = SchemaTranslator()
        try translator.collect(documents)
        var types: [NamedType] = []
        for document in documents {
            for (name, node) in document.root["$defs"]?.members ?? [] {
                types.append(try translator.namedType(name, node, file: document.path))
            }
        }
        try translator.checkUnions(types)
        return SchemaModel(documents: documents.map(\.path), types: types)
    }

    // MARK: Pass 1: names

    private static let documentKeys: Set<String> = ["$schema", "$id", "title", "description", "$defs", "$comment"]

    private mutating func collect(_ documents: [Document]) throws(CodegenError) {
        for document in documents {
            guard let members = document.root.members else {
                throw CodegenError(file: document.path, pointer: "", message: "a schema document must be an object")
            }
            for (key, _) in members where !Self.documentKeys.contains(key) {
                throw CodegenError(
                    file: document.path, pointer: "/" + Pointer.escape(key),
                    message: "unsupported keyword '\(key)' at the top of a document (named types go in $defs)")
            }
            guard let defs = document.root["$defs"] else { continue }
            guard let entries = defs.members else {
                throw CodegenError(file: document.path, pointer: "/$defs", message: "$defs must be an object")
            }
            for (name, node) in entries {
                let pointer = "/$defs/" + Pointer.escape(name)
                guard Naming.isTypeName(name) else {
                    throw CodegenError(
                        file: document.path, pointer: pointer,
                        message: "'\(name)' is not a usable Swift type name (UpperCamelCase letters and digits)")
                }
                if let earlier = definitions[name] {
                    throw CodegenError(
                        file: document.path, pointer: pointer,
                        message:
                            "type '\(name)' is already defined in \(earlier.file); names are shared by all documents")
                }
                definitions[name] = Definition(file: document.path, node: node)
                namesByFile[document.path, default: []].insert(name)
            }
        }
    }

    // MARK: Pass 2: named types

    private static let annotationKeys: Set<String> = [
        "title", "description", "$comment", "examples", "x-ron-note", "deprecated", "x-ron-conforms-to",
    ]

    private func namedType(_ name: String, _ node: DocumentValue, file: String) throws(CodegenError) -> NamedType {
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
            name: name, origin: file + "#" + pointer, documentation: documentation, deprecated: deprecated,
            conformances: conformances, shape: shape)
    }

    private func structure(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(
            node, ["type", "properties", "required", "additionalProperties", "x-ron-type-parameters"], at: at)
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
        if let list = node["required"] {
            guard case .array(let items) = list else {
                throw at.appending("required").error("required must be an array of names")
            }
            for item in items {
                guard let name = item.string else {
                    throw at.appending("required").error("required must be an array of names")
                }
                guard members.contains(where: { $0.key == name }) else {
                    throw at.appending("required").error("'\(name)' is required but not among the properties")
                }
                required.insert(name)
            }
        }
        var fields: [Field] = []
        var swiftNames: [String: String] = [:]
        for (wireName, schema) in members {
            let fieldAt = at.appending("properties").appending(wireName)
            let swiftName = Naming.lowerCamel(wireName)
            guard !swiftName.isEmpty else { throw fieldAt.error("cannot make a Swift name from '\(wireName)'") }
            if let other = swiftNames[swiftName] {
                throw fieldAt.error("'\(wireName)' and '\(other)' both become the Swift name '\(swiftName)'")
            }
            swiftNames[swiftName] = wireName
            let resolved = try reference(
                schema, at: fieldAt, typeParameters: typeParameters, extraKeys: ["default", "x-ron-omit-default"])
            let defaultLiteral = try schema["default"].map { value throws(CodegenError) in
                try literal(value, for: resolved.type, at: fieldAt.appending("default"))
            }
            fields.append(
                Field(
                    wireName: wireName, swiftName: swiftName, type: resolved.type,
                    required: required.contains(wireName),
                    nullable: resolved.nullable, defaultLiteral: defaultLiteral,
                    omitsDefault: try Self.flag(schema, "x-ron-omit-default", at: fieldAt),
                    deprecated: try Self.flag(schema, "deprecated", at: fieldAt),
                    documentation: Self.documentation(schema)))
            if fields.last?.omitsDefault == true, defaultLiteral == nil {
                throw fieldAt.appending("x-ron-omit-default").error("x-ron-omit-default needs a default")
            }
        }
        return .structure(typeParameters: typeParameters, fields: fields)
    }

    private func stringEnum(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(node, ["type", "enum", "x-ron-case-names"], at: at)
        guard case .array(let values) = node["enum"] ?? .null, !values.isEmpty else {
            throw at.appending("enum").error("enum must be a non-empty array of strings")
        }
        let overrides = node["x-ron-case-names"]?.members ?? []
        var cases: [EnumCase] = []
        var seen: [String: String] = [:]
        for (offset, value) in values.enumerated() {
            guard let wire = value.string else {
                throw at.appending("enum").appending(String(offset)).error("enum values must be strings")
            }
            let name = overrides.first(where: { $0.key == wire })?.value.string ?? Naming.lowerCamel(wire)
            guard !name.isEmpty, name != "unknown" else {
                throw at.appending("enum").appending(String(offset)).error(
                    "the value '\(wire)' needs a case name in x-ron-case-names ('unknown' is reserved)")
            }
            if let other = seen[name] {
                throw at.appending("enum").error("'\(wire)' and '\(other)' both become the case name '\(name)'")
            }
            seen[name] = wire
            cases.append(EnumCase(wireValue: wire, swiftName: name))
        }
        return .stringEnum(cases: cases)
    }

    private func union(_ node: DocumentValue, at: Location) throws(CodegenError) -> NamedType.Shape {
        try Self.allow(node, ["oneOf", "discriminator", "type"], at: at)
        guard let discriminator = node["discriminator"] else {
            throw at.appending("oneOf").error(
                "oneOf without a discriminator is not supported; add discriminator.propertyName and mapping")
        }
        let discriminatorAt = at.appending("discriminator")
        try Self.allow(discriminator, ["propertyName", "mapping"], at: discriminatorAt, annotations: false)
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
            let swiftName = Naming.lowerCamel(tag)
            guard !swiftName.isEmpty, swiftName != "unknown", names.insert(swiftName).inserted else {
                throw entryAt.error("the tag '\(tag)' does not give a distinct Swift case name")
            }
            variants.append(UnionVariant(tag: tag, swiftName: swiftName, payload: payload))
        }
        for payload in listed where !variants.contains(where: { $0.payload == payload }) {
            throw discriminatorAt.appending("mapping").error("'\(payload)' is in oneOf but no tag maps to it")
        }
        return .taggedUnion(discriminator: property, variants: variants)
    }

    private func checkUnions(_ types: [NamedType]) throws(CodegenError) {
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
        for type in types {
            guard case .taggedUnion(let discriminator, let variants) = type.shape else { continue }
            for variant in variants {
                guard let payload = byName[variant.payload],
                    case .structure(let parameters, let fields) = payload.shape,
                    parameters.isEmpty
                else {
                    throw CodegenError(
                        file: String(type.origin.prefix(while: { $0 != "#" })),
                        pointer: String(type.origin.drop(while: { $0 != "#" }).dropFirst()),
                        message: "union variant '\(variant.payload)' must be a non-generic object type")
                }
                if fields.contains(where: { $0.wireName == discriminator }) {
                    throw CodegenError(
                        file: String(payload.origin.prefix(while: { $0 != "#" })),
                        pointer: String(payload.origin.drop(while: { $0 != "#" }).dropFirst()) + "/properties/"
                            + discriminator,
                        message:
                            "variant '\(payload.name)' must not declare the discriminator '\(discriminator)' of \(type.name)"
                    )
                }
            }
        }
    }

    // MARK: Property schemas

    private static let referenceKeys: Set<String> = [
        "type", "x-ron-type", "format", "items", "additionalProperties", "$ref", "x-ron-type-arguments",
        "x-ron-type-parameter",
    ]

    private func reference(
        _ node: DocumentValue, at: Location, typeParameters: [String], extraKeys: Set<String>
    ) throws(CodegenError) -> (type: TypeReference, nullable: Bool) {
        if case .bool(true) = node { return (.json, false) }
        guard node.members != nil else { throw at.error("a schema must be an object, not \(node.typeName)") }
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
        if format != nil, !(typeName == "string" && format == "date-time") { throw unsupported("format") }
        switch typeName {
        case nil:
            guard ronType == nil || ronType == "json" else { throw unsupported("x-ron-type") }
            return (.json, false)
        case "boolean":
            guard ronType == nil || ronType == "bool" else { throw unsupported("x-ron-type") }
            return (.bool, nullable)
        case "number":
            guard ronType == nil else { throw unsupported("x-ron-type") }
            return (.double, nullable)
        case "integer":
            switch ronType {
            case nil: return (.int, nullable)
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

    /// Resolves `#/$defs/Name` or `file.json#/$defs/Name` from the location's document.
    private func resolve(_ ref: String, at: Location) throws(CodegenError) -> String {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("/$defs/") else {
            throw at.error("$ref '\(ref)' must point at a member of $defs ('#/$defs/Name' or 'file.json#/$defs/Name')")
        }
        let name = Pointer.unescape(String(parts[1].dropFirst("/$defs/".count)))
        let file = parts[0].isEmpty ? at.file : Pointer.join(at.file, String(parts[0]))
        guard namesByFile[file] != nil else { throw at.error("$ref '\(ref)': no schema document '\(file)'") }
        guard namesByFile[file]?.contains(name) == true else {
            throw at.error("$ref '\(ref)': '\(file)' defines no type '\(name)'")
        }
        return name
    }

    private func literal(_ value: DocumentValue, for type: TypeReference, at: Location) throws(CodegenError) -> String {
        switch (type, value) {
        case (.bool, .bool(let flag)): return flag ? "true" : "false"
        case (.int, .number(let text)), (.int32, .number(let text)), (.uint8, .number(let text)),
            (.uint16, .number(let text)), (.uint32, .number(let text)), (.int64, .number(let text)),
            (.uint64, .number(let text)):
            guard Int64(text) != nil || UInt64(text) != nil else { throw at.error("default \(text) is not an integer") }
            return text
        case (.double, .number(let text)): return text.contains(where: { ".eE".contains($0) }) ? text : text + ".0"
        case (.string, .string(let text)): return SwiftLiteral.string(text)
        case (.array, .array(let items)) where items.isEmpty: return "[]"
        case (.map, .object(let members)) where members.isEmpty: return "[:]"
        case (.named(let name, _), .string(let text)):
            guard let node = definitions[name]?.node, case .stringEnum(let cases)? = try? stringEnum(node, at: at),
                let match = cases.first(where: { $0.wireValue == text })
            else { throw at.error("default \"\(text)\" is not a value of \(name)") }
            return "." + Naming.escaped(match.swiftName)
        default:
            throw at.error("a default of \(value.typeName) is not supported for this property")
        }
    }

    // MARK: Helpers

    private static func typeParameters(of node: DocumentValue?) -> [String] {
        guard case .array(let items)? = node?["x-ron-type-parameters"] else { return [] }
        return items.compactMap(\.string)
    }

    private static func isSchema(_ node: DocumentValue?) -> Bool {
        guard let node else { return false }
        if case .bool = node { return false }
        return true
    }

    private static func documentation(_ node: DocumentValue) -> String? {
        let parts = [node["title"]?.string, node["description"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    private static func flag(_ node: DocumentValue, _ key: String, at: Location) throws(CodegenError) -> Bool {
        switch node[key] {
        case nil: return false
        case .bool(let value)?: return value
        default: throw at.appending(key).error("\(key) must be true or false")
        }
    }

    private static func allow(
        _ node: DocumentValue, _ keys: Set<String>, at: Location, annotations: Bool = true
    ) throws(CodegenError) {
        for (key, _) in node.members ?? [] where !keys.contains(key) && !(annotations && annotationKeys.contains(key)) {
            throw at.appending(key).error("unsupported keyword '\(key)' here")
        }
    }
}

/// A place in a document, for errors.
struct Location {
    var file: String
    var pointer: String

    func appending(_ token: String) -> Location {
        Location(file: file, pointer: pointer + "/" + Pointer.escape(token))
    }

    func error(_ message: String) -> CodegenError {
        CodegenError(file: file, pointer: pointer, message: message)
    }
}

/// RFC 6901 pointer tokens and relative document paths.
enum Pointer {
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// `a/b.json` + `../c.json` → `c.json`.
    static func join(_ from: String, _ relative: String) -> String {
        var parts = from.split(separator: "/").map(String.init).dropLast()
        for part in relative.split(separator: "/").map(String.init) {
            if part == ".." {
                _ = parts.popLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
