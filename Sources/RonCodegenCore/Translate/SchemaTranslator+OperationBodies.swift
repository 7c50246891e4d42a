import Foundation

/// An operation's request body and its answers, by media type.
extension SchemaTranslator {
    func body(_ node: DocumentValue?, document: Document, at: Location, types: [NamedType]) throws(CodegenError)
        -> OperationBody?
    {
        guard let node else { return nil }
        let (resolved, here) = try component(node, document: document, at: at)
        try Self.allow(Self.withoutExtensions(resolved), Self.requestBodyKeys, at: here, annotations: false)
        guard let content = resolved["content"]?.members, !content.isEmpty else {
            throw here.appending("content").error("a request body needs a media type")
        }
        for (media, value) in content {
            try mediaType(media, value, at: here.appending("content").appending(media))
        }
        // A body offered in several media types is sent in the one the generated call encodes
        // best: JSON, then a url-encoded form, then multipart, then bytes (XML last).
        let (media, value) = content.min { Self.requestRank($0.key) < Self.requestRank($1.key) }!
        let mediaAt = here.appending("content").appending(media)
        let type: TypeReference
        var multipart: MultipartForm?
        var formFields: [FormFieldEncoding] = []
        if Self.isMultipartForm(media) {
            multipart = try multipartForm(value, document: document, at: mediaAt, types: types)
            type = .json
            if multipart == nil {
                var body = OperationBody(
                    contentType: media, type: .json, required: resolved["required"] == .bool(true),
                    description: resolved["description"]?.string)
                body.freeMultipart = true
                return body
            }
        } else if Self.isForm(media) {
            type = try jsonType(value["schema"], at: mediaAt.appending("schema"))
            guard case .named = type else {
                // A form whose fields are not listed (`{}`, `additionalProperties` alone): the call
                // takes the pairs.
                var body = OperationBody(
                    contentType: media, type: .json, required: resolved["required"] == .bool(true),
                    description: resolved["description"]?.string)
                body.freeForm = true
                return body
            }
            formFields = try formEncoding(value, type: type, at: mediaAt, types: types)
        } else if Self.isJSON(media) {
            type = try jsonType(value["schema"], at: mediaAt.appending("schema"))
        } else {
            // Bytes as they are (application/octet-stream, image/png, text/csv, */*): the schema, if
            // any, describes the bytes, not a value to encode.
            var body = OperationBody(
                contentType: media, type: .bytes, required: resolved["required"] == .bool(true),
                description: resolved["description"]?.string)
            body.raw = true
            // A range (`image/*`, `*/*`) is no Content-Type: the schema's own media type is sent.
            if media.contains("*"), let named = value["schema"]?["contentMediaType"]?.string, !named.contains("*") {
                body.defaultContentType = named
            }
            return body
        }
        return OperationBody(
            contentType: media, type: type, required: resolved["required"] == .bool(true),
            description: resolved["description"]?.string, multipart: multipart, formFields: formFields)
    }

