import Foundation

/// Pass 3: the `paths` of OpenAPI 3.1 documents become ``Operation``s.
///
/// The subset: path, query and header parameters of scalar types (arrays of them in the query),
/// a JSON request body, 2xx answers of JSON, text, bytes or server-sent events, `$ref`s to the
/// document's own `components` (`parameters`, `requestBodies`, `responses`). Everything else that
/// would change the call (callbacks, links, cookie parameters, XML, multipart, `encoding`) is
/// refused with the file and JSON pointer.
extension SchemaTranslator {
    static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    static let pathItemKeys: Set<String> = Set(httpMethods).union([
        "parameters", "summary", "description", "servers",
    ])
    static let operationKeys: Set<String> = [
        "operationId", "tags", "summary", "description", "deprecated", "parameters", "requestBody", "responses",
        "security", "servers", "externalDocs",
    ]
    static let parameterKeys: Set<String> = [
        "name", "in", "description", "required", "deprecated", "schema", "style", "explode", "example", "examples",
        "allowEmptyValue", "x-ron-path-tail",
    ]
    static let responseKeys: Set<String> = ["description", "content", "headers"]
    static let mediaTypeKeys: Set<String> = ["schema", "example", "examples"]
    static let requestBodyKeys: Set<String> = ["description", "content", "required"]

    /// Why a construct is refused, by keyword.
    static let refusedOperationKeys: [String: String] = [
        "callbacks": "callbacks are not supported: describe the callback's route as an operation of its own",
        "links": "links are not supported",
        "encoding": "an encoding object is not supported (it is for multipart and form bodies)",
        "xml": "XML is not supported: the App Plane speaks JSON",
        "content": "a parameter with content (rather than a schema) is not supported",
    ]

    /// The operations of every OpenAPI document, with names unique per receiver.
    func operations(_ documents: [Document], types: [NamedType]) throws(CodegenError) -> [Operation] {
        var result: [Operation] = []
        for document in documents where document.root["openapi"] != nil {
            guard let paths = document.root["paths"] else { continue }
            let at = Location(file: document.path, pointer: "/paths")
            guard let entries = paths.members else { throw at.error("paths must be an object") }
            for (template, item) in entries {
                try result.append(
                    contentsOf: pathItem(
                        template, item, document: document, at: at.appending(template), types: types))
            }
        }
        var seen: [String: Origin] = [:]
        for operation in result {
            if let earlier = seen[operation.operationId] {
                throw CodegenError(
                    file: operation.origin.file, pointer: operation.origin.pointer + "/operationId",
                    message: "operationId '\(operation.operationId)' is already used at \(earlier)")
            }
            seen[operation.operationId] = operation.origin
        }
        var named = Self.name(result)
        // A several-answer enum must not take the name of a schema type (or of another such enum).
        var takenTypes = Set(definitions.keys).union(Naming.reservedTypeNames).union([
            "RonOperationCatalog", "RonOperationInfo", "RonClient", "FacetClient", "AppResponse", "NoContent",
            "RonPath",
        ])
        for index in named.indices {
            guard case .several = named[index].result else { continue }
            let base = Naming.typeName(named[index].operationId) + "Response"
            var name = base
            var suffix = 2
            while !takenTypes.insert(name).inserted {
                name = base + String(suffix)
                suffix += 1
            }
            named[index].resultTypeName = name
        }
        return named
    }

    private func pathItem(
        _ template: String, _ item: DocumentValue, document: Document, at: Location, types: [NamedType]
    ) throws(CodegenError) -> [Operation] {
        guard template.hasPrefix("/") else { throw at.error("a path must start with '/'") }
        guard item.members != nil else { throw at.error("a path item must be an object") }
        if item["$ref"] != nil { throw at.appending("$ref").error("a path item $ref is not supported") }
        try Self.refuse(item, at: at)
        try Self.allow(item, Self.pathItemKeys, at: at, annotations: false)
        let shared = try parameterList(item["parameters"], document: document, at: at.appending("parameters"))
        var result: [Operation] = []
        for method in Self.httpMethods {
            guard let node = item[method] else { continue }
            let here = at.appending(method)
            guard node.members != nil else { throw here.error("an operation must be an object") }
            try Self.refuse(node, at: here)
            try Self.allow(node, Self.operationKeys, at: here, annotations: false)
            var parameters = shared
            for parameter in try parameterList(node["parameters"], document: document, at: here.appending("parameters"))
            {
                parameters.removeAll {
                    $0.parameter.name == parameter.parameter.name
                        && $0.parameter.location == parameter.parameter.location
                }
                parameters.append(parameter)
            }
            result.append(
                try operation(
                    method: method, template: template, node: node, parameters: parameters, document: document,
                    at: here, types: types))
        }
        return result
    }

