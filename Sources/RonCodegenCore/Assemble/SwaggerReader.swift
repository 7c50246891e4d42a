import Foundation

/// Reads a Swagger 2.0 document as the OpenAPI 3.0 document it stands for (docs/SchemaFormat.md,
/// "Swagger 2.0").
///
/// `host`, `basePath` and `schemes` become the server; `definitions`, `parameters` and `responses`
/// become `components`; a `body` parameter becomes the request body in each media type of
/// `consumes`, and `formData` parameters the members of a url-encoded form (or a multipart one when
/// `consumes` says so or a parameter is a `file`); a response's `schema` is its content in each media
/// type of `produces`; `collectionFormat` becomes the parameter's `style` and `explode`; in schemas,
/// `type: file` is binary, `x-nullable` is `nullable` and a `discriminator` names its property.
/// What has no OpenAPI 3.0 form is noted, with the nearest form taken.
enum SwaggerReader {
    /// The OpenAPI 3.0 document, and the notes of what was sent in a nearest form.
    struct Converted {
        var document: DocumentValue
        var notes: [CodegenError]
    }

    static func read(_ root: DocumentValue, file: String) throws(CodegenError) -> Converted {
        guard root["swagger"]?.string?.hasPrefix("2.") == true else {
            throw CodegenError(
                file: file, pointer: "/swagger",
                message:
                    "Swagger \(root["swagger"]?.string ?? "?") is not read: this generator reads Swagger 2.0 and OpenAPI 3.0 and 3.1"
            )
        }
        var reader = Reader(root: root, file: file)
        let document = reader.document()
        return Converted(document: document, notes: reader.notes)
    }

    /// The keys of a non-body parameter (and of an `items` or header object) that describe its value.
    static let valueKeys: Set<String> = [
        "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum", "multipleOf",
        "x-nullable",
    ]

    /// One document being read, and its notes.
    struct Reader: Sendable {
        let root: DocumentValue
        let file: String
        var notes: [CodegenError] = []

        init(root: DocumentValue, file: String) {
            self.root = root
            self.file = file
        }

        mutating func note(_ pointer: String, _ message: String) {
            notes.append(CodegenError(file: file, pointer: pointer, message: message))
        }

        mutating func document() -> DocumentValue {
            var members: [(key: String, value: DocumentValue)] = [("openapi", .string("3.0.3"))]
            var components: [(key: String, value: DocumentValue)] = []
            for (key, value) in root.members ?? [] {
                switch key {
                case "swagger", "host", "basePath", "schemes", "consumes", "produces":
                    continue
                case "securityDefinitions":
                    components.append(("securitySchemes", securitySchemes(value)))
                case "paths":
                    members.append(("servers", servers()))
                    members.append((key, paths(value)))
                case "definitions":
                    components.append(("schemas", .object((value.members ?? []).map { ($0.key, schema($0.value)) })))
                case "parameters":
                    // Only what operations refer to is used, and they take it in place (a body or
                    // form parameter joins the request body); the rest stay as components.
                    let plain = (value.members ?? []).filter { entry in
                        let place = entry.value["in"]?.string
                        return place != "body" && place != "formData"
                    }
                    if !plain.isEmpty {
                        components.append(
                            (
                                "parameters",
                                .object(
                                    plain.map {
                                        ($0.key, parameter($0.value, at: "/parameters/" + Pointer.escape($0.key)))
                                    })
                            ))
                    }
                case "responses":
                    let produces = root["produces"]
                    components.append(
                        (
                            "responses",
                            .object(
                                (value.members ?? []).map { entry in
                                    (
                                        entry.key,
                                        response(
                                            entry.value, produces: produces,
                                            at: "/responses/" + Pointer.escape(entry.key))
                                    )
                                })
                        ))
                default:
                    members.append((key, rewritten(value)))
                }
            }
            if !members.contains(where: { $0.key == "paths" }) { members.append(("servers", servers())) }
            if !components.isEmpty { members.append(("components", .object(components))) }
            return .object(members)
        }

