import Foundation
import RonCodegenCore

/// An `application/x-www-form-urlencoded` body (an OpenAPI form, or Swagger 2.0 `formData`
/// parameters) against its schema. Each field's text is read as its property's type, as a query
/// parameter's is (``typedValue(of:schema:)``: a number, `true`/`false`, `null` where allowed, else
/// the text); an array as repeated fields, or one value split by the `style` and `explode` of the
/// media type's `encoding` (by default form, exploded), or `list[]`/`list[0]` fields; an object as
/// `outer[inner]` fields (as the generated calls send it) or JSON text. The object so made is then
/// judged by the letter of the schema, as a JSON body is (``DescriptionSchemaValidator``), each
/// finding at its JSON pointer (`body at /age: expected an integer, found string`).
extension MockAPI {
    static let formMediaType = "application/x-www-form-urlencoded"

    /// The values sent for one field and the fields below it (`outer[inner]`), in the order sent.
    private struct FormNode {
        var values: [String] = []
        var children: [(key: String, node: FormNode)] = []

        mutating func insert(_ value: String, at path: ArraySlice<String>) {
            guard let first = path.first else {
                values.append(value)
                return
            }
            if let index = children.firstIndex(where: { $0.key == first }) {
                children[index].node.insert(value, at: path.dropFirst())
            } else {
                var node = FormNode()
                node.insert(value, at: path.dropFirst())
                children.append((first, node))
            }
        }
    }

    /// What the url-encoded body of `request` breaks in the schema of the operation's media type
    /// `contentType`; empty when it fits, or when the schema is not an object's.
    func formFindings(_ request: MockRequest, route: MockRoute, contentType: String) -> [MockProblem.Finding] {
        guard let media = bodyMedia(of: route, contentType: contentType),
            let schema = media.member("schema").map(documents.resolve)
        else { return [] }
        let kind = MockStateSchemas(documents: documents).kind(of: schema)
        guard kind.isEmpty || kind == "object" else { return [] }
        guard let pairs = Self.formPairs(request.body) else {
            return [
                .init(
                    location: "body", message: "not \(Self.formMediaType): a name or value is not percent-encoded UTF-8"
                )
            ]
        }
        let declared = formProperties(of: schema)
        var root = FormNode()
        for (name, value) in pairs {
            root.insert(value, at: Self.formPath(name, declared: declared.map(\.name))[...])
        }
        var members: [(key: String, value: DocumentValue)] = []
        for (name, node) in root.children {
            let property = declared.first { $0.name == name }?.schema ?? additionalSchema(of: schema)
            members.append(
                (name, formValue(node, schema: property, encoding: media.member("encoding")?.member(name)?.value)))
        }
        let problems = DescriptionSchemaValidator(documents: documents, direction: .request)
            .validate(.object(members), against: schema)
        return problems.map { problem in
            .init(
                location: problem.pointer.isEmpty ? "body" : "body at \(problem.pointer)",
                message: "expected \(problem.expected)")
        }
    }

