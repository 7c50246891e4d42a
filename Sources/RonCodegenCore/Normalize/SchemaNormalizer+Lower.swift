import Foundation

/// A schema's JSON types, as `type` (one or a list), OpenAPI 3.0's `nullable` and the values of
/// `enum`/`const` say.
struct TypeView {
    /// The types other than `null`; empty when any value goes.
    var kinds: [String]
    /// Whether `null` is allowed.
    var nullable: Bool
}

/// Lowering: any schema → the form the translator reads, named types hoisted on the way.
extension SchemaNormalizer {
    static let referenceKeywords: Set<String> = ["$ref", "$dynamicRef", "$recursiveRef"]

    /// The reference keyword of `node` whose value is a string, and that string: `$ref` first,
    /// then `$dynamicRef`, then `$recursiveRef` (the same one on every run, where a search of
    /// ``referenceKeywords`` went in the set's order).
    static func referenceMember(_ node: DocumentValue) -> (key: String, ref: String)? {
        if let ref = node["$ref"]?.string { return ("$ref", ref) }
        if let ref = node["$dynamicRef"]?.string { return ("$dynamicRef", ref) }
        if let ref = node["$recursiveRef"]?.string { return ("$recursiveRef", ref) }
        return nil
    }
    /// Keywords that, beside a `$ref`, make the schema an `allOf` of the reference and the rest.
    static let refExtendingKeywords: Set<String> = [
        "properties", "patternProperties", "additionalProperties", "allOf", "oneOf", "anyOf", "enum", "const",
    ]

    /// The normalized definition of the named type at `place`.
    mutating func definition(at place: Place) throws(CodegenError) -> DocumentValue {
        switch overrides[place] {
        case .object(let shape)?: return try structDefinition(shape, at: place, annotationsOf: nil)
        case nil: return try lower(node(at: place), at: place, definition: true).form
        }
    }

    /// `node` at `place` as a definition (a struct, an enum, a union, an alias) or as a reference
    /// (what a property, an item or a variant holds: a scalar, an array or map of references, a
    /// `$ref`), with whether `null` is allowed beside it.
    mutating func lower(
        _ node: DocumentValue, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        guard let members = node.members else { return (.object([]), false) }
        if node["x-ron-type-parameter"] != nil { return (node, false) }
        let view = typeView(node)
        if let (_, ref) = Self.referenceMember(node) {
            // Keywords beside a `$ref` that add to its shape (a `type` or `items` beside a `$ref` to
            // an object says nothing new).
            // A `type` of several kinds beside it (bukkit's `{"$ref": …, "type": ["boolean", "object"]}`)
            // widens a reference to an object to a union of those kinds.
            let severalKinds = view.kinds.count > 1
            let shapeSiblings = members.filter {
                (Self.refExtendingKeywords.contains($0.key) || (severalKinds && $0.key == "type"))
                    && !($0.key == "additionalProperties" && $0.value.members == nil)
            }
            if shapeSiblings.isEmpty { return try referenceForm(ref, node, at: place, view: view) }
            // 2019-09 and later: a `$ref` beside other keywords is both.
            let rest = DocumentValue.object(members.filter { !Self.referenceKeywords.contains($0.key) })
            return try merged(
                [(.object([("$ref", .string(ref))]), place), (rest, place)], node, at: place, definition: definition)
        }
        if case .array(let parts)? = node["allOf"], parts.contains(where: { !SchemaVocabulary.isConstraintOnly($0) }) {
            var list = parts.enumerated().map { ($0.element, place.appending("allOf").appending(String($0.offset))) }
            let rest = members.filter { $0.key != "allOf" }
            if SchemaVocabulary.hasShape(.object(rest)) { list.insert((.object(rest), place), at: 0) }
            return try merged(list, node, at: place, definition: definition)
        }
        for key in ["oneOf", "anyOf"] {
            guard case .array(let options)? = node[key],
                options.contains(where: { $0 == .bool(true) || !SchemaVocabulary.isConstraintOnly($0) })
            else { continue }
            return try union(options, key: key, node, at: place, definition: definition)
        }
        if view.kinds.count > 1 {
            return try typeUnion(view, node, at: place, definition: definition)
        }
        return try single(view, node, at: place, definition: definition)
    }

