/// The JSON Schema keywords by vocabulary: what each says about the Swift type (*shape*), what it
/// only constrains (*validation*, enforced or written into the documentation), and everything else
/// (*annotations* and unknown words, which never stop generation).
///
/// docs/SchemaFormat.md lists each keyword and what becomes of it.
enum SchemaVocabulary {
    /// Keywords that decide the Swift type.
    static let shape: Set<String> = [
        "type", "properties", "required", "items", "prefixItems", "additionalItems", "additionalProperties",
        "patternProperties", "oneOf", "anyOf", "allOf", "$ref", "$dynamicRef", "$recursiveRef", "enum", "const",
        "discriminator", "nullable", "x-nullable", "x-ron-type", "x-ron-type-parameters", "x-ron-type-parameter",
        "x-ron-type-arguments", "x-ron-case-names", "x-ron-conforms-to",
    ]

    /// Keywords that constrain values without changing their type. The generated code enforces some
    /// (integer ranges of sized formats, `pattern` on named string types); the others are written
    /// into the doc comment.
    static let validation: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "pattern", "format",
        "contentEncoding", "contentMediaType", "readOnly", "writeOnly",
    ]

    /// Validation keywords the translator carries into doc comments as they are.
    static let documentedValidation: Set<String> = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "contentEncoding",
        "contentMediaType", "readOnly", "writeOnly", "unevaluatedProperties",
    ]

    /// Annotations the translator reads into doc comments.
    static let annotations: Set<String> = ["title", "description", "$comment", "examples", "example", "deprecated"]

    /// Keywords of a document, not of its root schema.
    static let documentLevel: Set<String> = [
        "$schema", "$id", "id", "$defs", "definitions", "$comment", "$anchor", "$dynamicAnchor", "$vocabulary",
        "title", "description", "examples", "x-ron-version", "x-ron-hoisted",
    ]

    /// Whether `node` says anything about the shape of a value (so a document's root with it is a
    /// type).
    static func hasShape(_ node: DocumentValue) -> Bool {
        guard let members = node.members else { return false }
        return members.contains { shape.contains($0.key) && $0.key != "required" }
    }

    /// Whether `node` only constrains or annotates (a `oneOf` part that adds `required`, an `allOf`
    /// part with a description): it says nothing about the type.
    static func isConstraintOnly(_ node: DocumentValue) -> Bool {
        guard let members = node.members else { return node == .bool(true) }
        return !members.contains { key, _ in
            shape.contains(key) && key != "required" && key != "discriminator"
        }
    }

    /// The keywords that constrain only objects (a union's case of another kind leaves them out).
    static let objectKeywords: Set<String> = [
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "unevaluatedProperties", "dependencies", "dependentRequired",
    ]

    /// Whether `name` is one of JSON Schema's type names (a `switch`: the search of an array of them
    /// ran through generic code for every schema in the tool's debug build).
    static func isTypeName(_ name: String) -> Bool {
        switch name {
        case "null", "boolean", "object", "array", "number", "integer", "string": return true
        default: return false
        }
    }

    /// The JSON types the keywords imply when `type` is absent, in JSON Schema's order.
    ///
    /// One type when the keywords all constrain one kind of value (`properties` alone: an object).
    /// Keywords of two kinds (`properties` and `items`) each apply only to their kind and leave every
    /// other kind unconstrained, so the value may be any of them: a union of every kind but `null`.
    static func impliedTypes(_ node: DocumentValue) -> [String] {
        // One pass over the members (a reader keeps no key twice), not a search for each keyword.
        var object = false
        var array = false
        var string = false
        for (key, value) in node.members ?? [] {
            switch key {
            case "properties", "patternProperties", "minProperties", "maxProperties", "propertyNames":
                object = true
            case "additionalProperties":
                // `additionalProperties: true` (or `{}`) alone says nothing: any value is valid.
                if value != .bool(true), value != .object([]) { object = true }
            case "items", "prefixItems", "minItems", "maxItems", "uniqueItems":
                array = true
            case "pattern", "minLength", "maxLength":
                string = true
            default:
                continue
            }
        }
        var kinds: [String] = []
        if object { kinds.append("object") }
        if array { kinds.append("array") }
        if string { kinds.append("string") }
        return kinds.count > 1 ? ["object", "array", "string", "number", "boolean"] : kinds
    }
}
