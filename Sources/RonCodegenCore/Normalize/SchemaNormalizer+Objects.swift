import Foundation

/// The members of an object schema gathered from wherever they are written: its own
/// `properties`, the parts of an `allOf`, the target of a `$ref`.
struct ObjectShape {
    /// A property and the place its schema is written at.
    struct Property {
        var name: String
        var schema: DocumentValue
        var place: SchemaIndex.Place
    }

    private(set) var properties: [Property] = []
    private(set) var required: [String] = []
    /// Where each property is in ``properties``, by name.
    private var positions: [String: Int] = [:]
    /// The names in ``required``.
    private var requiredNames: Set<String> = []
    /// `additionalProperties: false`.
    var closed = false
    /// The schema of the members `properties` does not list (`additionalProperties`, or the one
    /// `patternProperties` pattern), and its place.
    var others: (schema: DocumentValue, place: SchemaIndex.Place)?
    /// Whether an object keyword was seen.
    var isObject = false
    /// A union of objects that an `allOf` part makes the object also be (read from the object
    /// itself beside its properties), and its place.
    var flattened: (schema: DocumentValue, place: SchemaIndex.Place)?

    init(properties: [Property] = [], isObject: Bool = false) {
        self.isObject = isObject
        for property in properties { add(property) }
    }

    /// Adds a property; one already there keeps its schema unless that only constrains it.
    mutating func add(_ property: Property) {
        if let index = positions[property.name] {
            if SchemaVocabulary.isConstraintOnly(properties[index].schema),
                !SchemaVocabulary.isConstraintOnly(property.schema)
            {
                properties[index] = property
            }
        } else {
            positions[property.name] = properties.count
            properties.append(property)
        }
    }

    /// Adds `name` to ``required`` unless it is there.
    mutating func require(_ name: String) {
        if requiredNames.insert(name).inserted { required.append(name) }
    }

    /// Member names that belong to the object but to no property of this struct (an internally
    /// tagged variant's tag, which its enum reads and writes): not collected as unknown members.
    var reserved: [String] = []

    /// Removes a property and its requirement (an internally tagged variant's tag).
    mutating func remove(_ name: String) {
        properties.removeAll { $0.name == name }
        positions = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.name, $0) })
        required.removeAll { $0 == name }
        requiredNames.remove(name)
    }

    mutating func add(_ other: ObjectShape) {
        // A later part that gives a property a type where an earlier one only constrained it wins.
        for property in other.properties { add(property) }
        for name in other.required { require(name) }
        isObject = isObject || other.isObject
        if others == nil { others = other.others }
    }
}

/// Objects: `allOf` merged, structs with their properties.
extension SchemaNormalizer {
    /// How many `$ref`s deep an object's members are gathered through `allOf`.
    static let maximumMergeDepth = 128