        /// `securityDefinitions` as OpenAPI 3.0 `securitySchemes`: `basic` is HTTP basic, an OAuth 2.0
        /// `flow` (`implicit`, `password`, `application`, `accessCode`) becomes its one `flows` entry.
        func securitySchemes(_ node: DocumentValue) -> DocumentValue {
            .object(
                (node.members ?? []).map { entry in
                    let scheme = entry.value
                    var members = (scheme.members ?? []).filter {
                        !["type", "flow", "authorizationUrl", "tokenUrl", "scopes"].contains($0.key)
                    }
                    switch scheme["type"]?.string {
                    case "basic":
                        members.insert(contentsOf: [("type", .string("http")), ("scheme", .string("basic"))], at: 0)
                    case "oauth2":
                        let flowNames = [
                            "implicit": "implicit", "password": "password", "application": "clientCredentials",
                            "accessCode": "authorizationCode",
                        ]
                        var flow: [(key: String, value: DocumentValue)] = []
                        for key in ["authorizationUrl", "tokenUrl"] {
                            if let value = scheme[key] { flow.append((key, value)) }
                        }
                        flow.append(("scopes", scheme["scopes"] ?? .object([])))
                        let name = flowNames[scheme["flow"]?.string ?? ""] ?? scheme["flow"]?.string ?? "implicit"
                        members.insert(
                            contentsOf: [("type", .string("oauth2")), ("flows", .object([(name, .object(flow))]))],
                            at: 0)
                    default:
                        if let type = scheme["type"] { members.insert(("type", type), at: 0) }
                    }
                    return (entry.key, .object(members))
                })
        }

        /// `host`, `basePath` and the first of `schemes` (https first) as the one server.
        func servers() -> DocumentValue {
            let base = root["basePath"]?.string ?? ""
            let schemes = root["schemes"]?.arrayValue?.compactMap(\.string) ?? []
            let scheme = schemes.contains("https") ? "https" : (schemes.first ?? "https")
            let url: String
            if let host = root["host"]?.string, !host.isEmpty {
                url = "\(scheme)://\(host)\(base.hasPrefix("/") || base.isEmpty ? base : "/" + base)"
            } else {
                url = base.isEmpty ? "/" : base
            }
            return .array([.object([("url", .string(url))])])
        }

        mutating func paths(_ node: DocumentValue) -> DocumentValue {
            // Each path item on its own, on every core (``ConcurrentWork``), with notes of its own,
            // added to these in path order: what one after the other would note.
            let entries = node.members ?? []
            let reader = Reader(root: root, file: file)
            let converted = ConcurrentWork.map(entries.count) { index in
                var piece = reader
                let item = piece.pathItem(entries[index].value, template: entries[index].key)
                return (item, piece.notes)
            }
            var items: [(key: String, value: DocumentValue)] = []
            for (offset, (item, notes)) in converted.enumerated() {
                items.append((entries[offset].key, item))
                self.notes += notes
            }
            return .object(items)
        }

        /// The path item at `template` of `paths`, its operations read as OpenAPI 3.0 ones.
        mutating func pathItem(_ item: DocumentValue, template: String) -> DocumentValue {
            let at = "/paths/" + Pointer.escape(template)
            guard let members = item.members, item["$ref"] == nil, !template.hasPrefix("x-") else {
                return rewritten(item)
            }
            let shared = item["parameters"]?.arrayValue ?? []
            var converted: [(key: String, value: DocumentValue)] = []
            for (key, value) in members {
                if SchemaTranslator.httpMethods.contains(key) {
                    converted.append((key, operation(value, shared: shared, at: at + "/" + key)))
                } else if key != "parameters" {
                    converted.append((key, rewritten(value)))
                }
            }
            return .object(converted)
        }

        /// A parameter as written, or the global one its `$ref` names.
        func resolved(_ node: DocumentValue) -> DocumentValue {
            guard let ref = node["$ref"]?.string, ref.hasPrefix("#/parameters/") else { return node }
            return root["parameters"]?[Pointer.unescape(String(ref.dropFirst("#/parameters/".count)))] ?? node
        }

