import Foundation
import RonCodegenCore

/// What the mock's state reads of the description's schemas: an object's members (through `$ref`
/// and `allOf`), which are required, where a list answer keeps its items, and whether an answer
/// wraps its item in an envelope (`{"data": {...}}`).
struct MockStateSchemas {
    let documents: MockDocuments

    /// A schema's JSON type: its `type` (the first that is not `null`), else what its keywords
    /// imply (`properties` an object, `items` an array), else that of its first `allOf` part.
    func kind(of schema: MockDocuments.Located, depth: Int = 0) -> String {
        let resolved = documents.resolve(schema)
        let node = resolved.value
        switch node.member("type") {
        case .string(let name)?: return name
        case .array(let names)?: return names.compactMap(\.text).first { $0 != "null" } ?? ""
        default: break
        }
        if node.member("properties") != nil || node.member("additionalProperties") != nil { return "object" }
        if node.member("items") != nil { return "array" }
        guard depth < 8, let parts = resolved.member("allOf"), case .array(let items) = parts.value else { return "" }
        for index in items.indices {
            guard let part = parts.element(index) else { continue }
            let found = kind(of: part, depth: depth + 1)
            if !found.isEmpty { return found }
        }
        return ""
    }

    /// The members an object schema declares, in order: its own `properties` and those of its
    /// `allOf` parts (the first of a name wins); empty for a schema that declares none.
    func properties(of schema: MockDocuments.Located, depth: Int = 0) -> [(name: String, schema: MockDocuments.Located)]
    {
        let resolved = documents.resolve(schema)
        var found: [(name: String, schema: MockDocuments.Located)] = []
        if let properties = resolved.member("properties") {
            for member in properties.value.objectMembers ?? [] {
                if let located = properties.member(member.key) { found.append((member.key, located)) }
            }
        }
        guard depth < 8, let parts = resolved.member("allOf"), case .array(let items) = parts.value else {
            return found
        }
        for index in items.indices {
            guard let part = parts.element(index) else { continue }
            for member in properties(of: part, depth: depth + 1)
            where !found.contains(where: { $0.name == member.name }) {
                found.append(member)
            }
        }
        return found
    }

    /// The names an object schema requires (its own `required` and its `allOf` parts').
    func required(of schema: MockDocuments.Located, depth: Int = 0) -> [String] {
        let resolved = documents.resolve(schema)
        var names: [String] = []
        if case .array(let items)? = resolved.value.member("required") {
            names = items.compactMap(\.text)
        }
        guard depth < 8, let parts = resolved.member("allOf"), case .array(let items) = parts.value else {
            return names
        }
        for index in items.indices {
            guard let part = parts.element(index) else { continue }
            for name in required(of: part, depth: depth + 1) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether an object schema is closed to members it does not declare, as far as an answer
    /// goes: it declares members, is no union, and does not take others (`additionalProperties`
    /// absent or `false`).
    func isClosed(_ schema: MockDocuments.Located) -> Bool {
        let resolved = documents.resolve(schema)
        if resolved.value.member("oneOf") != nil || resolved.value.member("anyOf") != nil { return false }
        switch resolved.value.member("additionalProperties") {
        case nil, .bool(false)?: break
        default: return false
        }
        return !properties(of: schema).isEmpty
    }

    /// Where the same schema is written, to tell whether two places name one type.
    func origin(_ schema: MockDocuments.Located) -> String { documents.resolve(schema).origin }

    /// The schema of the first JSON media type of `response` (a response object, `$ref` followed),
    /// with the media type; `nil` when it documents no JSON content.
    func jsonContent(of response: MockDocuments.Located?) -> (mediaType: String, schema: MockDocuments.Located?)? {
        guard let content = response.map(documents.resolve)?.member("content") else { return nil }
        for member in content.value.objectMembers ?? [] where Self.isJSON(member.key) {
            return (member.key, content.member(member.key)?.member("schema"))
        }
        return nil
    }

    /// Whether a media type is JSON (`application/json`, `application/problem+json`, `*/*`).
    static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.lowercased()
        return type.contains("json") || type == "*/*"
    }

    /// Where a list answer keeps its items: the array itself (`member` `nil`), or the array member
    /// of an envelope object (`{"data": [...], "has_more": false}`): the one whose items are
    /// `item` (its origin), else the only array member, else the first of the usual names
    /// (`data`, `items`, `results`, ...). `nil` when the answer is no list.
    func listShape(of schema: MockDocuments.Located, item: String?, name: String) -> (
        member: String?, items: MockDocuments.Located
    )? {
        let resolved = documents.resolve(schema)
        if kind(of: resolved) == "array" {
            return resolved.member("items").map { (nil, $0) }
        }
        guard kind(of: resolved) == "object" else { return nil }
        let arrays = properties(of: resolved).compactMap { member -> (name: String, items: MockDocuments.Located)? in
            guard kind(of: member.schema) == "array", let items = documents.resolve(member.schema).member("items")
            else { return nil }
            return (member.name, items)
        }
        if let item, let same = arrays.first(where: { origin($0.items) == item }) { return (same.name, same.items) }
        if arrays.count == 1 { return (arrays[0].name, arrays[0].items) }
        let usual = ["data", "items", "results", "records", "values", "entries", "elements", "content", "list", name]
        for wanted in usual {
            if let found = arrays.first(where: { $0.name.lowercased() == wanted.lowercased() }) {
                return (found.name, found.items)
            }
        }
        return nil
    }

    /// The item an answer holds: the schema itself (`member` `nil`), or the one object member of
    /// an envelope (`{"data": {...}}`): a member named `data`, `item`, `result`, ... or like the
    /// collection (`pet` of `pets`), or the only member, of an object that has none of `ids`.
    func single(_ schema: MockDocuments.Located, ids: [String], name: String) -> (
        member: String?, item: MockDocuments.Located
    ) {
        let members = properties(of: schema)
        guard !members.isEmpty, !members.contains(where: { ids.contains($0.name) }) else { return (nil, schema) }
        let objects = members.filter { kind(of: $0.schema) == "object" }
        let singular = name.hasSuffix("s") ? String(name.dropLast()) : name
        let usual = ["data", "item", "result", "resource", "object", "record", "entity", singular]
        if let found = objects.first(where: { usual.contains($0.name.lowercased()) }) {
            return (found.name, found.schema)
        }
        if members.count == 1, let only = objects.first { return (only.name, only.schema) }
        return (nil, schema)
    }
}