    private func operation(
        method: String, template: String, node: DocumentValue,
        parameters found: [(parameter: OperationParameter, location: Location)], document: Document,
        at: Location, types: [NamedType]
    ) throws(CodegenError) -> Operation {
        // The template's `{names}`, each a whole segment, each a path parameter (and the reverse).
        let segments = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var templateNames: [String] = []
        for segment in segments where segment.contains("{") || segment.contains("}") {
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else {
                throw at.error("a path parameter must be a whole segment ('/{name}/'), not '\(segment)'")
            }
            templateNames.append(String(segment.dropFirst().dropLast()))
        }
        var pathParameters: [OperationParameter] = []
        for name in templateNames {
            guard let found = found.first(where: { $0.parameter.location == .path && $0.parameter.name == name }) else {
                throw at.error("the path has '{\(name)}' but no path parameter '\(name)' is listed")
            }
            if found.parameter.pathTail && name != templateNames.last {
                throw found.location.appending("x-ron-path-tail").error(
                    "only the last path parameter may span several segments")
            }
            pathParameters.append(found.parameter)
        }
        for (parameter, location) in found where parameter.location == .path && !templateNames.contains(parameter.name)
        {
            throw location.error("path parameter '\(parameter.name)' is not in the path '\(template)'")
        }
        let facetScoped = templateNames.first == "id" && template.hasPrefix("/facets/{id}")
        let others = found.map(\.parameter).filter { $0.location != .path }

        let requestBody = try body(node["requestBody"], document: document, at: at.appending("requestBody"))
        if requestBody != nil && !["post", "put", "patch", "delete"].contains(method) {
            throw at.appending("requestBody").error(
                "a \(method.uppercased()) takes no request body (only POST, PUT, PATCH and DELETE send one)")
        }
        guard let responses = node["responses"] else { throw at.error("an operation needs responses") }
        let result = try self.result(responses, document: document, at: at.appending("responses"))
        if case .eventStream = result {
            for (parameter, location) in found
            where parameter.location == .header && parameter.name.lowercased() != "last-event-id" {
                throw location.error(
                    "an event stream takes no header parameter but Last-Event-ID (subscriptions send the client's headers)"
                )
            }
            if requestBody != nil { throw at.appending("requestBody").error("an event stream takes no request body") }
        }

        var tags: [String] = []
        if let list = node["tags"] {
            guard case .array(let items) = list, items.allSatisfy({ $0.string != nil }) else {
                throw at.appending("tags").error("tags must be a list of strings")
            }
            tags = items.compactMap(\.string)
        }
        let operationId: String
        if let id = node["operationId"] {
            guard let text = id.string, !Naming.lowerCamel(text).isEmpty else {
                throw at.appending("operationId").error("operationId must be a string with a letter or digit")
            }
            operationId = text
        } else {
            operationId = Naming.lowerCamel(
                ([method]
                    + template.split(separator: "/").map { segment in
                        segment.hasPrefix("{") ? "by " + segment.dropFirst().dropLast() : String(segment)
                    }).joined(separator: " "))
        }
        guard case .bool(let deprecated)? = node["deprecated"] ?? .bool(false) else {
            throw at.appending("deprecated").error("deprecated must be true or false")
        }
        return Operation(
            operationId: operationId, swiftName: "", method: method.uppercased(), path: template,
            origin: Origin(file: at.file, pointer: at.pointer), summary: node["summary"]?.string,
            description: node["description"]?.string, tags: tags, deprecated: deprecated,
            parameters: pathParameters + others, requestBody: requestBody, result: result,
            facetScoped: facetScoped, pageItem: pageItem(result, parameters: others, types: types))
    }

