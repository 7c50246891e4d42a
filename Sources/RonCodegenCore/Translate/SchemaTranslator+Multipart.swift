import Foundation

/// A `multipart/form-data` request body: one part per property of its schema (an array property:
/// one part per element), kinds by OpenAPI's defaults (a primitive as text, an object as JSON,
/// binary as a file), shaped by the media type's `encoding` object (`contentType`, `headers`).
extension SchemaTranslator {
    static let encodingKeys: Set<String> = ["contentType", "headers", "style", "explode", "allowReserved"]

    /// The form's parts, or `nil` when the schema does not list them all (no properties, or parts
    /// under `additionalProperties`): the call then takes a `RonMultipartForm` built by hand.
    func multipartForm(_ value: DocumentValue, document: Document, at mediaAt: Location, types: [NamedType])
        throws(CodegenError) -> MultipartForm?
    {
        let schemaAt = mediaAt.appending("schema")
        let type = try jsonType(value["schema"], at: schemaAt)
        if value["encoding"] != nil, value["encoding"]?.members == nil {
            throw mediaAt.appending("encoding").error("encoding must be an object: a property name to its encoding")
        }
        guard case .named(let name, let arguments) = type, arguments.isEmpty,
            let fields = propertyFields(name, types: types), !fields.isEmpty
        else { return nil }
        // An encoding for a property the schema does not have changes no part: it is left aside.
        let encodings = value["encoding"]?.members ?? []
        var taken = Set(fields.map(\.field.swiftName)).union(["multipartForm"])
        var parts: [MultipartPart] = []
        for (field, node) in fields {
            let encodingAt = mediaAt.appending("encoding").appending(field.wireName)
            let encoding = encodings.first(where: { $0.key == field.wireName })?.value
            var part = try multipartPart(field, node: node, types: types)
            if let encoding {
                try applyEncoding(encoding, to: &part, document: document, at: encodingAt, taken: &taken)
            }
            parts.append(part)
        }
        return MultipartForm(typeName: "", parts: parts)
    }

    /// The fields of a struct (through aliases; flattened members' own fields in their place) with
    /// each one's schema as written, or `nil` when the type is not an object with properties.
    private func propertyFields(_ name: String, types: [NamedType], otherMembers: Bool = false)
        -> [(field: Field, node: DocumentValue?)]?
    {
        var name = name
        for _ in 0..<8 {
            guard let shape = types.first(where: { $0.name == name })?.shape else { return nil }
            switch shape {
            case .alias(.named(let target, [])):
                name = target
                continue
            case .structure(let parameters, let fields) where parameters.isEmpty:
                var result: [(field: Field, node: DocumentValue?)] = []
                for field in fields {
                    if field.collectsOtherMembers {
                        // The members a struct keeps for lossless round trips are not parts; parts the
                        // schema declares but does not name are.
                        if otherMembers || field.type == .map(.json) || field.type == .json { continue }
                        return nil
                    }
                    if field.flattened, case .named(let inner, []) = field.type {
                        guard let nested = propertyFields(inner, types: types, otherMembers: otherMembers) else {
                            return nil
                        }
                        result += nested
                        continue
                    }
                    result.append((field, definitions[name]?.node["properties"]?[field.wireName]))
                }
                return result
            default:
                return nil
            }
        }
        return nil
    }

    private func multipartPart(_ field: Field, node: DocumentValue?, types: [NamedType]) throws(CodegenError)
        -> MultipartPart
    {
        var type = field.type
        var repeated = false
        var node = node
        if case .array(let element) = type {
            type = element
            repeated = true
            node = node.map(schemaNode)?["items"]
        }
        let kind: MultipartPart.Kind
        var media: String?
        if isBinary(node) {
            kind = .file
            // OpenAPI 3.1: the schema's own `contentMediaType` is the part's, unless the encoding says otherwise.
            media = node.map(schemaNode)?["contentMediaType"]?.string
        } else {
            kind = Self.isObject(type, types: types) ? .json : .text
        }
        return MultipartPart(
            name: field.wireName, swiftName: field.swiftName, kind: kind, type: type, repeated: repeated,
            required: !field.isOptional, contentType: media, allowedContentTypes: media, headers: [],
            description: field.documentation)
    }

    private func applyEncoding(
        _ encoding: DocumentValue, to part: inout MultipartPart, document: Document, at: Location,
        taken: inout Set<String>
    ) throws(CodegenError) {
        guard encoding.members != nil else {
            warnings.note(at, "an encoding must be an object: ignored")
            return
        }
        allowLeniently(Self.withoutExtensions(encoding), Self.encodingKeys, at: at)
        // OpenAPI gives `style` and `explode` meaning for url-encoded forms only; in a multipart body
        // an array is one part per element, the nearest form of every style.
        if let style = encoding["style"], style.string != "form" {
            warnings.note(
                at.appending("style"),
                "style '\(style.string ?? "?")' is not supported for a multipart part: an array is sent as one part per element (style form)"
            )
        }
        if encoding["explode"] == .bool(false) {
            warnings.note(
                at.appending("explode"),
                "explode: false is not supported for a multipart part: an array is sent as one part per element")
        }
        if let media = encoding["contentType"] {
            let text = media.string ?? ""
            let listed = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if listed.isEmpty || listed.contains(where: { !$0.contains("/") }) {
                warnings.note(
                    at.appending("contentType"),
                    "'\(text)' is not a media type (type/subtype), or a comma-separated list of them: the part's own type is sent"
                )
            } else {
                part.allowedContentTypes = text
                part.contentType = listed.first { !$0.contains("*") }
                if part.kind != .file, let first = part.contentType, Self.isJSON(first) { part.kind = .json }
            }
        }
        if let headers = encoding["headers"] {
            guard let members = headers.members else {
                throw at.appending("headers").error("headers must be an object")
            }
            for (name, header) in members where name.lowercased() != "content-type" {
                // OpenAPI: a part's Content-Type is the encoding's contentType, never a header of the list.
                let (resolved, here) = try component(
                    header, document: document, at: at.appending("headers").appending(name))
                guard var fields = resolved.members else { throw here.error("a header must be an object") }
                if resolved["name"] != nil || resolved["in"] != nil {
                    throw here.error("a header object takes no 'name' or 'in': its key is its name")
                }
                fields.append(("name", .string(name)))
                fields.append(("in", .string("header")))
                var parameter = try parameter(.object(fields), at: here)
                parameter.swiftName = Naming.member(part.swiftName + " " + name, taken: &taken)
                part.headers.append(parameter)
            }
        }
    }

