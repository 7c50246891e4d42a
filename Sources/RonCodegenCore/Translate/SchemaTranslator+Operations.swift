import Foundation

/// Pass 3: the `paths` of OpenAPI 3.1 documents become ``Operation``s.
///
/// Path, query and header parameters (scalars, arrays; objects and unions in the query), request
/// bodies of every media type, answers of JSON, text, bytes or server-sent events, `$ref`s to the
/// document's own `components` (`parameters`, `requestBodies`, `responses`). What describes no
/// part of the client's call (callbacks, links, `xml` annotations, `x-` extensions) is left aside;
/// what would change it and cannot be sent (cookie parameters) is refused with the file and JSON
/// pointer.
extension SchemaTranslator {
    static let httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    static let pathItemKeys: Set<String> = Set(httpMethods).union([
        "parameters", "summary", "description", "servers",
    ])
    static let operationKeys: Set<String> = [
        "operationId", "tags", "summary", "description", "deprecated", "parameters", "requestBody", "responses",
        "security", "servers", "externalDocs", "callbacks",
    ]
    static let parameterKeys: Set<String> = [
        "name", "in", "description", "required", "deprecated", "schema", "style", "explode", "example", "examples",
        "allowEmptyValue", "allowReserved", "content", "x-ron-path-tail",
    ]
    static let responseKeys: Set<String> = ["description", "content", "headers", "links"]
    static let mediaTypeKeys: Set<String> = ["schema", "example", "examples", "encoding"]
    static let requestBodyKeys: Set<String> = ["description", "content", "required"]

    /// The operations of every OpenAPI document, with names unique per receiver.
    ///
    /// One place that cannot be read never stops the rest: a defect the vendor's servers live with
    /// is sent in the nearest form that works, and an operation that cannot be generated at all is
    /// left out; each with a warning (``warnings``) naming the place and what was done.
    func operations(
        _ documents: [Document], types: [NamedType], schemes: [SecurityScheme] = []
    ) throws(CodegenError) -> [Operation] {
        // The path items, in document order, each with the server path of its document. A
        // document's own warnings (its `servers`) are noted before those of its path items.
        var items: [(document: Document, template: String, item: DocumentValue, at: Location, server: String)] = []
        var leading: [[CodegenError]] = []
        var pending: [CodegenError] = []
        for document in documents where document.root["openapi"] != nil {
            guard let paths = document.root["paths"] else { continue }
            let at = Location(file: document.path, pointer: "/paths")
            guard let entries = paths.members else { throw at.error("paths must be an object") }
            let reader = withOwnWarnings()
            let server =
                reader.serverPath(document.root["servers"], at: Location(file: document.path, pointer: "/servers"))
                ?? Self.appPlaneServerPath
            pending += reader.warnings.notes
            for (template, item) in entries where !template.hasPrefix("x-") {
                items.append((document, template, item, at.appending(template), server))
                leading.append(pending)
                pending = []
            }
        }
        // Each path item on its own (they share nothing but what they read), on every core; its
        // warnings kept apart and noted in document order after.
        let shared = ReadOnlyShare(value: self)
        let pathItems = items
        let translated = ConcurrentWork.map(items.count) { index in
            let translator = shared.value.withOwnWarnings()
            let entry = pathItems[index]
            return (
                translator.pathItemOperations(entry, types: types, schemes: schemes), translator.warnings.notes
            )
        }
        var result: [Operation] = []
        for (index, (operations, notes)) in translated.enumerated() {
            warnings.append(leading[index])
            warnings.append(notes)
            result += operations
        }
        warnings.append(pending)
        var seen: [String: Origin] = [:]
        var takenIds = Set(result.map(\.operationId))
        for index in result.indices {
            let operation = result[index]
            if let earlier = seen[operation.operationId] {
                // Two operations of one id: the later one is called by another name.
                let renamed = Self.unique(operation.operationId, taken: &takenIds)
                warnings.note(
                    Location(file: operation.origin.file, pointer: operation.origin.pointer + "/operationId"),
                    "operationId '\(operation.operationId)' is already used at \(earlier): this operation is generated as '\(renamed)'"
                )
                result[index].operationId = renamed
            }
            seen[result[index].operationId] = operation.origin
        }
        var named = Self.name(result)
        // A several-answer enum must not take the name of a schema type (or of another such enum).
        var takenTypes = Set(definitions.keys).union(Naming.reservedTypeNames).union([
            "RonOperationCatalog", "RonOperationInfo", "RonClient", "FacetClient", "AppResponse", "NoContent",
            "RonPath",
        ]).union(schemes.flatMap { [$0.securityTypeName, $0.credentialsTypeName] })
        for index in named.indices {
            guard case .several = named[index].result else { continue }
            named[index].resultTypeName = Self.unique(
                Naming.typeName(named[index].operationId) + "Response", taken: &takenTypes)
        }
        // A multipart body's form type, likewise.
        for index in named.indices {
            guard var body = named[index].requestBody, var form = body.multipart else { continue }
            let name = Self.unique(Naming.typeName(named[index].operationId) + "Form", taken: &takenTypes)
            form.typeName = name
            body.multipart = form
            body.type = .named(name, arguments: [])
            named[index].requestBody = body
        }
        return named
    }