    /// A list operation: a `page_token` query parameter and a `Page<T>` answer (directly or through an alias).
    private func pageItem(_ result: OperationResult, parameters: [OperationParameter], types: [NamedType])
        -> TypeReference?
    {
        guard case .single(.json(var type)) = result, parameters.contains(where: { $0.name == "page_token" })
        else { return nil }
        for _ in 0..<8 {
            guard case .named(let name, let arguments) = type, let named = types.first(where: { $0.name == name })
            else { return nil }
            switch named.shape {
            case .alias(let target): type = target
            case .structure(let parameters, let fields):
                guard parameters.count == 1, arguments.count == 1,
                    fields.contains(where: { $0.wireName == "next_page_token" }),
                    fields.contains(where: { $0.wireName == "items" })
                else { return nil }
                return arguments[0]
            default: return nil
            }
        }
        return nil
    }

    // MARK: Parameters

    private func parameterList(_ node: DocumentValue?, document: Document, at: Location) throws(CodegenError)
        -> [(parameter: OperationParameter, location: Location)]
    {
        guard let node else { return [] }
        guard case .array(let items) = node else { throw at.error("parameters must be a list") }
        var result: [(OperationParameter, Location)] = []
        for (index, item) in items.enumerated() {
            let (resolved, here) = try component(item, document: document, at: at.appending(String(index)))
            let parameter = try parameter(resolved, at: here)
            if result.contains(where: { $0.0.name == parameter.name && $0.0.location == parameter.location }) {
                throw here.error("parameter '\(parameter.name)' in \(parameter.location.rawValue) is listed twice")
            }
            result.append((parameter, here))
        }
        return result
    }

    private func parameter(_ node: DocumentValue, at: Location) throws(CodegenError) -> OperationParameter {
        try Self.refuse(node, at: at)
        try Self.allow(node, Self.parameterKeys, at: at, annotations: false)
        guard let name = node["name"]?.string, !name.isEmpty else {
            throw at.appending("name").error("a parameter needs a name")
        }
        guard let place = node["in"]?.string else { throw at.appending("in").error("a parameter needs 'in'") }
        guard let location = OperationParameter.Location(rawValue: place) else {
            throw at.appending("in").error(
                place == "cookie"
                    ? "cookie parameters are not supported: the client sends no cookies"
                    : "unknown parameter location '\(place)' (path, query, header)")
        }
        let required = node["required"] == .bool(true)
        if location == .path && !required {
            throw at.appending("required").error("a path parameter must be required (OpenAPI says so)")
        }
        let style = node["style"]?.string
        let allowedStyles: [OperationParameter.Location: String] = [.path: "simple", .query: "form", .header: "simple"]
        if let style, style != allowedStyles[location] {
            throw at.appending("style").error(
                "style '\(style)' is not supported for a \(place) parameter (only '\(allowedStyles[location] ?? "")')")
        }
        guard let schema = node["schema"] else { throw at.error("a parameter needs a schema") }
        let type = try reference(schema, at: at.appending("schema"), typeParameters: [], extraKeys: []).type
        func scalar(_ type: TypeReference) -> Bool {
            switch type {
            case .bool, .string, .double, .float, .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32,
                .int64, .uint64:
                return true
            case .named(let name, let arguments):
                return arguments.isEmpty && isStringEnum(name)
            default: return false
            }
        }
        switch type {
        case .array(let element) where location == .query && scalar(element): break
        case let type where scalar(type): break
        default:
            throw at.appending("schema").error(
                "a \(place) parameter must be a boolean, number, integer, string or string enum\(location == .query ? " (or an array of them)" : "")"
            )
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
            example: example, origin: Origin(file: at.file, pointer: at.pointer))
    }