    /// The types of `node`.
    func typeView(_ node: DocumentValue) -> TypeView {
        var kinds: [String] = []
        var nullable = node["nullable"] == .bool(true) || node["x-nullable"] == .bool(true)
        let type = node["type"]
        // Most schemas name one type: the steps below would leave it as it is.
        if case .string(let name)? = type, name != "null", name != "any", SchemaVocabulary.isTypeName(name) {
            return TypeView(kinds: [name], nullable: nullable)
        }
        // Without `type` (a `$ref`, a union) the steps below would leave `kinds` empty.
        if let type {
            switch type {
            case .string(let name): kinds = [name]
            case .array(let names): kinds = names.compactMap(\.string)
            default: break
            }
            if kinds.contains("null") {
                nullable = true
                kinds.removeAll { $0 == "null" }
                if kinds.isEmpty, type.arrayValue != nil || type.string == "null" { kinds = ["null"] }
            }
            if kinds == ["null"], type.arrayValue != nil { kinds = ["null"] }
            kinds = kinds.filter { SchemaVocabulary.isTypeName($0) || $0 == "any" }
            if kinds.contains("any") { kinds = [] }
            if kinds.contains("integer"), kinds.contains("number") { kinds.removeAll { $0 == "integer" } }
        }
        if kinds.isEmpty {
            var values = node["enum"]?.arrayValue ?? []
            if let constant = node["const"] { values = [constant] }
            if !values.isEmpty {
                if values.contains(.null) { nullable = true }
                let kindsOfValues = Set(values.filter { $0 != .null }.map(Self.kind(of:)))
                if kindsOfValues.count == 1 { kinds = Array(kindsOfValues) }
                if kindsOfValues == ["integer", "number"] { kinds = ["number"] }
            } else {
                kinds = SchemaVocabulary.impliedTypes(node)
            }
        }
        return TypeView(kinds: kinds, nullable: nullable)
    }

    static func kind(of value: DocumentValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let text):
            return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "number" : "integer"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    // MARK: - `$ref`

    /// `node`, a `$ref` at `place` with nothing beside it that adds to its shape, in reference form;
    /// `view` is `node`'s ``typeView(_:)`` when the caller has it.
    mutating func referenceForm(
        _ ref: String, _ node: DocumentValue, at place: Place, view: TypeView? = nil
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let view = view ?? typeView(node)
        switch index.resolve(ref, at: place) {
        case .metaSchema:
            return (Self.annotations(of: node, into: []), false)
        case .absentDocument(let message):
            notes.append(error(place.appending("$ref"), message))
            return (Self.annotations(of: node, into: []), false)
        case .missing(let message):
            // In an API description: any JSON, with a warning. In a JSON Schema document: refused.
            guard isInDescription(place.document) else { throw error(place.appending("$ref"), message) }
            notes.append(error(place.appending("$ref"), message + ": the value is kept as any JSON (JSONValue)"))
            return (Self.annotations(of: node, into: []), false)
        case .place(let found):
            let target = redirects[found] ?? found
            var members: [(key: String, value: DocumentValue)] = [("$ref", named(target))]
            if let arguments = node["x-ron-type-arguments"]?.members {
                var lowered: [(key: String, value: DocumentValue)] = []
                for (name, argument) in arguments {
                    let argumentPlace = place.appending("x-ron-type-arguments").appending(name)
                    lowered.append((name, try lower(argument, at: argumentPlace, definition: false).form))
                }
                members.append(("x-ron-type-arguments", .object(lowered)))
            }
            return (Self.annotations(of: node, into: members), view.nullable || definitionNullable(target))
        }
    }

    // MARK: - Scalars, arrays, maps, objects