    /// The operations of one path item of ``operations(_:types:schemes:)``, with their server paths,
    /// security requirements and facet scoping.
    private func pathItemOperations(
        _ entry: (document: Document, template: String, item: DocumentValue, at: Location, server: String),
        types: [NamedType], schemes: [SecurityScheme]
    ) -> [Operation] {
        let (document, template, item, here, server) = entry
        let itemServer = serverPath(item["servers"], at: here.appending("servers")) ?? server
        var result: [Operation] = []
        for var operation in pathItem(template, item, document: document, at: here, types: types) {
            let method = operation.method.lowercased()
            operation.serverPath =
                serverPath(item[method]?["servers"], at: here.appending(method).appending("servers"))
                ?? itemServer
            if let own = item[method]?["security"] {
                operation.security = requirements(
                    own, schemes: schemes, file: document.path,
                    at: here.appending(method).appending("security"))
            } else {
                operation.security = requirements(
                    document.root["security"], schemes: schemes, file: document.path,
                    at: Location(file: document.path, pointer: "/security"))
            }
            // Facets are App Plane routes: below another server path, `/facets/{id}` is a path like any.
            if operation.serverPath != Self.appPlaneServerPath { operation.facetScoped = false }
            result.append(operation)
        }
        return result
    }

    /// `node` without its specification extensions (`x-*` members), which OpenAPI allows on paths,
    /// path items and operations and which say nothing to the generated calls.
    static func withoutExtensions(_ node: DocumentValue) -> DocumentValue {
        guard let members = node.members else { return node }
        return .object(members.filter { !$0.key.hasPrefix("x-") || $0.key.hasPrefix("x-ron-") })
    }