    /// Whether the named type is a string enum (a parameter's value is its raw value).
    private func isStringEnum(_ name: String) -> Bool {
        guard let node = definitions[name]?.node, case .array? = node["enum"] else { return false }
        return node["type"]?.string == "string"
    }

    // MARK: Bodies and answers

    private func body(_ node: DocumentValue?, document: Document, at: Location) throws(CodegenError) -> OperationBody? {
        guard let node else { return nil }
        let (resolved, here) = try component(node, document: document, at: at)
        try Self.refuse(resolved, at: here)
        try Self.allow(resolved, Self.requestBodyKeys, at: here, annotations: false)
        guard let content = resolved["content"]?.members, content.count == 1, let (media, value) = content.first else {
            throw here.appending("content").error("a request body needs exactly one media type")
        }
        let mediaAt = here.appending("content").appending(media)
        try mediaType(media, value, at: mediaAt)
        guard Self.isJSON(media) else {
            throw mediaAt.error("a request body must be JSON (application/json or +json), not '\(media)'")
        }
        let type = try jsonType(value["schema"], at: mediaAt.appending("schema"))
        return OperationBody(
            contentType: media, type: type, required: resolved["required"] == .bool(true),
            description: resolved["description"]?.string)
    }

    private func result(_ node: DocumentValue, document: Document, at: Location) throws(CodegenError)
        -> OperationResult
    {
        guard let entries = node.members else { throw at.error("responses must be an object") }
        var alternatives: [OperationAlternative] = []
        var stream: TypeReference?
        for (status, entry) in entries {
            let (resolved, here) = try component(entry, document: document, at: at.appending(status))
            try Self.refuse(resolved, at: here)
            try Self.allow(resolved, Self.responseKeys, at: here, annotations: false)
            let content = resolved["content"]?.members ?? []
            for (media, value) in content {
                try mediaType(media, value, at: here.appending("content").appending(media))
            }
            // Every answer's schema must resolve, but only 2xx ones shape the call: the rest are problems.
            let success = status.count == 3 && status.hasPrefix("2")
            if !success {
                for (media, value) in content where Self.isJSON(media) {
                    _ = try jsonType(
                        value["schema"], at: here.appending("content").appending(media).appending("schema"))
                }
                continue
            }
            if content.isEmpty {
                alternatives.append(
                    OperationAlternative(status: status, contentType: nil, payload: .empty, swiftName: ""))
            }
            for (media, value) in content {
                let schemaAt = here.appending("content").appending(media).appending("schema")
                if media == "text/event-stream" {
                    guard let schema = value["schema"] else {
                        throw schemaAt.error("an event stream needs a schema for its data")
                    }
                    stream = try jsonType(schema, at: schemaAt)
                    continue
                }
                let payload: OperationPayload
                if Self.isJSON(media) {
                    payload = .json(try jsonType(value["schema"], at: schemaAt))
                } else if media.hasPrefix("text/") {
                    payload = .text
                } else {
                    payload = .bytes
                }
                alternatives.append(
                    OperationAlternative(status: status, contentType: media, payload: payload, swiftName: ""))
            }
        }
        if let stream { return .eventStream(stream) }
        let meaningful = alternatives.filter { $0.payload != .empty }
        if meaningful.isEmpty { return .none }
        if alternatives.count == 1 { return .single(alternatives[0].payload) }
        var taken: Set<String> = []
        return .several(
            alternatives.map { alternative in
                var named = alternative
                let media = alternative.contentType.map { " " + Self.mediaWord($0) } ?? ""
                named.swiftName = Naming.member("status " + alternative.status + media, taken: &taken)
                return named
            })
    }

    /// `application/json` → `json`, `text/plain` → `text`, anything else → its subtype's letters.
    private static func mediaWord(_ media: String) -> String {
        if isJSON(media) { return "json" }
        if media.hasPrefix("text/") { return "text" }
        return String(media.split(separator: "/").last ?? "bytes")
    }

    static func isJSON(_ media: String) -> Bool {
        let base = media.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? media
        return base == "application/json" || base.hasSuffix("+json")
    }

