import Foundation

/// An operation's parameters: `in`, name, schema, `explode`, refused styles.
extension SchemaTranslator {
    /// The parameters of a list; one that cannot be read is left out with a warning (a path
    /// parameter left out becomes a `String` argument, as one the list does not name).
    func parameterList(_ node: DocumentValue?, document: Document, at: Location)
        -> [(parameter: OperationParameter, location: Location)]
    {
        guard let node else { return [] }
        guard case .array(let items) = node else {
            warnings.note(at, "parameters must be a list: ignored")
            return []
        }
        var result: [(OperationParameter, Location)] = []
        for (index, item) in items.enumerated() {
            var here = at.appending(String(index))
            let parameter: OperationParameter
            do throws(CodegenError) {
                let resolved: DocumentValue
                (resolved, here) = try component(item, document: document, at: here)
                parameter = try self.parameter(resolved, at: here)
            } catch {
                warnings.note(error, done: "the parameter is left out")
                continue
            }
            if let earlier = result.firstIndex(where: {
                $0.0.name == parameter.name && $0.0.location == parameter.location
            }) {
                warnings.note(
                    here,
                    "parameter '\(parameter.name)' in \(parameter.location.rawValue) is listed twice: the last one is used"
                )
                result.remove(at: earlier)
            }
            result.append((parameter, here))
        }
        return result
    }

    func parameter(_ node: DocumentValue, at: Location) throws(CodegenError) -> OperationParameter {
        // A parameter written as Swagger 2.0 wrote them (`type` beside `name`): those words are its schema.
        let swaggerSchema =
            node["schema"] == nil && node["content"] == nil && node["type"] != nil
            ? DocumentValue.object((node.members ?? []).filter { SwaggerReader.valueKeys.contains($0.key) }) : nil
        allowLeniently(
            .object(
                (Self.withoutExtensions(node).members ?? []).filter {
                    swaggerSchema == nil || !SwaggerReader.valueKeys.contains($0.key)
                }), Self.parameterKeys, at: at)
        guard let name = node["name"]?.string, !name.isEmpty else {
            throw at.appending("name").error("a parameter needs a name")
        }
        guard let place = node["in"]?.string else { throw at.appending("in").error("a parameter needs 'in'") }
        guard let location = OperationParameter.Location(rawValue: place) else {
            throw at.appending("in").error("unknown parameter location '\(place)' (path, query, header, cookie)")
        }
        var required = node["required"] == .bool(true)
        if location == .path && !required {
            warnings.note(
                at.appending("required"), "a path parameter must be required (OpenAPI says so): read as required")
            required = true
        }
        var style = node["style"]?.string
        let allowedStyles: [OperationParameter.Location: String] = [
            .path: "simple", .query: "form", .header: "simple", .cookie: "form",
        ]
        let queryStyles: Set<String> = ["form", "spaceDelimited", "pipeDelimited", "deepObject"]
        if let given = style, given != allowedStyles[location], !(location == .query && queryStyles.contains(given)) {
            warnings.note(
                at.appending("style"),
                "style '\(given)' is not supported for a \(place) parameter: sent in style '\(allowedStyles[location] ?? "")'"
            )
            style = nil
        }
        // A query value given by `content` (one media type) is sent as its JSON text.
        var schemaAt = at.appending("schema")
        var jsonText = false
        var schemaNode = node["schema"] ?? swaggerSchema
        if let content = node["content"] {
            if location == .query, let members = content.members, members.count == 1,
                let (media, value) = members.first,
                Self.isJSON(media)
            {
                schemaAt = at.appending("content").appending(media).appending("schema")
                schemaNode = value["schema"] ?? .object([])
                jsonText = true
            } else {
                warnings.note(
                    at.appending("content"),
                    "a parameter with content is supported in the query, with one JSON media type: the value is sent as its text"
                )
                let first = content.members?.first
                schemaAt = at.appending("content").appending(first?.key ?? "").appending("schema")
                schemaNode = first?.value["schema"] ?? .object([("type", .string("string"))])
            }
        }
        var type: TypeReference
        if let schema = schemaNode {
            do {
                type = try reference(schema, at: schemaAt, typeParameters: [], extraKeys: []).type
            } catch {
                warnings.note(error, done: "the parameter '\(name)' is a String")
                type = .string
            }
        } else {
            warnings.note(at, "a parameter needs a schema: '\(name)' is a String")
            type = .string
        }
        type = scalarTarget(type, at: at.appending("schema"))
        if case .array(let element) = type { type = .array(scalarTarget(element, at: at.appending("schema"))) }
        func scalar(_ type: TypeReference) -> Bool {
            switch type {
            // A timestamp goes as RFC 3339 text, bytes as base64url, as in a JSON body.
            case .bool, .string, .double, .float, .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32,
                .int64, .uint64, .bigInteger, .decimal, .timestamp, .bytes:
                return true
            case .named(let name, let arguments):
                return arguments.isEmpty && isStringEnum(name)
            default: return false
            }
        }
        let explode = node["explode"].map { $0 != .bool(false) } ?? ((style ?? "form") == "form")
        var queryStyle: FormFieldEncoding.Style?? = nil
        switch type {
        case _ where jsonText: queryStyle = .some(.json)
        case .array(let element) where location == .query && scalar(element) && (style ?? "form") == "form": break
        // A header's or path's array (style simple), a cookie's (form, as a cookie has one value):
        // one comma-separated value.
        case .array(let element) where location != .query && scalar(element): break
        case let type where scalar(type): break
        case _ where location == .query:
            // Objects, unions and styled arrays: their pairs as a form's members would go.
            queryStyle = .some(Self.queryStyle(style ?? "form", explode: explode))
        case _ where location == .path || location == .header:
            // Objects and unions in style simple: `k=v,k2=v2` exploded, else `k,v,k2,v2`.
            queryStyle = .some(node["explode"] == .bool(true) ? .exploded : .joined(","))
        default:
            // A cookie's object or union in style form: each member a cookie of its own when
            // exploded (the default), else one cookie of `k,v,k2,v2`.
            queryStyle = .some(explode ? .exploded : .joined(","))
        }
        var example = node["example"]
        if example == nil, let examples = node["examples"]?.members, let first = examples.first?.value {
            example = first["value"]
        }
        let pathTail = node["x-ron-path-tail"] == .bool(true)
        if pathTail && location != .path {
            throw at.appending("x-ron-path-tail").error("x-ron-path-tail is for a path parameter")
        }
        return OperationParameter(
            name: name, swiftName: "", location: location, type: type, required: required,
            explode: node["explode"] != .bool(false), pathTail: pathTail, description: node["description"]?.string,
            example: example, origin: Origin(file: at.file, pointer: at.pointer), queryStyle: queryStyle)
    }