    func result(_ node: DocumentValue, document: Document, at: Location, eventStreams: Bool = true)
        throws(CodegenError) -> OperationResult
    {
        guard let entries = node.members else { throw at.error("responses must be an object") }
        var alternatives: [OperationAlternative] = []
        var stream: TypeReference?
        for (status, entry) in entries {
            let (resolved, here) = try component(entry, document: document, at: at.appending(status))
            try Self.allow(Self.withoutExtensions(resolved), Self.responseKeys, at: here, annotations: false)
            let content = try answerMedia(resolved, at: here)
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
                    if eventStreams {
                        // Without a schema, each event's data is any JSON.
                        stream = try jsonType(value["schema"], at: schemaAt)
                        continue
                    }
                    // The events as text: the bytes where they are the only answer (to stream them).
                    let payload: OperationPayload = content.count == 1 ? .bytes : .text
                    alternatives.append(
                        OperationAlternative(status: status, contentType: media, payload: payload, swiftName: ""))
                    continue
                }
                let payload: OperationPayload
                if Self.isJSON(media) {
                    payload = .json(try answerType(value["schema"], at: schemaAt))
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

    /// The media types a response's call reads, checked: XML beside another media type is left
    /// out (the call's `Accept` does not ask for it); alone, it is read as bytes.
    func answerMedia(_ response: DocumentValue, at: Location) throws(CodegenError) -> [(String, DocumentValue)] {
        var content = response["content"]?.members ?? []
        for (media, value) in content {
            try mediaType(media, value, at: at.appending("content").appending(media))
        }
        if content.contains(where: { !Self.isXML($0.key) }) {
            content.removeAll { Self.isXML($0.key) }
        }
        return content
    }

    /// Every media type an operation's answers come in, in the document's order, once each: the
    /// `Accept` its calls send (empty: none).
    func accepted(_ responses: DocumentValue, document: Document, at: Location) throws(CodegenError) -> [String] {
        var media: [String] = []
        for (status, entry) in responses.members ?? [] {
            let (resolved, here) = try component(entry, document: document, at: at.appending(status))
            for (type, _) in try answerMedia(resolved, at: here) where !media.contains(type) {
                media.append(type)
            }
        }
        return media
    }

    /// `application/json` → `json`, `text/plain` → `text`, anything else → its subtype's letters.
    static func mediaWord(_ media: String) -> String {
        if isJSON(media) { return "json" }
        if media.hasPrefix("text/") { return "text" }
        return String(media.split(separator: "/").last ?? "bytes")
    }

    /// A media type without its parameters (`text/plain; charset=utf-8` → `text/plain`).
    static func baseMedia(_ media: String) -> String {
        // Most have no parameters: the whole text, trimmed (every body and answer of every
        // operation asks, often more than once).
        guard ByteSearch.contains(media, 0x3B) else { return TrimmedText.of(media) }
        return media.split(separator: ";").first.map { TrimmedText.of($0) } ?? media
    }

    static func isJSON(_ media: String) -> Bool {
        let base = baseMedia(media)
        return base == "application/json" || base.hasSuffix("+json")
    }

    /// `application/x-www-form-urlencoded`, parameters aside.
    static func isForm(_ media: String) -> Bool {
        baseMedia(media).lowercased() == "application/x-www-form-urlencoded"
    }

    /// `multipart/form-data`, parameters aside.
    static func isMultipartForm(_ media: String) -> Bool {
        baseMedia(media).lowercased() == "multipart/form-data"
    }

    /// The order in which a request body's media types are preferred (lower first).
    static func requestRank(_ media: String) -> Int {
        if isJSON(media) { return 0 }
        if isForm(media) { return 1 }
        if isMultipartForm(media) { return 2 }
        return isXML(media) ? 4 : 3
    }

    /// `application/xml`, `text/xml` or a `+xml` type, parameters aside.
    static func isXML(_ media: String) -> Bool {
        let base = baseMedia(media).lowercased()
        return base.hasSuffix("/xml") || base.hasSuffix("+xml")
    }

    /// Checks a media type object (a `multipart/*` other than `form-data`, XML, or anything that is
    /// not JSON, a form or multipart form is bytes sent and read as they are).
    func mediaType(_ media: String, _ value: DocumentValue, at: Location) throws(CodegenError) {
        guard value.members != nil else { throw at.error("a media type must be an object") }
        try Self.allow(Self.withoutExtensions(value), Self.mediaTypeKeys, at: at, annotations: false)
    }

    /// The type of a JSON body: a schema (`{}` or none is any JSON); wire-wrapped scalars at the top are refused.
    /// The type of a 2xx JSON answer: ``jsonType(_:at:)``, as `Optional<T>` where the schema lets
    /// the whole answer be `null` (`anyOf: [T, {"type": "null"}]`, `nullable: true`, a type list
    /// with `"null"`), so the call answers `T?` and a `null` is `nil`, not a decode problem.
    func answerType(_ schema: DocumentValue?, at: Location) throws(CodegenError) -> TypeReference {
        let (type, nullable) = try jsonTypeAndNull(schema, at: at)
        return .answer(type, nullable: nullable)
    }

    /// The type of a JSON body. A body that may be `null`: the call's optional body sends none.
    func jsonType(_ schema: DocumentValue?, at: Location) throws(CodegenError) -> TypeReference {
        try jsonTypeAndNull(schema, at: at).type
    }

    private func jsonTypeAndNull(_ schema: DocumentValue?, at: Location) throws(CodegenError) -> (
        type: TypeReference, nullable: Bool
    ) {
        guard var schema else { return (.json, false) }
        // `xml` says how the value would look as XML: nothing about its JSON.
        if let members = schema.members, schema["xml"] != nil { schema = .object(members.filter { $0.key != "xml" }) }
        if let members = schema.members, members.allSatisfy({ Self.annotationKeys.contains($0.key) }) {
            return (.json, false)
        }
        let (type, nullable) = try reference(schema, at: at, typeParameters: [], extraKeys: [])
        if TypeSpelling.wire(type) != nil {
            throw at.error(
                "a body whose top level has a wire form of its own (bytes, timestamps, 64-bit strings) is not supported: wrap it in a named type"
            )
        }
        return (type, nullable)
    }
}