    private func mediaType(_ media: String, _ value: DocumentValue, at: Location) throws(CodegenError) {
        if media.hasPrefix("multipart/") || media == "application/x-www-form-urlencoded" {
            throw at.error("'\(media)' bodies are not supported yet")
        }
        if media.hasSuffix("/xml") || media.hasSuffix("+xml") {
            throw at.error("XML ('\(media)') is not supported: the App Plane speaks JSON")
        }
        guard value.members != nil else { throw at.error("a media type must be an object") }
        try Self.refuse(value, at: at)
        try Self.allow(value, Self.mediaTypeKeys, at: at, annotations: false)
    }

    /// The type of a JSON body: a schema (`{}` or none is any JSON); wire-wrapped scalars at the top are refused.
    private func jsonType(_ schema: DocumentValue?, at: Location) throws(CodegenError) -> TypeReference {
        guard let schema else { return .json }
        if let members = schema.members, members.allSatisfy({ Self.annotationKeys.contains($0.key) }) { return .json }
        if schema["xml"] != nil { throw at.appending("xml").error(Self.refusedOperationKeys["xml"] ?? "") }
        let (type, nullable) = try reference(schema, at: at, typeParameters: [], extraKeys: [])
        if nullable { throw at.error("a body that may be null is not supported: give it a named type") }
        if TypeSpelling.wire(type) != nil {
            throw at.error(
                "a body whose top level has a wire form of its own (bytes, timestamps, 64-bit strings) is not supported: wrap it in a named type"
            )
        }
        return type
    }

    // MARK: Shared

    /// Follows a `$ref` to the document's own `components` (one level), returning the node and where it is.
    private func component(_ node: DocumentValue, document: Document, at: Location) throws(CodegenError)
        -> (DocumentValue, Location)
    {
        guard let ref = node["$ref"] else { return (node, at) }
        guard let text = ref.string, text.hasPrefix("#/components/") else {
            throw at.appending("$ref").error(
                "only a $ref to this document's components ('#/components/...') is supported here")
        }
        var target: DocumentValue? = document.root
        let tokens = text.dropFirst(2).split(separator: "/").map { Pointer.unescape(String($0)) }
        for token in tokens { target = target?[token] }
        guard let target, target["$ref"] == nil else {
            throw at.appending("$ref").error("$ref '\(text)' points at nothing (or at another $ref)")
        }
        return (target, Location(file: document.path, pointer: String(text.dropFirst())))
    }

    /// Refuses the keywords that would change the call and are not supported.
    private static func refuse(_ node: DocumentValue, at: Location) throws(CodegenError) {
        for (key, message) in refusedOperationKeys where node[key] != nil {
            // `content` is refused on a parameter only.
            if key == "content" && node["in"] == nil { continue }
            throw at.appending(key).error(message)
        }
    }

    // MARK: Names

    /// Swift names: the operations' (unique per receiver, none of the client's own members), the
    /// parameters' (unique per operation, none of the arguments the generator adds).
    static func name(_ operations: [Operation]) -> [Operation] {
        let reserved: Set<String> = [
            "request", "get", "post", "put", "patch", "delete", "pages", "listAll", "subscribe", "serverSentEvents",
            "facet", "close", "config", "events", "client", "id", "isValid", "init",
        ]
        var takenByReceiver: [Bool: Set<String>] = [:]
        return operations.map { operation in
            var named = operation
            var taken = takenByReceiver[operation.facetScoped] ?? []
            named.swiftName = Naming.member(
                operation.operationId, taken: &taken, reserved: reserved, suffix: "Operation")
            if operation.pageItem != nil {
                // The page sequence's name must be free too.
                taken.insert(named.swiftName + "Pages")
            }
            takenByReceiver[operation.facetScoped] = taken
            var argumentNames: Set<String> = []
            let generatorArguments: Set<String> = [
                "body", "headers", "options", "requestPath", "query", "typedHeaders", "value", "answer",
            ]
            named.parameters = operation.parameters.map { parameter in
                var p = parameter
                p.swiftName = Naming.member(
                    parameter.name, taken: &argumentNames, reserved: generatorArguments, suffix: "Value")
                return p
            }
            return named
        }
    }
}