    /// The schema a node stands for, through a `$ref` to a named type.
    private func schemaNode(_ node: DocumentValue) -> DocumentValue {
        var node = node
        for _ in 0..<8 {
            guard let ref = node["$ref"]?.string,
                let name = try? resolve(ref, at: Location(file: "", pointer: "")),
                let target = definitions[name]?.node
            else { return node }
            node = target
        }
        return node
    }

    /// Binary content: `format: binary`, a `contentMediaType` without `contentEncoding` (OpenAPI
    /// 3.1), or no schema at all (`{}`, which OpenAPI sends as `application/octet-stream`).
    private func isBinary(_ node: DocumentValue?) -> Bool {
        guard let raw = node else { return false }
        if raw == .bool(true) { return true }
        let node = schemaNode(raw)
        guard let members = node.members else { return false }
        if node["format"]?.string == "binary" { return true }
        if let media = node["contentMediaType"]?.string, node["contentEncoding"] == nil, !Self.isJSON(media),
            !media.hasPrefix("text/")
        {
            return true
        }
        return members.allSatisfy { Self.annotationKeys.contains($0.key) }
    }

    /// Whether values of the type are objects (sent as JSON); primitives, string enums and values
    /// of any shape are sent as text, which the runtime turns into JSON for an object it meets.
    static func isObject(_ type: TypeReference, types: [NamedType]) -> Bool {
        switch type {
        case .map, .array: return true
        case .named(let name, _):
            switch types.first(where: { $0.name == name })?.shape {
            case .structure?: return true
            case .alias(let target)?, .newtype(let target)?: return isObject(target, types: types)
            default: return false
            }
        default: return false
        }
    }

    /// A url-encoded form's `encoding` object: for each member it names, how it goes when not as by
    /// default (an array as repeated names, an object as `outer[inner]`, a scalar as its text).
    func formEncoding(_ value: DocumentValue, type: TypeReference, at mediaAt: Location, types: [NamedType])
        throws(CodegenError) -> [FormFieldEncoding]
    {
        guard let encoding = value["encoding"] else { return [] }
        let at = mediaAt.appending("encoding")
        guard let members = encoding.members else {
            throw at.error("encoding must be an object: a property name to its encoding")
        }
        guard case .named(let name, []) = type, let fields = propertyFields(name, types: types, otherMembers: true)
        else { return [] }
        var result: [FormFieldEncoding] = []
        for (property, entry) in members {
            let here = at.appending(property)
            guard entry.members != nil else { throw here.error("an encoding must be an object") }
            try Self.allow(Self.withoutExtensions(entry), Self.encodingKeys, at: here, annotations: false)
            // An encoding for a property the schema does not have changes no field. allowReserved
            // changes no value either: a form reader decodes a percent-encoded reserved character.
            guard let field = fields.first(where: { $0.field.wireName == property })?.field else { continue }
            if let media = entry["contentType"]?.string, Self.isJSON(media) {
                result.append(FormFieldEncoding(name: property, style: .json))
                continue
            }
            let style = entry["style"]?.string ?? "form"
            let explode = entry["explode"].map { $0 != .bool(false) } ?? (style == "form")
            var isArray = false
            if case .array = field.type { isArray = true }
            let isObject = !isArray && Self.isObject(field.type, types: types)
            switch style {
            case "form":
                if !explode && (isArray || isObject) {
                    result.append(FormFieldEncoding(name: property, style: .joined(",")))
                } else if explode && isObject {
                    result.append(FormFieldEncoding(name: property, style: .exploded))
                }
            case "spaceDelimited", "pipeDelimited":
                // Exploded, or of a scalar, they are the default (repeated names; the value's text).
                if (isArray || isObject) && !explode {
                    result.append(
                        FormFieldEncoding(name: property, style: .joined(style == "spaceDelimited" ? " " : "|")))
                }
            case "deepObject":
                // `outer[inner]=…`, arrays as `outer[0]=…` (as Stripe, Rails and `qs` read them),
                // whatever the value turns out to be (a union may hold an object or a scalar).
                result.append(FormFieldEncoding(name: property, style: .deepObject))
            default:
                warnings.note(
                    here.appending("style"),
                    "style '\(style)' is not a form style (form, spaceDelimited, pipeDelimited, deepObject): sent in style form"
                )
            }
        }
        return result
    }
}