    /// The name/value pairs of a url-encoded body (`+` a space, `%XX` a byte of UTF-8), or `nil`
    /// when a name or value does not decode.
    static func formPairs(_ body: Data) -> [(name: String, value: String)]? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        var pairs: [(name: String, value: String)] = []
        for piece in text.split(separator: "&") {
            let halves = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecoded(halves[0]), let value = halves.count > 1 ? formDecoded(halves[1]) : "" else {
                return nil
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// One name or value of a url-encoded form (`+` a space, `%XX` a byte of UTF-8), or `nil` when
    /// it does not decode.
    static func formDecoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The path of a field name: `outer[inner][0]` → `outer`, `inner`, `0`; a name the schema
    /// declares as it is (`push.recipient`, `a[b]`), or one not written so, is one step.
    private static func formPath(_ name: String, declared: [String]) -> [String] {
        guard !declared.contains(name), let open = name.firstIndex(of: "["), open != name.startIndex,
            name.hasSuffix("]")
        else { return [name] }
        var path = [String(name[..<open])]
        var rest = name[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return [name] }
            path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return path
    }

    /// The members an object schema declares: its own, its `allOf` parts', then those of its
    /// `oneOf` and `anyOf` variants (the first of a name wins).
    private func formProperties(of schema: MockDocuments.Located) -> [(name: String, schema: MockDocuments.Located)] {
        let schemas = MockStateSchemas(documents: documents)
        var found = schemas.properties(of: schema)
        let resolved = documents.resolve(schema)
        for key in ["oneOf", "anyOf"] {
            guard let variants = resolved.member(key), case .array(let items) = variants.value else { continue }
            for index in items.indices {
                guard let variant = variants.element(index) else { continue }
                for member in schemas.properties(of: variant) where !found.contains(where: { $0.name == member.name }) {
                    found.append(member)
                }
            }
        }
        return found
    }

    /// The schema of the members an object schema does not declare, where it gives one.
    private func additionalSchema(of schema: MockDocuments.Located?) -> MockDocuments.Located? {
        guard let additional = schema.map(documents.resolve)?.member("additionalProperties"),
            additional.value.objectMembers != nil
        else { return nil }
        return documents.resolve(additional)
    }

    /// The value of one field (and the fields below it) read by its schema.
    private func formValue(_ node: FormNode, schema: MockDocuments.Located?, encoding: DocumentValue?)
        -> DocumentValue
    {
        let resolved = schema.map(documents.resolve)
        let kind = resolved.map { MockStateSchemas(documents: documents).kind(of: $0) } ?? ""
        let items = resolved?.member("items").map(documents.resolve)
        if !node.children.isEmpty {
            if kind == "array" {
                // `list[]=a&list[]=b`, `list[0]=a&list[1]=b`, `list[0][name]=a`.
                var elements = node.values.map { formScalar($0, schema: items) }
                for child in node.children {
                    if child.key.isEmpty && child.node.children.isEmpty {
                        elements += child.node.values.map { formScalar($0, schema: items) }
                    } else {
                        elements.append(formValue(child.node, schema: items, encoding: nil))
                    }
                }
                return .array(elements)
            }
            let declared = resolved.map(formProperties) ?? []
            var members: [(key: String, value: DocumentValue)] = []
            for (key, child) in node.children {
                let inner = declared.first { $0.name == key }?.schema ?? additionalSchema(of: resolved)
                members.append((key, formValue(child, schema: inner, encoding: nil)))
            }
            return .object(members)
        }
        if kind == "array" {
            var texts = node.values
            let style = encoding?.member("style")?.text ?? "form"
            let explode = encoding?.member("explode").map { $0 != .bool(false) } ?? (style == "form")
            if !explode {
                // One value, its elements joined: `a,b` (form), `a b` (spaceDelimited), `a|b` (pipeDelimited).
                let separator: Character = style == "spaceDelimited" ? " " : style == "pipeDelimited" ? "|" : ","
                texts = node.values.flatMap {
                    $0.isEmpty ? [] : $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
                }
            }
            return .array(texts.map { formScalar($0, schema: items) })
        }
        // A field the schema says nothing of: its text, or the texts sent for it.
        guard let resolved else {
            return node.values.count == 1 ? .string(node.values[0]) : .array(node.values.map(DocumentValue.string))
        }
        // A field sent twice is the list of its values, which the letter of a scalar's schema
        // refuses (a union's variant that does not declare it may take it).
        if node.values.count > 1 { return .array(node.values.map { formScalar($0, schema: resolved) }) }
        let text = node.values.first ?? ""
        // An empty object has no `outer[inner]` field: `outer=` stands for it.
        if kind == "object", text.isEmpty { return .object([]) }
        // An object sent as JSON text (an `encoding` with a JSON `contentType`).
        if kind == "object", let json = try? SchemaDocumentReader.parse(Data(text.utf8), path: "field.json"),
            json.objectMembers != nil
        {
            return json
        }
        return formScalar(text, schema: resolved)
    }

    /// One text read as `schema`'s type: `null` where it allows null, else as a query parameter's.
    private func formScalar(_ text: String, schema: MockDocuments.Located?) -> DocumentValue {
        guard let schema else { return .string(text) }
        if text == "null",
            DescriptionSchemaValidator(documents: documents, direction: .request).validate(.null, against: schema)
                .isEmpty
        {
            return .null
        }
        return typedValue(of: text, schema: schema)
    }
}
