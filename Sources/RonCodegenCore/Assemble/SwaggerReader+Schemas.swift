import Foundation

/// Swagger 2.0 schemas and `$ref`s in OpenAPI 3.0's words.
extension SwaggerReader.Reader {
    /// A Swagger schema in OpenAPI 3.0's words.
    func schema(_ node: DocumentValue) -> DocumentValue {
        switch node {
        case .array(let items):
            return .array(items.map(schema))
        case .object(let members):
            var result: [(key: String, value: DocumentValue)] = []
            for (key, value) in members {
                switch key {
                case "$ref":
                    result.append((key, value.string.map { .string(rebased($0)) } ?? value))
                case "type" where value.string == "file":
                    result.append(("type", .string("string")))
                    if node["format"] == nil { result.append(("format", .string("binary"))) }
                case "x-nullable":
                    result.append(("nullable", value))
                case "discriminator":
                    if let name = value.string {
                        result.append((key, .object([("propertyName", .string(name))])))
                    } else {
                        result.append((key, value))
                    }
                case "example", "default", "enum", "x-example":
                    result.append((key, value))
                case "properties", "definitions":
                    result.append((key, .object((value.members ?? []).map { ($0.key, schema($0.value)) })))
                default:
                    result.append((key, schema(value)))
                }
            }
            return .object(result)
        default:
            return node
        }
    }

    /// `#/definitions/X` → `#/components/schemas/X`, `#/responses/X` → `#/components/responses/X`,
    /// `#/parameters/X` → `#/components/parameters/X`; a `$ref` to another file as it is.
    func rebased(_ ref: String) -> String {
        for (from, to) in [
            ("#/definitions/", "#/components/schemas/"), ("#/responses/", "#/components/responses/"),
            ("#/parameters/", "#/components/parameters/"),
        ] where ref.hasPrefix(from) {
            return to + ref.dropFirst(from.count)
        }
        return ref
    }

    /// `node` with its `$ref`s rebased.
    func rewritten(_ node: DocumentValue) -> DocumentValue {
        switch node {
        case .object(let members):
            return .object(
                members.map { key, value in
                    if key == "$ref", let ref = value.string { return (key, .string(rebased(ref))) }
                    return (key, rewritten(value))
                })
        case .array(let items):
            return .array(items.map(rewritten))
        default:
            return node
        }
    }
}

extension DocumentValue {
    /// An object with `key` set to `value` (replaced where it was, else added last).
    func adding(_ key: String, _ value: DocumentValue) -> DocumentValue {
        guard var members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }
}
