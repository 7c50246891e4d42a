/// One Swift type for inline schemas of the same shape. Configuration schemas repeat one inline
/// shape hundreds of times (every ESLint rule's `oneOf` of a level and its options): as separate
/// types they were almost a third of the Swift of the largest SchemaStore schemas, and so of their
/// compile time (BENCHMARKS.md, "One type for identical inline schemas").
extension SchemaModel {
    /// This model with each set of identical inline types reduced to the first of them in document
    /// order. The others become `typealias`es of it, so their names, documentation and catalog
    /// entries stay and code that names them still compiles; every reference in the model names
    /// the first.
    ///
    /// Two types are identical when their declarations are equal but for documentation, and the
    /// types they refer to are identical in turn: the coarsest such partition, found by splitting
    /// classes until no reference tells two members apart, so recursive shapes merge too. Never
    /// merged (their identity is the schema author's or the caller's): types defined by name (a
    /// document's root, `$defs`, `definitions`, `components/schemas`), generic types, aliases, and
    /// every type an operation names. A model whose ``mergesIdenticalInlineTypes`` is `false`
    /// (`"mergeIdenticalTypes": false` in `ron-codegen.json`) is returned as it is.
    public func mergingIdenticalInlineTypes() -> SchemaModel {
        guard mergesIdenticalInlineTypes else { return self }
        let named = Self.typeNames(of: operations)
        let mergeable = types.indices.filter { index in
            let type = types[index]
            if case .alias = type.shape { return false }
            if case .structure(let parameters, _) = type.shape, !parameters.isEmpty { return false }
            return !Self.isDefinedByName(type.origin) && !named.contains(type.name)
        }
        guard mergeable.count > 1 else { return self }
        // Each mergeable type's declaration with its references taken out, and the references in
        // order: the declaration compares once; only the references' classes change per round.
        var templates: [Template: Int] = [:]
        let shapes = mergeable.map { index -> (template: Int, references: [String]) in
            var references: [String] = []
            let type = types[index]
            let stripped = type.shape.renamingTypes { name in
                references.append(name)
                return ""
            }
            let key = Template(
                shape: stripped.withoutDocumentation, indirect: type.indirect, closed: type.closed,
                conformances: type.conformances)
            let template = templates[key] ?? templates.count
            templates[key] = template
            return (template, references)
        }
        // A type that is not merged stands for itself: a class of its own, below zero.
        var position: [String: Int] = [:]
        for (offset, type) in types.enumerated() where position[type.name] == nil { position[type.name] = offset }
        var classOf: [String: Int] = [:]
        for index in mergeable { classOf[types[index].name] = 0 }
        var classes = 1
        while true {
            var keys: [[Int]: Int] = [:]
            var next = classOf
            for (offset, index) in mergeable.enumerated() {
                let name = types[index].name
                let key =
                    [classOf[name] ?? 0, shapes[offset].template]
                    + shapes[offset].references.map { classOf[$0] ?? -1 - (position[$0] ?? types.count) }
                let id = keys[key] ?? keys.count
                keys[key] = id
                next[name] = id
            }
            classOf = next
            guard keys.count != classes else { break }
            classes = keys.count
        }
        guard classes < mergeable.count else { return self }
        var first: [Int: String] = [:]
        var replacement: [String: String] = [:]
        for index in mergeable {
            let name = types[index].name
            guard let id = classOf[name] else { continue }
            if let kept = first[id] { replacement[name] = kept } else { first[id] = name }
        }
        var merged = self
        merged.types = types.map { type in
            var type = type
            if let kept = replacement[type.name] {
                type.shape = .alias(.named(kept, arguments: []))
                type.indirect = false
                let note = "The same shape as `\(kept)`, so the same type."
                type.documentation = type.documentation.map { $0 + "\n\n" + note } ?? note
            } else {
                type.shape = type.shape.renamingTypes { replacement[$0] ?? $0 }
            }
            return type
        }
        return merged
    }

    /// What two identical types share: the declaration without documentation and with every
    /// type it refers to renamed to the empty string.
    private struct Template: Hashable {
        var shape: NamedType.Shape
        var indirect: Bool
        var closed: Bool
        var conformances: [String]
    }