    /// The object `node` describes, following `$ref` and `allOf`; `nil` when it is not an object.
    mutating func objectShape(
        _ node: DocumentValue, at place: Place, visiting: inout Set<Place>
    ) -> ObjectShape? {
        guard node.members != nil else { return node == .bool(true) ? ObjectShape() : nil }
        var shape = ObjectShape()
        if let (_, ref) = Self.referenceMember(node) {
            guard case .place(let found) = index.resolve(ref, at: place) else { return nil }
            let target = redirects[found] ?? found
            // A chain of `$ref`s deeper than this (only a generated document has one) is read as a
            // reference, not merged, so the walk stays within the stack.
            guard visiting.count < Self.maximumMergeDepth, visiting.insert(target).inserted else { return nil }
            defer { visiting.remove(target) }
            if case .object(let overridden)? = overrides[target] {
                shape.add(overridden)
            } else if let known = targetShapes[target] {
                guard let known else { return nil }
                shape.add(known)
            } else {
                let referenced = objectShape(self.node(at: target), at: target, visiting: &visiting)
                targetShapes[target] = referenced
                guard let referenced else { return nil }
                shape.add(referenced)
            }
        }
        if case .array(let parts)? = node["allOf"] {
            for (offset, part) in parts.enumerated() {
                if let partShape = objectShape(
                    part, at: place.appending("allOf").appending(String(offset)), visiting: &visiting)
                {
                    shape.add(partShape)
                }
            }
        }
        let view = typeView(node)
        if !view.kinds.isEmpty, !view.kinds.contains("object") { return nil }
        if node["properties"] != nil || view.kinds.contains("object") || node["additionalProperties"] != nil
            || node["patternProperties"] != nil
        {
            shape.isObject = true
        }
        for (name, schema) in node["properties"]?.members ?? [] {
            shape.add(
                ObjectShape.Property(name: name, schema: schema, place: place.appending("properties").appending(name)))
            shape.isObject = true
            if schema["required"] == .bool(true) { shape.require(name) }
        }
        for name in node["required"]?.arrayValue?.compactMap(\.string) ?? [] { shape.require(name) }
        // Members that a key pattern allows are kept: typed when every unlisted member must match
        // the one pattern, as any JSON when they may match one of several or none.
        let patterns = node["patternProperties"]?.members ?? []
        shape.closed = node["additionalProperties"] == .bool(false) && patterns.isEmpty
        if let values = node["additionalProperties"], values.members != nil, patterns.isEmpty {
            shape.others = (values, place.appending("additionalProperties"))
        } else if patterns.count == 1, node["additionalProperties"] == .bool(false) {
            shape.others = (patterns[0].value, place.appending("patternProperties").appending(patterns[0].key))
        } else if !patterns.isEmpty {
            shape.others = (.object([]), place.appending("patternProperties"))
        }
        if !shape.isObject, shape.properties.isEmpty, SchemaVocabulary.hasShape(node),
            node["allOf"] == nil, node["$ref"] == nil
        {
            return nil
        }
        return shape
    }

