/// The declarations of the generated calls, shared by the renderer and the listing
/// `ron-codegen calls` prints: one line a call (its Swift signature, HTTP route and document), a
/// type and a member, for grep.
extension SwiftRenderer {
    /// The parameters an operation's method takes (a facet call's `id` is its client's).
    static func callParameters(_ operation: Operation) -> [OperationParameter] {
        operation.parameters.filter { !(operation.facetScoped && $0.location == .path && $0.name == "id") }
    }

    /// `name: Type` for a required parameter, `name: Type? = nil` for another.
    static func argument(_ parameter: OperationParameter) -> String {
        let type = argumentType(parameter.type)
        return parameter.required ? "\(parameter.swiftName): \(type)" : "\(parameter.swiftName): \(type)? = nil"
    }

    /// The declaration of an operation's method (`public func getItem(itemId: String, headers: …) async
    /// -> sending AppResponse<Item>`), without its body.
    static func callDeclaration(_ operation: Operation) -> String {
        let name = Naming.escaped(operation.swiftName)
        guard case .eventStream(let type) = operation.result else {
            let arguments =
                callParameters(operation).map(argument) + bodyArguments(operation.requestBody)
                + uploadArguments(operation) + ["headers: [String: String] = [:]"]
            return
                "public func \(name)(\(arguments.joined(separator: ", "))) async -> sending AppResponse<\(resultType(operation))>"
        }
        let arguments =
            callParameters(operation).filter { !isLastEventId($0) }.map(argument) + bodyArguments(operation.requestBody)
            + ["lastEventId: String? = nil", "options: RonSubscriptionOptions = RonSubscriptionOptions()"]
        return
            "public func \(name)(\(arguments.joined(separator: ", "))) async throws(RonProblem) -> AsyncThrowingStream<\(TypeSpelling.swift(type)), any Error>"
    }

    /// The declaration of a list operation's `<name>Pages` method.
    static func pagesDeclaration(_ operation: Operation, item: TypeReference) -> String {
        let rest = callParameters(operation).filter { $0.name != "page_token" && $0.name != "page_size" }
        let arguments = rest.map(argument) + ["pageSize: Int? = nil", "headers: [String: String] = [:]"]
        return
            "public func \(operation.swiftName)Pages(\(arguments.joined(separator: ", "))) -> PageSequence<\(TypeSpelling.swift(item))>"
    }

    /// The declaration of a binary answer's `<name>Stream` method.
    static func byteStreamDeclaration(_ operation: Operation) -> String {
        let arguments =
            callParameters(operation).map(argument) + bodyArguments(operation.requestBody) + uploadArguments(operation)
            + ["maxBytes: Int64? = nil", "headers: [String: String] = [:]"]
        return
            "public func \(operation.swiftName)Stream(\(arguments.joined(separator: ", "))) async throws(RonProblem) -> RonStreamedResponse"
    }

    /// The declaration of a binary answer's `<name>Download` method.
    static func byteDownloadDeclaration(_ operation: Operation) -> String {
        let arguments =
            callParameters(operation).map(argument) + bodyArguments(operation.requestBody) + uploadArguments(operation)
            + [
                "to destination: URL", "options: RonDownloadOptions = RonDownloadOptions()",
                "progress: RonProgressReporter? = nil", "headers: [String: String] = [:]",
            ]
        return
            "public func \(operation.swiftName)Download(\(arguments.joined(separator: ", "))) async throws(RonProblem) -> RonDownloadResult"
    }