    /// The operations of a path item; one that cannot be generated is left out with a warning.
    func pathItem(
        _ template: String, _ item: DocumentValue, document: Document, at: Location, types: [NamedType]
    ) -> [Operation] {
        var template = template
        if !template.hasPrefix("/") {
            warnings.note(at, "a path must start with '/': read as '/\(template)'")
            template = "/" + template
        }
        guard item.members != nil else {
            warnings.note(at, "a path item must be an object: its operations are not generated")
            return []
        }
        allowLeniently(Self.withoutExtensions(item), Self.pathItemKeys, at: at)
        let shared = parameterList(item["parameters"], document: document, at: at.appending("parameters"))
        var result: [Operation] = []
        for method in Self.httpMethods {
            guard let node = item[method] else { continue }
            let here = at.appending(method)
            do throws(CodegenError) {
                guard node.members != nil else { throw here.error("an operation must be an object") }
                allowLeniently(Self.withoutExtensions(node), Self.operationKeys, at: here)
                var parameters = shared
                for parameter in parameterList(
                    node["parameters"], document: document, at: here.appending("parameters"))
                {
                    parameters.removeAll {
                        $0.parameter.name == parameter.parameter.name
                            && $0.parameter.location == parameter.parameter.location
                    }
                    parameters.append(parameter)
                }
                // A query in the path's key (`/responses?beta=true`, which some descriptions use to tell
                // two variants of a route apart) is sent with every call.
                let pieces = template.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
                var made = try operation(
                    method: method, template: String(pieces[0]), node: node, parameters: parameters,
                    document: document, at: here, types: types)
                if pieces.count > 1, !pieces[1].isEmpty { made.fixedQuery = String(pieces[1]) }
                result.append(made)
            } catch {
                warnings.note(error, done: "the operation \(method.uppercased()) \(template) is not generated")
            }
        }
        return result
    }

    /// Notes each member of `node` that `keys` does not list as ignored (an unknown word of an
    /// operation or path item describes nothing the call can send).
    func allowLeniently(_ node: DocumentValue, _ keys: Set<String>, at: Location) {
        for (key, _) in node.members ?? [] where !keys.contains(key) {
            warnings.note(at.appending(key), "unknown keyword '\(key)' here: ignored")
        }
    }

    func operation(
        method: String, template: String, node: DocumentValue,
        parameters found: [(parameter: OperationParameter, location: Location)], document: Document,
        at: Location, types: [NamedType]
    ) throws(CodegenError) -> Operation {
        // The template's `{names}`, each a path parameter (and the reverse): a whole segment, or
        // a piece of one (`{sid}.json`, `thumbnail.{extension}`), the segment then sent as one.
        let segments = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        var templateNames: [String] = []
        var wholeSegments: Set<String> = []
        for segment in segments where segment.contains("{") || segment.contains("}") {
            var rest = Substring(segment)
            while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}"),
                    rest.distance(from: open, to: close) > 1,
                    !rest[rest.index(after: open)..<close].contains("{")
                else {
                    throw at.error("'\(segment)' is not a path segment with {name}s in it")
                }
                templateNames.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.dropFirst().firstIndex(of: "{") == nil {
                wholeSegments.insert(String(segment.dropFirst().dropLast()))
            }
        }
        var pathParameters: [OperationParameter] = []
        for (index, name) in templateNames.enumerated() where templateNames[..<index].contains(name) {
            warnings.note(at, "the path has '{\(name)}' twice: one argument '\(name)' fills both places")
        }
        var unique: [String] = []
        for name in templateNames where !unique.contains(name) { unique.append(name) }
        templateNames = unique
        for name in templateNames {
            guard let found = found.first(where: { $0.parameter.location == .path && $0.parameter.name == name }) else {
                warnings.note(
                    at,
                    "the path has '{\(name)}' but no path parameter '\(name)' is listed: it is a required String argument"
                )
                pathParameters.append(
                    OperationParameter(
                        name: name, swiftName: "", location: .path, type: .string, required: true, explode: false,
                        pathTail: false, description: nil, example: nil,
                        origin: Origin(file: at.file, pointer: at.pointer)))
                continue
            }
            if found.parameter.pathTail && (name != templateNames.last || !wholeSegments.contains(name)) {
                throw found.location.appending("x-ron-path-tail").error(
                    "only the last path parameter, a whole segment, may span several segments")
            }
            pathParameters.append(found.parameter)
        }
        for (parameter, location) in found where parameter.location == .path && !templateNames.contains(parameter.name)
        {
            warnings.note(location, "path parameter '\(parameter.name)' is not in the path '\(template)': left out")
        }
        let facetScoped = templateNames.first == "id" && template.hasPrefix("/facets/{id}")
        let others = found.map(\.parameter).filter { $0.location != .path }