    /// How a structured query value goes (OpenAPI's query styles): `form` exploded (an object's
    /// members as pairs of their own, an array as repeated names) or joined with `,`; the delimited
    /// styles joined with a space or `|` (exploded: repeated names); `deepObject` as `name[inner]`.
    static func queryStyle(_ style: String, explode: Bool) -> FormFieldEncoding.Style? {
        switch (style, explode) {
        case ("deepObject", _): return .deepObject
        case ("spaceDelimited", false): return .joined(" ")
        case ("pipeDelimited", false): return .joined("|")
        case ("form", false): return .joined(",")
        case ("form", true): return .exploded
        default: return nil
        }
    }

    /// A named type that is a scalar by another name (`SnowflakeType`: a string with a pattern),
    /// as that scalar, so the parameter's text is the value's; any other type as it is.
    func scalarTarget(_ type: TypeReference, at: Location) -> TypeReference {
        var type = type
        for _ in 0..<8 {
            guard case .named(let name, []) = type, !isStringEnum(name), let node = definitions[name]?.node,
                let kind = node["type"]?.string, ["string", "integer", "number", "boolean"].contains(kind),
                node.members?.contains(where: { ["enum", "const", "oneOf", "anyOf", "allOf"].contains($0.key) })
                    == false,
                let target = try? reference(node, at: at, typeParameters: [], extraKeys: []).type, target != type
            else { return type }
            type = target
        }
        return type
    }

    /// Whether the named type is a string enum (a parameter's value is its raw value).
    func isStringEnum(_ name: String) -> Bool {
        guard let node = definitions[name]?.node, case .array? = node["enum"] else { return false }
        return node["type"]?.string == "string"
    }
}