        mutating func operation(_ node: DocumentValue, shared: [DocumentValue], at: String) -> DocumentValue {
            var list: [DocumentValue] = shared.map(resolved)
            for parameter in (node["parameters"]?.arrayValue ?? []).map(resolved) {
                list.removeAll {
                    $0["name"] == parameter["name"] && $0["in"] == parameter["in"] && parameter["name"] != nil
                }
                list.append(parameter)
            }
            let consumes = (node["consumes"] ?? root["consumes"])?.arrayValue?.compactMap(\.string) ?? []
            let produces = node["produces"] ?? root["produces"]
            var parameters: [DocumentValue] = []
            var body: DocumentValue?
            var form: [DocumentValue] = []
            for (offset, parameter) in list.enumerated() {
                let here = at + "/parameters/\(offset)"
                switch parameter["in"]?.string {
                case "body": body = parameter
                case "formData": form.append(parameter)
                case _ where parameter["$ref"] != nil: parameters.append(rewritten(parameter))
                default: parameters.append(self.parameter(parameter, at: here))
                }
            }
            var members: [(key: String, value: DocumentValue)] = []
            for (key, value) in node.members ?? [] {
                switch key {
                case "parameters", "consumes", "produces", "schemes":
                    continue
                case "responses":
                    members.append(
                        (
                            key,
                            .object(
                                (value.members ?? []).map { entry in
                                    entry.key.hasPrefix("x-")
                                        ? (entry.key, entry.value)
                                        : (
                                            entry.key,
                                            response(
                                                entry.value, produces: produces,
                                                at: at + "/responses/" + Pointer.escape(entry.key))
                                        )
                                })
                        ))
                default:
                    members.append((key, rewritten(value)))
                }
            }
            if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
            if let body {
                let types = consumes.isEmpty ? ["application/json"] : consumes
                var entry: [(key: String, value: DocumentValue)] = []
                if let description = body["description"] { entry.append(("description", description)) }
                entry.append(("required", .bool(body["required"] == .bool(true))))
                let content = schema(body["schema"] ?? .object([]))
                entry.append(("content", .object(types.map { ($0, .object([("schema", content)])) })))
                members.append(("requestBody", .object(entry)))
            } else if !form.isEmpty {
                members.append(("requestBody", formBody(form, consumes: consumes)))
            }
            return .object(members)
        }