    /// Whether `origin` is a definition with a name of its own: a document's root, or a member of
    /// `$defs`, `definitions` or `components/schemas`.
    static func isDefinedByName(_ origin: Origin) -> Bool {
        // The token before the last: between the last two slashes (no split of every type's pointer).
        let bytes = origin.pointer.utf8
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")),
            let before = bytes[..<last].lastIndex(of: UInt8(ascii: "/"))
        else { return true }
        let container = origin.pointer[bytes.index(after: before)..<last]
        return container == "$defs" || container == "definitions" || container == "schemas"
    }

    /// Every type name the operations use: their parameters', bodies' (and multipart parts') and
    /// answers' types, page items and the names of the types generated for them. (Read from the
    /// model, not from a reflection of it: reflecting a thousand operations was a tenth of a
    /// debug-built generator's time.)
    static func typeNames(of operations: [Operation]) -> Set<String> {
        var names: Set<String> = []
        for operation in operations {
            names.formUnion(ModelReferences.names(in: operation))
            if let name = operation.resultTypeName { names.insert(name) }
            if let name = operation.requestBody?.multipart?.typeName { names.insert(name) }
        }
        return names
    }
}

extension NamedType.Shape {
    /// The shape with every named type it refers to renamed by `rename`.
    func renamingTypes(_ rename: (String) -> String) -> NamedType.Shape {
        switch self {
        case .structure(let parameters, var fields):
            for index in fields.indices { fields[index].type = fields[index].type.renamingTypes(rename) }
            return .structure(typeParameters: parameters, fields: fields)
        case .taggedUnion(let discriminator, var variants):
            for index in variants.indices { variants[index].payload = rename(variants[index].payload) }
            return .taggedUnion(discriminator: discriminator, variants: variants)
        case .externallyTagged(var variants):
            for index in variants.indices { variants[index].payload = variants[index].payload?.renamingTypes(rename) }
            return .externallyTagged(variants: variants)
        case .adjacentlyTagged(let tag, let content, var variants):
            for index in variants.indices { variants[index].payload = variants[index].payload?.renamingTypes(rename) }
            return .adjacentlyTagged(tag: tag, content: content, variants: variants)
        case .untagged(var variants):
            for index in variants.indices { variants[index].payload = variants[index].payload?.renamingTypes(rename) }
            return .untagged(variants: variants)
        case .tuple(var elements):
            for index in elements.indices { elements[index].type = elements[index].type.renamingTypes(rename) }
            return .tuple(elements: elements)
        case .alias(let target):
            return .alias(target.renamingTypes(rename))
        case .newtype(let target):
            return .newtype(target.renamingTypes(rename))
        case .stringEnum, .patternString, .unit:
            return self
        }
    }

    /// The shape without the documentation of its members, cases and variants.
    var withoutDocumentation: NamedType.Shape {
        switch self {
        case .structure(let parameters, var fields):
            for index in fields.indices { fields[index].documentation = nil }
            return .structure(typeParameters: parameters, fields: fields)
        case .stringEnum(var cases):
            for index in cases.indices { cases[index].documentation = nil }
            return .stringEnum(cases: cases)
        case .externallyTagged(var variants):
            for index in variants.indices { variants[index].documentation = nil }
            return .externallyTagged(variants: variants)
        case .adjacentlyTagged(let tag, let content, var variants):
            for index in variants.indices { variants[index].documentation = nil }
            return .adjacentlyTagged(tag: tag, content: content, variants: variants)
        case .untagged(var variants):
            for index in variants.indices { variants[index].documentation = nil }
            return .untagged(variants: variants)
        case .tuple(var elements):
            for index in elements.indices { elements[index].documentation = nil }
            return .tuple(elements: elements)
        case .taggedUnion, .patternString, .unit, .alias, .newtype:
            return self
        }
    }
}

extension TypeReference {
    /// The reference with every named type in it renamed by `rename`.
    func renamingTypes(_ rename: (String) -> String) -> TypeReference {
        switch self {
        case .array(let element): return .array(element.renamingTypes(rename))
        case .map(let value): return .map(value.renamingTypes(rename))
        case .named(let name, let arguments):
            return .named(rename(name), arguments: arguments.map { $0.renamingTypes(rename) })
        default: return self
        }
    }
}
