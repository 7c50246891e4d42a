import Foundation

/// The normalized documents.
extension SchemaNormalizer {
    static let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Document `offset` as the translator reads it, or `nil` when it contributes nothing;
    /// `hoistedHere` are the places of ``hoisted`` in that document, in order.
    mutating func document(_ offset: Int, hoistedHere places: [Place]) throws(CodegenError) -> DocumentValue? {
        let input = index.documents[offset]
        var members: [(key: String, value: DocumentValue)] = []
        if input.isReference {
            // Only what was referenced.
        } else if input.root["openapi"] != nil {
            members = openAPIDocuments[offset] ?? []
        } else {
            for (key, value) in input.root.members ?? [] {
                switch key {
                case "$defs", "definitions":
                    var entries: [(key: String, value: DocumentValue)] = []
                    for (name, _) in value.members ?? [] {
                        let place = Place(document: offset, pointer: "/\(key)/" + Pointer.escape(name))
                        guard natural.contains(place), let definition = definitions[place] else { continue }
                        entries.append((name, definition))
                    }
                    members.append((key, .object(entries)))
                case "title", "description":
                    if value.string != nil { members.append((key, value)) }
                case "x-ron-version":
                    members.append((key, value))
                default:
                    continue
                }
            }
            let root = Place(document: offset, pointer: "")
            if natural.contains(root), let definition = definitions[root] {
                var added = false
                for (key, value) in definition.members ?? [] where !members.contains(where: { $0.key == key }) {
                    members.append((key, value))
                    added = added || !SchemaVocabulary.documentLevel.contains(key)
                }
                // A root that is any JSON still names a type.
                if !added { members.append(("x-ron-type", .string("json"))) }
            }
        }
        var hoistedHere: [(key: String, value: DocumentValue)] = []
        for place in places {
            guard let name = names[place], var definition = definitions[place]?.members else { continue }
            definition.append(("x-ron-origin", .string(place.pointer)))
            hoistedHere.append((name, .object(definition)))
        }
        if !hoistedHere.isEmpty { members.append(("x-ron-hoisted", .object(hoistedHere))) }
        return .object(members)
    }

    /// Normalizes the definitions still queued.
    mutating func drainQueue() throws(CodegenError) {
        while !queue.isEmpty {
            let place = queue.removeFirst()
            guard definitions[place] == nil else { continue }
            definitions[place] = try definition(at: place)
        }
    }

    /// An OpenAPI document: `components.schemas` normalized, and every schema of its operations
    /// (parameters, bodies, answers) in reference form.
    mutating func openAPI(
        _ root: DocumentValue, _ offset: Int
    ) throws(CodegenError) -> [(key: String, value: DocumentValue)] {
        var members: [(key: String, value: DocumentValue)] = []
        for (key, value) in root.members ?? [] {
            switch key {
            case "paths":
                var paths: [(key: String, value: DocumentValue)] = []
                for (path, item) in value.members ?? [] {
                    let itemPlace = Place(document: offset, pointer: "/paths/" + Pointer.escape(path))
                    var operations: [(key: String, value: DocumentValue)] = []
                    for (method, operation) in item.members ?? [] {
                        let operationPlace = itemPlace.appending(method)
                        if Self.httpMethods.contains(method) {
                            let name =
                                operation["operationId"]?.string.map(Naming.typeName)
                                ?? Naming.typeName(method + " " + path)
                            operations.append(
                                (method, try operationSchemas(operation, at: operationPlace, name: name)))
                        } else if method == "parameters" {
                            operations.append(
                                (method, try operationSchemas(operation, at: operationPlace, name: "Path")))
                        } else {
                            operations.append((method, operation))
                        }
                    }
                    paths.append((path, .object(operations)))
                }
                members.append((key, .object(paths)))
            case "components":
                var components: [(key: String, value: DocumentValue)] = []
                for (kind, entries) in value.members ?? [] {
                    let kindPlace = Place(document: offset, pointer: "/components/" + Pointer.escape(kind))
                    var normalized: [(key: String, value: DocumentValue)] = []
                    for (name, entry) in entries.members ?? [] {
                        let place = kindPlace.appending(name)
                        if kind == "schemas" {
                            guard natural.contains(place), let definition = definitions[place] else { continue }
                            normalized.append((name, definition))
                        } else {
                            normalized.append(
                                (name, try operationSchemas(entry, at: place, name: Naming.typeName(name))))
                        }
                    }
                    components.append((kind, .object(normalized)))
                }
                members.append((key, .object(components)))
            default:
                members.append((key, value))
            }
        }
        return members
    }

    /// `node` with every `schema` member inside it (a parameter's, a media type's) in reference form.
    private mutating func operationSchemas(
        _ node: DocumentValue, at place: Place, name: String
    ) throws(CodegenError) -> DocumentValue {
        switch node {
        case .object(let members):
            var result: [(key: String, value: DocumentValue)] = []
            for (key, value) in members {
                // Text and numbers (a description, a name, a status's summary) hold no schema:
                // kept without making their place.
                guard value.members != nil || value.arrayValue != nil || (key == "schema" && value == .bool(true))
                else {
                    result.append((key, value))
                    continue
                }
                let here = place.appending(key)
                if key == "schema", value.members != nil || value == .bool(true) {
                    // The hint names a declaration only: most schemas of an operation name a type.
                    if needsDeclaration(value) {
                        let hint = name + (node["name"]?.string.map(Self.word) ?? Self.schemaHint(place))
                        _ = named(here, node: value, hint: hint)
                    }
                    let (form, nullable) = try lower(value, at: here, definition: false)
                    result.append((key, nullable ? nullableForm(form) : form))
                } else if key == "examples" || key == "example" {
                    result.append((key, value))
                } else {
                    result.append((key, try operationSchemas(value, at: here, name: name)))
                }
            }
            return .object(result)
        case .array(let items):
            var result: [DocumentValue] = []
            for (offset, item) in items.enumerated() {
                result.append(try operationSchemas(item, at: place.appending(String(offset)), name: name))
            }
            return .array(result)
        default:
            return node
        }
    }

    /// The words a schema of an operation is named by after the operation: `Request`, `Response`,
    /// or the parameter's name.
    static func schemaHint(_ place: SchemaIndex.Place) -> String {
        let tokens = place.pointer.split(separator: "/").map { Pointer.unescape(String($0)) }
        if tokens.contains("requestBody") || tokens.contains("requestBodies") { return "Request" }
        if let index = tokens.lastIndex(of: "responses"), index + 1 < tokens.count {
            let status = tokens[index + 1]
            return "Response" + (status == "200" || status == "default" ? "" : Naming.typeName(status))
        }
        if tokens.contains("parameters") { return "Parameter" + (tokens.last.map(word) ?? "") }
        return "Schema"
    }
}