        /// `formData` parameters as the members of one form.
        mutating func formBody(_ fields: [DocumentValue], consumes: [String]) -> DocumentValue {
            var properties: [(key: String, value: DocumentValue)] = []
            var required: [DocumentValue] = []
            var hasFile = false
            // How an array goes in a url-encoded form: `collectionFormat` (csv when not given).
            var encoding: [(key: String, value: DocumentValue)] = []
            for field in fields {
                guard let name = field["name"]?.string else { continue }
                if field["type"]?.string == "file" { hasFile = true }
                if field["type"]?.string == "array" {
                    let style: (String, Bool) =
                        switch field["collectionFormat"]?.string ?? "csv" {
                        case "multi": ("form", true)
                        case "ssv": ("spaceDelimited", false)
                        case "pipes": ("pipeDelimited", false)
                        default: ("form", false)
                        }
                    encoding.append((name, .object([("style", .string(style.0)), ("explode", .bool(style.1))])))
                }
                var value = valueSchema(field)
                if let description = field["description"] { value = value.adding("description", description) }
                properties.append((name, value))
                if field["required"] == .bool(true) { required.append(.string(name)) }
            }
            var schemaMembers: [(key: String, value: DocumentValue)] = [
                ("type", .string("object")), ("properties", .object(properties)),
            ]
            if !required.isEmpty { schemaMembers.append(("required", .array(required))) }
            let formSchema = DocumentValue.object(schemaMembers)
            var types = consumes.filter {
                $0.hasPrefix("multipart/form-data") || $0.hasPrefix("application/x-www-form-urlencoded")
            }
            if types.isEmpty { types = [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"] }
            if hasFile { types = types.filter { !$0.hasPrefix("application/x-www-form-urlencoded") } }
            if types.isEmpty { types = ["multipart/form-data"] }
            return .object([
                ("required", .bool(!required.isEmpty)),
                (
                    "content",
                    .object(
                        types.map { type in
                            let urlEncoded = type.hasPrefix("application/x-www-form-urlencoded") && !encoding.isEmpty
                            return (
                                type,
                                .object(
                                    [("schema", formSchema)] + (urlEncoded ? [("encoding", .object(encoding))] : []))
                            )
                        })
                ),
            ])
        }

        /// A query, path or header parameter: its value keys become its `schema`, its
        /// `collectionFormat` its `style` and `explode`.
        mutating func parameter(_ node: DocumentValue, at: String) -> DocumentValue {
            var members: [(key: String, value: DocumentValue)] = []
            for (key, value) in node.members ?? []
            where !SwaggerReader.valueKeys.contains(key) && key != "collectionFormat" {
                members.append((key, value))
            }
            members.append(("schema", valueSchema(node)))
            if node["type"]?.string == "array" {
                let place = node["in"]?.string ?? "query"
                switch node["collectionFormat"]?.string ?? "csv" {
                case "multi":
                    members += [("style", .string("form")), ("explode", .bool(true))]
                case "ssv" where place == "query":
                    members += [("style", .string("spaceDelimited")), ("explode", .bool(false))]
                case "pipes" where place == "query":
                    members += [("style", .string("pipeDelimited")), ("explode", .bool(false))]
                case "csv":
                    members += [("style", .string(place == "query" ? "form" : "simple")), ("explode", .bool(false))]
                case let other:
                    note(
                        at + "/collectionFormat",
                        "collectionFormat '\(other)' has no OpenAPI 3.0 form for a \(place) parameter: sent comma-separated (csv)"
                    )
                    members += [("style", .string(place == "query" ? "form" : "simple")), ("explode", .bool(false))]
                }
            }
            return .object(members)
        }

        /// The schema of a non-body parameter, an `items` object or a header.
        func valueSchema(_ node: DocumentValue) -> DocumentValue {
            var members: [(key: String, value: DocumentValue)] = []
            for (key, value) in node.members ?? [] where SwaggerReader.valueKeys.contains(key) {
                members.append((key, key == "items" ? valueSchema(value) : value))
            }
            if let ref = node["$ref"]?.string { members.append(("$ref", .string(rebased(ref)))) }
            return schema(.object(members))
        }

        mutating func response(_ node: DocumentValue, produces: DocumentValue?, at: String) -> DocumentValue {
            if let ref = node["$ref"]?.string { return .object([("$ref", .string(rebased(ref)))]) }
            var members: [(key: String, value: DocumentValue)] = [
                ("description", node["description"] ?? .string(""))
            ]
            if let headers = node["headers"]?.members {
                members.append(
                    (
                        "headers",
                        .object(
                            headers.map { name, header in
                                var fields: [(key: String, value: DocumentValue)] = []
                                if let description = header["description"] {
                                    fields.append(("description", description))
                                }
                                fields.append(("schema", valueSchema(header)))
                                return (name, .object(fields))
                            })
                    ))
            }
            if let body = node["schema"] {
                let converted = schema(body)
                let isFile = body["type"]?.string == "file"
                var types = produces?.arrayValue?.compactMap(\.string) ?? []
                // A file is bytes: in the media types of `produces` that are not JSON, else as octets.
                if isFile { types = types.filter { !$0.contains("json") } }
                if types.isEmpty { types = [isFile ? "application/octet-stream" : "application/json"] }
                let examples = node["examples"]?.members ?? []
                members.append(
                    (
                        "content",
                        .object(
                            types.map { type in
                                var media: [(key: String, value: DocumentValue)] = [("schema", converted)]
                                if let example = examples.first(where: { $0.key == type })?.value {
                                    media.append(("example", example))
                                }
                                return (type, .object(media))
                            })
                    ))
            }
            return .object(members)
        }
    }
}
