import Foundation

/// A tuple, as schemars writes one: `prefixItems` (2020-12) or the draft-07 array form of `items`,
/// with `minItems`/`maxItems` equal to the length and `items: false`/`additionalItems: false`. It
/// becomes a struct with positional members that is a JSON array of exactly that length on the wire.
/// A tuple inside a property is registered in pass 1 as a named type of its own, at its pointer.
extension SchemaTranslator {
    /// Whether `node` is a tuple schema.
    static func isTuple(_ node: DocumentValue) -> Bool {
        guard node.members != nil else { return false }
        if case .array? = node["prefixItems"] { return true }
        if case .array? = node["items"] { return true }
        return false
    }

    /// The elements when `node` is a tuple, else `nil`.
    func tuple(_ node: DocumentValue, at: Location) throws(CodegenError) -> [TupleElement]? {
        guard Self.isTuple(node) else { return nil }
        // A tuple inside a property carries the property's own keywords too (its nullability is
        // the property's: `reference` reads it).
        try Self.allow(
            node,
            [
                "type", "prefixItems", "items", "additionalItems", "minItems", "maxItems", "default", "x-ron-aliases",
                "x-ron-omit-default",
            ], at: at)
        if let type = node["type"], type.string != "array",
            type != .array([.string("array"), .string("null")]), type != .array([.string("null"), .string("array")])
        {
            throw at.appending("type").error("a tuple is an array; type must be \"array\"")
        }
        let key = node["prefixItems"] != nil ? "prefixItems" : "items"
        guard case .array(let schemas)? = node[key], !schemas.isEmpty else {
            throw at.appending(key).error("a tuple needs at least one element schema")
        }
        if key == "prefixItems", let rest = node["items"], rest != .bool(false) {
            throw at.appending("items").error(
                "a tuple takes items: false (exactly its elements); more elements of another schema are not supported")
        }
        if let rest = node["additionalItems"], rest != .bool(false) {
            throw at.appending("additionalItems").error(
                "a tuple takes additionalItems: false (exactly its elements); more elements are not supported")
        }
        for bound in ["minItems", "maxItems"] {
            guard let value = node[bound] else { continue }
            guard case .number(let text) = value, Double(text) == Double(schemas.count) else {
                throw at.appending(bound).error(
                    "\(bound) of a tuple must be its length, \(schemas.count); tuples of varying length are not supported"
                )
            }
        }
        var elements: [TupleElement] = []
        for (offset, schema) in schemas.enumerated() {
            let elementAt = at.appending(key).appending(String(offset))
            if Self.isTuple(schema), let name = namesByLocation[elementAt.file + "#" + elementAt.pointer] {
                elements.append(
                    TupleElement(
                        type: .named(name, arguments: []), nullable: false,
                        documentation: Self.caseDocumentation(schema)))
                continue
            }
            let resolved = try reference(schema, at: elementAt, typeParameters: [], extraKeys: [])
            elements.append(
                TupleElement(
                    type: resolved.type, nullable: resolved.nullable,
                    documentation: Self.documentation(schema, property: true)))
        }
        return elements
    }

    /// The tuples inside `node` (below properties, items, map values, `anyOf`/`oneOf` members,
    /// tuple elements), as `(pointer, schema, name hint)`, outermost first; `node` itself is not
    /// one of them.
    static func inlineTuples(
        in node: DocumentValue, pointer: String, hint: String
    ) -> [(pointer: String, node: DocumentValue, hint: String)] {
        // Most schemas hold no tuple: a walk that builds no pointer and no name answers for them
        // (building both for every property was three fifths of the pass that names the types).
        guard holdsTuple(node) else { return [] }
        return tuplesBelow(node, pointer: pointer, hint: hint)
    }

    /// Whether a schema that ``inlineTuples(in:pointer:hint:)`` visits below `node` is a tuple.
    private static func holdsTuple(_ node: DocumentValue) -> Bool {
        forEachChild(of: node) { child, _ in isTuple(child) || holdsTuple(child) }
    }

    /// ``inlineTuples(in:pointer:hint:)``'s walk, which builds every pointer and name it passes.
    static func tuplesBelow(
        _ node: DocumentValue, pointer: String, hint: String
    ) -> [(pointer: String, node: DocumentValue, hint: String)] {
        var found: [(pointer: String, node: DocumentValue, hint: String)] = []
        // A variant of an untagged enum is named by its position; the member of the nullable pair
        // or of a documented `allOf` is the property itself.
        let variants = nullableMember(node) == nil
        forEachChild(of: node) { child, place in
            let childPointer: String
            let childHint: String
            switch place {
            case .property(let name):
                childPointer = pointer + "/properties/" + Pointer.escape(name)
                childHint = Naming.typeName(name)
            case .schema(let key):
                childPointer = pointer + "/" + key
                childHint = hint + (key == "items" ? "Item" : "Value")
            case .element(let key, let offset):
                childPointer = pointer + "/" + key + "/\(offset)"
                switch key {
                case "anyOf", "oneOf": childHint = hint + (variants ? "Variant\(offset)" : "")
                case "allOf": childHint = hint
                default: childHint = hint + "Element\(offset)"
                }
            }
            if isTuple(child) { found.append((childPointer, child, childHint)) }
            found += tuplesBelow(child, pointer: childPointer, hint: childHint)
            return false
        }
        return found
    }

    /// Where a schema that the tuple walks descend into sits in its parent.
    private enum ChildPlace {
        /// `properties/<name>`.
        case property(String)
        /// `items` or `additionalProperties` when it is one schema.
        case schema(key: String)
        /// An element of `prefixItems`, `anyOf`, `oneOf`, `allOf`, or of `items` or
        /// `additionalProperties` when it is an array.
        case element(key: String, offset: Int)
    }

    /// Calls `body` for every schema the tuple walks descend into below `node`, in the order of
    /// `node`'s members, until `body` returns `true`; whether it did. The one list of those places,
    /// for the walk that builds names and the one that does not.
    @discardableResult
    private static func forEachChild(
        of node: DocumentValue, _ body: (DocumentValue, ChildPlace) -> Bool
    ) -> Bool {
        guard let members = node.members else { return false }
        for (key, value) in members {
            switch key {
            case "properties":
                for (name, schema) in value.members ?? [] where body(schema, .property(name)) { return true }
            case "items", "additionalProperties":
                guard case .array(let schemas) = value else {
                    if body(value, .schema(key: key)) { return true }
                    continue
                }
                for (offset, schema) in schemas.enumerated() where body(schema, .element(key: key, offset: offset)) {
                    return true
                }
            case "prefixItems", "anyOf", "oneOf", "allOf":
                for (offset, schema) in (value.array ?? []).enumerated()
                where body(schema, .element(key: key, offset: offset)) {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }
}

extension DocumentValue {
    /// The elements, when this is an array.
    fileprivate var array: [DocumentValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