    /// Every generated call and type of `model`, one line each, columns separated by two spaces:
    ///
    /// - `call  RonClient.getItem(itemId: String, headers: [String: String] = [:]) async -> sending
    ///   AppResponse<Item>  GET /v1/items/{item_id}  shop.openapi.json#/paths/~1items~1{item_id}/get`
    ///   for each method of an operation (its `Pages` and `Stream` forms too): the receiver and
    ///   Swift signature, the method and the path the call reaches (the server's path and the
    ///   template), and where the operation is defined;
    /// - `credentials  RonClient.getItem  `key`, or `oauth` (read)` for an operation that declares
    ///   security: the alternatives its calls take;
    /// - `scheme  ShopSecurity.key  an API key in the header 'X-Key'  shop.openapi.json#/components/…`
    ///   for each security scheme;
    /// - `type  Item  struct  shop.schema.json#/$defs/Item` for each generated type, with its kind;
    /// - `member  Item.price: Double?  "price"` for each member (a struct's property and its wire
    ///   name, an enum's case and its value, a union's case).
    public static func callListing(_ model: SchemaModel) -> [String] {
        var lines: [String] = []
        for operation in model.operations {
            let receiver = operation.facetScoped ? "FacetClient" : "RonClient"
            let route = "\(operation.method) \(operation.serverPath)\(operation.path)  \(operation.origin)"
            var declarations = [callDeclaration(operation)]
            if let item = operation.pageItem { declarations.append(pagesDeclaration(operation, item: item)) }
            if case .single(.bytes) = operation.result {
                declarations += [byteStreamDeclaration(operation), byteDownloadDeclaration(operation)]
            }
            for declaration in declarations {
                let signature = declaration.replacingOccurrences(of: "public func ", with: "")
                lines.append("call  \(receiver).\(signature)  \(route)")
            }
            if let credentials = credentialsLine(operation) {
                let text = credentials.dropFirst("Credentials: ".count).replacingOccurrences(
                    of: " (`RonConfig.credentials`).", with: "")
                lines.append("credentials  \(receiver).\(operation.swiftName)  \(text)")
            }
        }
        for scheme in model.securitySchemes {
            lines.append(
                "scheme  \(scheme.securityTypeName).\(scheme.swiftName)  \(scheme.summary)  \(scheme.origin)")
        }
        var types = model.types
        for operation in model.operations {
            if let form = operation.requestBody?.multipart {
                lines.append("type  \(form.typeName)  multipart form  \(operation.origin)")
                for part in form.parts {
                    lines.append(
                        "member  \(form.typeName).\(part.swiftName): \(propertyType(part))  \"\(part.name)\"")
                }
            }
            if case .several(let alternatives) = operation.result {
                let name = resultType(operation)
                lines.append("type  \(name)  enum of answers  \(operation.origin)")
                for alternative in alternatives {
                    let payload = alternative.contentType.map { " \($0)" } ?? ""
                    lines.append("member  \(name).\(alternative.swiftName)  \(alternative.status)\(payload)")
                }
            }
        }
        types.sort { $0.name < $1.name }
        // A case's payload as the generated enum spells it (a date-time as `WireTimestamp`).
        let renderer = SwiftRenderer().knowing(model)
        for type in types { lines += typeLines(type, payload: renderer.payloadSpelling) }
        return lines
    }

    /// A type's line and its members' lines; `payload` spells an enum case's payload.
    static func typeLines(
        _ type: NamedType, payload spelling: (TypeReference) -> String = TypeSpelling.payload
    ) -> [String] {
        let name = type.name
        func line(_ kind: String) -> String { "type  \(name)  \(kind)  \(type.origin)" }
        switch type.shape {
        case .structure(_, let fields):
            return [line("struct")]
                + fields.map { field in
                    let swiftType = TypeSpelling.swift(field.type) + (field.isOptional ? "?" : "")
                    let wire = field.isMember ? "  \"\(field.wireName)\"" : ""
                    return "member  \(name).\(field.swiftName): \(swiftType)\(wire)"
                }
        case .stringEnum(let cases):
            return [line("enum")] + cases.map { "member  \(name).\($0.swiftName)  \"\($0.wireValue)\"" }
        case .taggedUnion(let discriminator, let variants):
            return [line("enum (by \"\(discriminator)\")")]
                + variants.map { "member  \(name).\($0.swiftName)(\($0.payload))  \"\($0.tag)\"" }
        case .externallyTagged(let variants), .adjacentlyTagged(_, _, let variants):
            return [line("enum")]
                + variants.map { variant in
                    let payload = variant.payload.map { "(\(spelling($0)))" } ?? ""
                    return "member  \(name).\(variant.swiftName)\(payload)  \"\(variant.tag)\""
                }
        case .untagged(let variants):
            return [line("enum (untagged)")]
                + variants.map { variant in
                    "member  \(name).\(variant.swiftName)\(variant.payload.map { "(\(spelling($0)))" } ?? "")"
                }
        case .tuple(let elements):
            let spelled = elements.map { TypeSpelling.swift($0.type) + ($0.nullable ? "?" : "") }
            return [line("tuple (\(spelled.joined(separator: ", ")))")]
        case .patternString(let pattern): return [line("string matching \(pattern)")]
        case .unit: return [line("unit")]
        case .alias(let target): return [line("typealias of \(TypeSpelling.swift(target))")]
        case .newtype(let target): return [line("wrapper of \(TypeSpelling.swift(target))")]
        }
    }
}