        let requestBody = try body(
            node["requestBody"], document: document, at: at.appending("requestBody"), types: types)
        // OpenAPI 3.1 makes `responses` optional: without it, nothing is known of the answer.
        let responses = node["responses"] ?? .object([("default", .object([("description", .string(""))]))])
        // A subscription is a GET with no body and no header but Last-Event-ID (it sends the
        // client's headers); elsewhere (an LLM's POST that streams its answer) the event stream is
        // an answer read as text, or as a byte stream where it is the only one.
        let subscribes =
            method == "get" && requestBody == nil
            && !others.contains { $0.location == .header && $0.name.lowercased() != "last-event-id" }
        let result = try self.result(
            responses, document: document, at: at.appending("responses"), eventStreams: subscribes)

        var tags: [String] = []
        if let list = node["tags"] {
            if case .array(let items) = list, items.allSatisfy({ $0.string != nil }) {
                tags = items.compactMap(\.string)
            } else {
                warnings.note(at.appending("tags"), "tags must be a list of strings: ignored")
            }
        }
        let operationId: String
        if let text = node["operationId"]?.string, !Naming.lowerCamel(text).isEmpty {
            operationId = text
        } else {
            if node["operationId"] != nil {
                warnings.note(
                    at.appending("operationId"),
                    "operationId must be a string with a letter or digit: the name is made of the method and path")
            }
            operationId = Naming.lowerCamel(
                ([method]
                    + template.split(separator: "/").map { segment in
                        segment.hasPrefix("{") ? "by " + segment.dropFirst().dropLast() : String(segment)
                    }).joined(separator: " "))
        }
        var deprecated = false
        if let flag = node["deprecated"] {
            if case .bool(let value) = flag {
                deprecated = value
            } else {
                warnings.note(at.appending("deprecated"), "deprecated must be true or false: read as false")
            }
        }
        var operation = Operation(
            operationId: operationId, swiftName: "", method: method.uppercased(), path: template,
            origin: Origin(file: at.file, pointer: at.pointer), summary: node["summary"]?.string,
            description: node["description"]?.string, tags: tags, deprecated: deprecated,
            parameters: pathParameters + others, requestBody: requestBody, result: result,
            facetScoped: facetScoped, pageItem: pageItem(result, parameters: others, types: types))
        operation.accept = try accepted(responses, document: document, at: at.appending("responses"))
        return operation
    }

    /// A list operation: a `page_token` query parameter and a `Page<T>` answer (directly or through an alias).
    func pageItem(_ result: OperationResult, parameters: [OperationParameter], types: [NamedType])
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

    // MARK: Shared

    /// Follows a `$ref` to a place of the document (its `components`, where the assembly put what
    /// other files hold), through `$ref`s that name other `$ref`s, returning the node and where it is.
    func component(_ node: DocumentValue, document: Document, at: Location) throws(CodegenError)
        -> (DocumentValue, Location)
    {
        var current = (node, at)
        for _ in 0..<16 {
            guard let ref = current.0["$ref"] else { return current }
            let here = current.1.appending("$ref")
            guard let text = ref.string, text.hasPrefix("#/") else {
                throw here.error("$ref '\(ref.string ?? "?")' names nothing in the schema folder")
            }
            var target: DocumentValue? = document.root
            let tokens = text.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
                Pointer.unescape(String($0).removingPercentEncoding ?? String($0))
            }
            for token in tokens {
                if let items = target?.arrayValue, let offset = Int(token) {
                    target = items.indices.contains(offset) ? items[offset] : nil
                } else {
                    target = target?[token]
                }
            }
            guard let target else { throw here.error("$ref '\(text)' points at nothing") }
            current = (target, Location(file: document.path, pointer: String(text.dropFirst())))
        }
        throw at.appending("$ref").error("$ref leads through 16 others")
    }
}