    /// A struct definition with the properties of `shape`; the documentation of `node`.
    mutating func structDefinition(
        _ shape: ObjectShape, at place: Place, annotationsOf node: DocumentValue?
    ) throws(CodegenError) -> DocumentValue {
        var properties: [(key: String, value: DocumentValue)] = []
        var required: [DocumentValue] = []
        for property in shape.properties where property.schema != .bool(false) {
            let form = try propertyForm(property)
            properties.append((property.name, form))
        }
        let listed = Set(properties.map(\.key))
        for entry in shape.required where listed.contains(entry) {
            required.append(.string(entry))
        }
        var members: [(key: String, value: DocumentValue)] = [("type", .string("object"))]
        if let parameters = node?["x-ron-type-parameters"] { members.append(("x-ron-type-parameters", parameters)) }
        if let conformances = node?["x-ron-conforms-to"] { members.append(("x-ron-conforms-to", conformances)) }
        if let order = node?["x-ron-order"] { members.append(("x-ron-order", order)) }
        members.append(("properties", .object(properties)))
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .bool(!shape.closed)))
        if let union = shape.flattened {
            // The union's variants keep the members nobody lists; the struct keeps none of its own.
            let (form, _) = try lower(union.schema, at: union.place, definition: false)
            members.append(("x-ron-flattened", form))
        } else if let others = shape.others, !shape.properties.isEmpty {
            let (form, nullable) = try lower(others.schema, at: others.place, definition: false)
            members.append(("x-ron-other-members", nullable ? Self.anyValue(form) : form))
        } else if !shape.closed, node?["unevaluatedProperties"] != .bool(false),
            try keepsUnknownMembers(node, at: place)
        {
            // Members the schema allows but does not list are kept as they came (any JSON).
            members.append(("x-ron-other-members", .object([])))
        }
        let reserved = shape.reserved + (reservedMembers[place] ?? []).filter { !shape.reserved.contains($0) }
        if !reserved.isEmpty, members.contains(where: { $0.key == "x-ron-other-members" }) {
            members.append(("x-ron-other-members-except", .array(reserved.map(DocumentValue.string))))
        }
        if let names = node?["propertyNames"], names.members != nil {
            members.append(("propertyNames", Self.documentationOnly(names)))
        }
        return node.map { Self.annotations(of: $0, into: members) } ?? .object(members)
    }

    /// Whether a struct keeps the members its schema allows but does not list: yes, unless
    /// `x-ron-unknown-members: "drop"` is on its schema or, failing that, on its document's root.
    func keepsUnknownMembers(_ node: DocumentValue?, at place: Place) throws(CodegenError) -> Bool {
        let root = index.documents[place.document].root
        for (setting, origin) in [
            (node?["x-ron-unknown-members"], place),
            (root["x-ron-unknown-members"], Place(document: place.document, pointer: "")),
        ] {
            guard let setting else { continue }
            switch setting.string {
            case "keep": return true
            case "drop": return false
            default:
                throw error(
                    origin.appending("x-ron-unknown-members"), "x-ron-unknown-members must be \"keep\" or \"drop\"")
            }
        }
        return true
    }

    /// What a struct member's schema becomes: a reference form with its default (when its type
    /// can hold it, else in the documentation), aliases and deprecation.
    mutating func propertyForm(_ property: ObjectShape.Property) throws(CodegenError) -> DocumentValue {
        let schema = property.schema
        let (lowered, nullable) = try lower(schema, at: property.place, definition: false)
        var form = nullable ? nullableForm(lowered) : lowered
        guard var members = form.members else { return form }
        if let value = schema["default"] {
            if defaultFits(value, form: form, nullable: nullable) {
                members.append(("default", value))
            } else {
                let note = "Default: `\(SchemaTranslator.compactText(value))`."
                if let index = members.firstIndex(where: { $0.key == "description" }),
                    let text = members[index].value.string
                {
                    members[index].value = .string(text + "\n\n" + note)
                } else {
                    members.append(("description", .string(note)))
                }
            }
        }
        if let aliases = schema["x-ron-aliases"] { members.append(("x-ron-aliases", aliases)) }
        if let omit = schema["x-ron-omit-default"], case .bool = omit, members.contains(where: { $0.key == "default" })
        {
            members.append(("x-ron-omit-default", omit))
        }
        form = .object(members)
        return form
    }

    /// Whether a property of `form` can hold `value` as its Swift default.
    mutating func defaultFits(_ value: DocumentValue, form: DocumentValue, nullable: Bool) -> Bool {
        var core = form
        if let options = form["anyOf"]?.arrayValue, options.count == 2 { core = options[0] }
        var type = core["type"]?.string
        if let list = core["type"]?.arrayValue { type = list.compactMap(\.string).first { $0 != "null" } }
        switch (type, value) {
        case ("boolean"?, .bool): return true
        case ("integer"?, .number(let text)):
            let ronTypes: [String: TypeReference] = [
                "u8": .uint8, "u16": .uint16, "u32": .uint32, "i32": .int32, "i64": .int64(asString: false),
                "u64": .uint64(asString: false),
            ]
            let formatType =
                core["x-ron-type"]?.string.flatMap { ronTypes[$0] }
                ?? SchemaTranslator.integerType(of: core)
            guard let (_, fits) = SchemaTranslator.integerRange(formatType) else { return false }
            return fits(text)
        case ("number"?, .number(let text)):
            return Double(text)?.isFinite == true && core["format"]?.string != "decimal"
        case ("string"?, .string):
            return core["format"]?.string != "date-time"
                && (core["x-ron-type"] == nil || ["string", "id"].contains(core["x-ron-type"]?.string ?? ""))
        case ("array"?, .array(let items)): return items.isEmpty
        case ("object"?, .object(let members)): return members.isEmpty && core["additionalProperties"] != nil
        case (nil, .string(let text)):
            guard let ref = core["$ref"]?.string, ref.hasPrefix(Self.marker) else { return false }
            return stringEnumValues(of: ref)?.contains(text) == true
        default: return false
        }
    }

    /// The values of the string enum a marker names, or `nil`.
    func stringEnumValues(of marker: String) -> [String]? {
        let origin = marker.dropFirst(Self.marker.count)
        guard let hash = origin.lastIndex(of: "#") else { return nil }
        let path = String(origin[..<hash])
        let pointer = String(origin[origin.index(after: hash)...])
        guard let document = index.documents.firstIndex(where: { $0.path == path }) else { return nil }
        let node = node(at: Place(document: document, pointer: pointer))
        guard typeView(node).kinds == ["string"], let values = node["enum"]?.arrayValue,
            node["allOf"] == nil, node["oneOf"] == nil, node["anyOf"] == nil
        else { return nil }
        return values.compactMap(\.string)
    }

    /// `allOf` (and a `$ref` with sibling keywords): objects merge into one struct; otherwise the
    /// one part that has a type, the others only constraining it.
    mutating func merged(
        _ parts: [(DocumentValue, Place)], _ node: DocumentValue, at place: Place, definition: Bool
    ) throws(CodegenError) -> (form: DocumentValue, nullable: Bool) {
        let typed = parts.filter { !SchemaVocabulary.isConstraintOnly($0.0) }
        if typed.count == 1, let only = typed.first, only.0.members?.count == 1,
            let (_, ref) = Self.referenceMember(only.0)
        {
            // `allOf: [{"$ref": …}]` beside a description or constraints: the referenced type.
            let (form, inner) = try referenceForm(ref, only.0, at: only.1)
            return (mergeAnnotations(form, node), inner || typeView(node).nullable)
        }
        if let kinds = multipleKinds(parts) {
            return try kindUnion(kinds, parts, node, at: place, definition: definition)
        }
        var shape = ObjectShape()
        var others: [(DocumentValue, Place)] = []
        var visiting: Set<Place> = [place]
        for (part, partPlace) in parts {
            if SchemaVocabulary.isConstraintOnly(part) {
                for name in part["required"]?.arrayValue?.compactMap(\.string) ?? [] { shape.require(name) }
                continue
            }
            if let partShape = objectShape(part, at: partPlace, visiting: &visiting), partShape.isObject {
                shape.add(partShape)
            } else {
                others.append((part, partPlace))
            }
        }
        let nullable = typeView(node).nullable
        if shape.isObject, others.count == 1, isObjectUnion(others[0].0, at: others[0].1) {
            // An object that is also one of several objects (vector's sources: common members, then
            // the source by its `type`): a struct that holds the union, flattened.
            shape.flattened = others[0]
        }
        if shape.isObject {
            shape.closed =
                node["additionalProperties"] == .bool(false) && parts.count == 1 && node["patternProperties"] == nil
            guard definition else {
                overrides[place] = .object(shape)
                return (Self.annotations(of: node, into: reference(place, node: node).members ?? []), nullable)
            }
            return (try structDefinition(shape, at: place, annotationsOf: node), nullable)
        }
        guard let first = others.first else {
            return (Self.annotations(of: node, into: []), false)
        }
        if others.count == 1 {
            let (form, inner) = try lower(first.0, at: first.1, definition: definition)
            return (mergeAnnotations(form, node), nullable || inner)
        }
        // Several typed parts that are not objects (`{"type": "string"}` and `{"enum": [...]}`):
        // one schema with the keywords of all.
        var combined: [(key: String, value: DocumentValue)] = []
        for (part, _) in others {
            for (key, value) in part.members ?? [] where !combined.contains(where: { $0.key == key }) {
                combined.append((key, value))
            }
        }
        if combined.contains(where: { Self.referenceKeywords.contains($0.key) || $0.key == "allOf" }) {
            return (Self.annotations(of: node, into: []), false)
        }
        return try lower(.object(combined), at: first.1, definition: definition)
    }

    /// `form` with the title and description of `node` when it has none of its own.
    func mergeAnnotations(_ form: DocumentValue, _ node: DocumentValue) -> DocumentValue {
        guard var members = form.members else { return form }
        for key in ["title", "description"] where members.first(where: { $0.key == key }) == nil {
            if let text = node[key]?.string { members.append((key, .string(text))) }
        }
        return .object(members)
    }
}