    mutating func single(
        _ view: TypeView, _ node: DocumentValue, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let nullable = view.nullable
        guard let kind = view.kinds.first else {
            // Any JSON value.
            var members: [(key: String, value: DocumentValue)] = []
            if let ronType = node["x-ron-type"] { members.append(("x-ron-type", ronType)) }
            return (Self.annotations(of: node, into: members), false)
        }
        switch kind {
        case "null":
            return (definition ? Self.annotations(of: node, into: [("type", .string("null"))]) : .object([]), false)
        case "boolean", "integer", "number":
            var members: [(key: String, value: DocumentValue)] = [("type", .string(kind))]
            if let format = node["format"], format.string != nil { members.append(("format", format)) }
            if let ronType = node["x-ron-type"]?.string { members.append(("x-ron-type", .string(ronType))) }
            if let values = node["enum"], values.arrayValue != nil { members.append(("enum", values)) }
            return (Self.annotations(of: node, into: members), nullable)
        case "string":
            return try string(node, nullable: nullable, at: place, definition: definition)
        case "array":
            return try array(node, nullable: nullable, at: place, definition: definition)
        default:
            return try object(node, nullable: nullable, at: place, definition: definition)
        }
    }

    mutating func string(
        _ node: DocumentValue, nullable: Bool, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        var values: [String] = []
        var seen: Set<String> = []
        for value in node["enum"]?.arrayValue ?? [] {
            if let text = value.string, seen.insert(text).inserted { values.append(text) }
        }
        if !values.isEmpty, node["enum"]?.arrayValue?.allSatisfy({ $0.string != nil || $0 == .null }) == true {
            guard definition else {
                return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), nullable)
            }
            var members: [(key: String, value: DocumentValue)] = [
                ("type", .string("string")), ("enum", .array(values.map(DocumentValue.string))),
            ]
            if let names = node["x-ron-case-names"], names.members != nil {
                members.append(("x-ron-case-names", names))
            }
            return (Self.annotations(of: node, into: members), nullable)
        }
        var members: [(key: String, value: DocumentValue)] = [("type", .string("string"))]
        if let format = node["format"], format.string != nil { members.append(("format", format)) }
        if let ronType = node["x-ron-type"]?.string { members.append(("x-ron-type", .string(ronType))) }
        if let pattern = node["pattern"]?.string {
            // A named string type checks its pattern; elsewhere the pattern is documentation.
            if !definition || (node["format"] == nil && node["x-ron-type"] == nil && (try? Regex(pattern)) != nil) {
                members.append(("pattern", .string(pattern)))
            }
        }
        if let constant = node["const"], !definition || node["pattern"] == nil {
            members.append(("const", constant))
        }
        return (Self.annotations(of: node, into: members), nullable)
    }

    mutating func array(
        _ node: DocumentValue, nullable: Bool, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        if let elements = exactTuple(node) {
            guard definition else {
                return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), nullable)
            }
            var lowered: [DocumentValue] = []
            let key = node["prefixItems"] != nil ? "prefixItems" : "items"
            for (offset, element) in elements.enumerated() {
                let (form, elementNullable) = try lower(
                    element, at: place.appending(key).appending(String(offset)), definition: false)
                lowered.append(elementNullable ? nullableForm(form) : form)
            }
            var members: [(key: String, value: DocumentValue)] = [("type", .string("array")), (key, .array(lowered))]
            members.append((key == "items" ? "additionalItems" : "items", .bool(false)))
            return (Self.annotations(of: node, into: members), nullable)
        }
        var items = DocumentValue.object([])
        if let schema = node["items"], schema.members != nil {
            let (form, elementNullable) = try lower(schema, at: place.appending("items"), definition: false)
            items = elementNullable ? Self.anyValue(form) : form
        }
        return (Self.annotations(of: node, into: [("type", .string("array")), ("items", items)]), nullable)
    }

    /// The elements of a tuple of exactly that many elements, else `nil`.
    func exactTuple(_ node: DocumentValue) -> [DocumentValue]? {
        let elements: [DocumentValue]
        let closed: Bool
        if let list = node["prefixItems"]?.arrayValue {
            elements = list
            closed = node["items"] == .bool(false) || node["maxItems"].flatMap(Self.integer) == list.count
        } else if let list = node["items"]?.arrayValue {
            elements = list
            closed = node["additionalItems"] == .bool(false) || node["maxItems"].flatMap(Self.integer) == list.count
        } else {
            return nil
        }
        guard !elements.isEmpty, closed, node["minItems"].flatMap(Self.integer) == elements.count else { return nil }
        if let maximum = node["maxItems"].flatMap(Self.integer), maximum != elements.count { return nil }
        return elements
    }

    static func integer(_ value: DocumentValue) -> Int? {
        guard case .number(let text) = value else { return nil }
        return Int(text) ?? Double(text).flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
    }

    mutating func object(
        _ node: DocumentValue, nullable: Bool, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let properties = node["properties"]?.members ?? []
        let closed = node["additionalProperties"] == .bool(false) || node["unevaluatedProperties"] == .bool(false)
        if !properties.isEmpty || (node["properties"] != nil && node["additionalProperties"]?.members == nil)
            || (closed && node["patternProperties"] == nil)
        {
            guard definition else {
                return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), nullable)
            }
            var visiting: Set<Place> = []
            let shape = objectShape(node, at: place, visiting: &visiting) ?? ObjectShape()
            return (try structDefinition(shape, at: place, annotationsOf: node), nullable)
        }
        var values = DocumentValue.object([])
        if let schema = node["additionalProperties"], schema.members != nil {
            let (form, valueNullable) = try lower(
                schema, at: place.appending("additionalProperties"), definition: false)
            values = valueNullable ? Self.anyValue(form) : form
        } else if let patterns = node["patternProperties"]?.members, patterns.count == 1,
            node["additionalProperties"] == nil || node["additionalProperties"] == .bool(false)
        {
            let (form, valueNullable) = try lower(
                patterns[0].value, at: place.appending("patternProperties").appending(patterns[0].key),
                definition: false)
            values = valueNullable ? Self.anyValue(form) : form
        }
        var members: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if let patterns = node["patternProperties"]?.members, patterns.count == 1,
            node["additionalProperties"]?.members == nil
        {
            // One key pattern: the map's values, the pattern in the documentation.
            members.append(("patternProperties", .object([(patterns[0].key, values)])))
        } else {
            members.append(("additionalProperties", values))
        }
        if let names = node["propertyNames"], names.members != nil {
            members.append(("propertyNames", Self.documentationOnly(names)))
        }
        return (Self.annotations(of: node, into: members), nullable)
    }

    /// A value schema that may be `null` in an array or a map: any JSON (the element type of a
    /// Swift collection cannot be optional), with the schema's documentation.
    static func anyValue(_ form: DocumentValue) -> DocumentValue {
        .object((form.members ?? []).filter { SchemaVocabulary.annotations.contains($0.key) && $0.key != "deprecated" })
    }

    /// `propertyNames` as the documentation reads it.
    static func documentationOnly(_ names: DocumentValue) -> DocumentValue {
        .object(
            (names.members ?? []).filter { ["pattern", "format", "minLength", "maxLength", "enum"].contains($0.key) })
    }

    /// `form`, allowing `null` too.
    func nullableForm(_ form: DocumentValue) -> DocumentValue {
        guard let members = form.members else { return form }
        if let type = form["type"]?.string, !["null"].contains(type) {
            return .object(
                members.map { $0.key == "type" ? ("type", .array([.string(type), .string("null")])) : $0 })
        }
        if form["$ref"] == nil, form["type"] == nil { return form }
        let core = members.filter { !SchemaVocabulary.annotations.contains($0.key) }
        let outer = members.filter { SchemaVocabulary.annotations.contains($0.key) }
        return .object(
            [("anyOf", .array([.object(core), .object([("type", .string("null"))])]))] + outer)
    }

    /// `members` followed by the annotations of `node` the translator documents. Static: callers
    /// pass `reference(...)` (which adds to the normalizer's tables) as `members`, and in a debug
    /// build the copy of `self` an instance call makes was alive across it, so every table was
    /// copied for each type named.
    static func annotations(
        of node: DocumentValue, into members: [(key: String, value: DocumentValue)]
    ) -> DocumentValue {
        var result = members
        for (key, value) in node.members ?? [] where !result.contains(where: { $0.key == key }) {
            switch key {
            case "title", "description":
                if value.string != nil { result.append((key, value)) }
            case "markdownDescription":
                if node["description"] == nil, let text = value.string { result.append(("description", .string(text))) }
            case "deprecated":
                if case .bool = value { result.append((key, value)) }
            case "$comment", "examples", "example":
                result.append((key, value))
            case "x-ron-note":
                result.append((key, value))
            default:
                if SchemaVocabulary.documentedValidation.contains(key) { result.append((key, value)) }
            }
        }
        return .object(result)
    }
}
