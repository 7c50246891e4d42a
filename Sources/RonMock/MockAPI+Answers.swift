import Foundation
import RonCodegenCore

/// Which documented answer an operation gives, and which example fills it.
extension MockAPI {
    /// What the client asked for with `Prefer` (`code=404`, `example=NAME`, `dynamic=true`; several
    /// separated by `,` or `;`): see MockPrefer.swift.
    typealias Preference = MockPreference

    /// The examples that fill an answer (`items`: fixtures of a list's item type, sent as one
    /// array), or the refusal of an unknown `Prefer: example=`.
    enum ExampleChoice {
        case success([Example], items: Bool = false)
        case failure(MockResponse)
    }

    /// The documented answer of `route` to `request`, its body from a fixture or an example.
    func answer(_ request: MockRequest, route: MockRoute) -> MockResponse {
        let preference = Preference(request.header("prefer"))
        let operationId = route.operation.operationId
        let documented = route.responses(in: documents)
        let status: Int
        let response: MockDocuments.Located?
        if let code = preference.code {
            let group = "\(code / 100)XX"
            guard
                let found = documented.first(where: { $0.status == String(code) })
                    ?? documented.first(where: { $0.status.uppercased() == group })
                    ?? documented.first(where: { $0.status == "default" })
            else {
                return MockProblem.response(
                    status: 400, code: "undocumented_status",
                    message: "\(operationId) documents no \(code) answer (it documents "
                        + "\(documented.map(\.status).joined(separator: ", "))); see Prefer: code=")
            }
            (status, response) = (code, found.response)
        } else if let success = documented.first(where: { $0.status.hasPrefix("2") }) {
            (status, response) = (Int(success.status) ?? 200, success.response)
        } else if let redirect = documented.first(where: { $0.status.hasPrefix("3") }) {
            // An operation that only redirects (an OAuth authorize, a logout) answers its redirect.
            (status, response) = (Int(redirect.status) ?? 302, redirect.response)
        } else {
            let fallback = documented.first { $0.status == "default" }
            (status, response) = (fallback == nil ? 204 : 200, fallback?.response)
        }
        guard let content = response?.member("content"), let media = content.value.objectMembers?.first,
            let located = content.member(media.key)
        else {
            return MockResponse(status: status, headers: [("X-Ron-Mock-Source", "no content documented")])
        }
        let contentType = media.key.contains("*") ? "application/json" : media.key
        let chosen: [Example]
        let items: Bool
        let stream = contentType.hasPrefix("text/event-stream")
        // A success answer's fixtures are those of the type the generated call decodes (the model
        // names a type as the generator does: by title, path, `$ref`); an error's, the `$ref`'s name.
        let folder =
            (200..<300).contains(status)
            ? Self.folder(of: route.operation.result) ?? Self.folder(of: located.member("schema")?.value)
            : Self.folder(of: located.member("schema")?.value)
        switch examples(
            for: located, folder: folder, status: status, operationId: operationId, preference: preference,
            stream: stream)
        {
        case .success(let found, let asItems): (chosen, items) = (found, asItems)
        case .failure(let refusal): return refusal
        }
        guard let first = chosen.first else {
            if status >= 400, !preference.dynamic {
                // The envelope where the documented schema takes it, else made up (MockFaults+ErrorBodies).
                return fitted(
                    generatedProblem(status: status, operationId: operationId, contentType: contentType),
                    media: located, contentType: contentType)
            }
            return madeUp(status: status, contentType: contentType, media: located, stream: stream)
        }
        var headers = [("Content-Type", contentType), ("X-Ron-Mock-Source", first.source)]
        if stream {
            let events = chosen.map { "data: \($0.value.jsonText)\n\n" }.joined()
            headers[0].1 = "text/event-stream"
            return MockResponse(status: status, headers: headers, body: Data(events.utf8))
        }
        if items {
            let list = "[" + chosen.map(\.value.jsonText).joined(separator: ",") + "]"
            return MockResponse(status: status, headers: headers, body: Data(list.utf8))
        }
        if !contentType.contains("json"), let text = first.value.text {
            return MockResponse(status: status, headers: headers, body: Data(text.utf8))
        }
        return MockResponse(status: status, headers: headers, body: first.body)
    }

    /// The examples that fill an answer, in this order: `Prefer: example=NAME` (a document example,
    /// else a fixture, of that name), none for `Prefer: dynamic=true`, the fixture named after the
    /// operation (success only), the media type's `example` or first of `examples`, the fixture
    /// named after the status (errors), every fixture of a list's item type or an event stream's
    /// event type, or the first fixture of the type (success only), the schema's `example` or
    /// first of `examples`.
    private func examples(
        for media: MockDocuments.Located, folder: (name: String, list: Bool)?, status: Int, operationId: String,
        preference: Preference, stream: Bool
    ) -> ExampleChoice {
        let schema = media.member("schema")
        let ownFixtures = folder.flatMap { fixtures[$0.name] } ?? []
        let documentExamples = mediaExamples(media)
        if let name = preference.example {
            if let found = documentExamples.first(where: { $0.name == name }) { return .success([found]) }
            if let found = ownFixtures.first(where: { $0.name == name }) {
                return .success([found], items: folder?.list == true)
            }
            var known: [String] = []
            for example in documentExamples + ownFixtures where !known.contains(example.name) {
                known.append(example.name)
            }
            return .failure(
                MockProblem.response(
                    status: 400, code: "unknown_example",
                    message: "\(operationId): no example '\(name)' for its \(status) answer (known: "
                        + "\(known.isEmpty ? "none" : known.joined(separator: ", ")))"))
        }
        // `Prefer: dynamic=true`: made up from the schema, whatever examples there are.
        if preference.dynamic { return .success([]) }
        let success = (200..<300).contains(status)
        if success, let named = ownFixtures.first(where: { $0.name == operationId }) {
            return .success([named], items: folder?.list == true)
        }
        // An example its own schema refuses (`null` for a string the description never lets be null)
        // is not served: the answer is then made up from the schema, which the schema takes.
        if let first = documentExamples.first(where: { fits($0.value, media) }) { return .success([first]) }
        if !success, let named = ownFixtures.first(where: { $0.name == String(status) }) { return .success([named]) }
        if success, !ownFixtures.isEmpty {
            let every = folder?.list == true || stream
            return .success(every ? ownFixtures : [ownFixtures[0]], items: folder?.list == true)
        }
        if let schema = schema.map(documents.resolve) {
            if case .array(let items) = schema.value.member("examples") ?? .null, let item = items.first,
                fits(item, media)
            {
                return .success([Self.example("examples/0", item, at: schema.member("examples")!.origin + "/0")])
            }
            if let value = schema.value.member("example"), fits(value, media) {
                return .success([Self.example("example", value, at: schema.origin + "/example")])
            }
        }
        return .success([])
    }

    /// Whether the example `value` of a JSON media type fits the media type's schema by the letter
    /// of the description (always, for another media type or where there is no schema).
    private func fits(_ value: DocumentValue, _ media: MockDocuments.Located) -> Bool {
        guard media.pointer.split(separator: "/").last?.contains("json") == true,
            let schema = media.member("schema").map(documents.resolve)
        else { return true }
        return DescriptionSchemaValidator(documents: documents, direction: .response).validate(value, against: schema)
            .isEmpty
    }

    /// The media type's `example`, then each of its `examples` (their `value`), named by their key.
    private func mediaExamples(_ media: MockDocuments.Located) -> [Example] {
        var found: [Example] = []
        if let value = media.value.member("example") {
            found.append(Self.example("example", value, at: media.origin + "/example"))
        }
        if let examples = media.member("examples"), let members = examples.value.objectMembers {
            for member in members {
                guard let entry = examples.member(member.key).map(documents.resolve),
                    let value = entry.value.member("value")
                else { continue }
                found.append(Self.example(member.key, value, at: entry.origin + "/value"))
            }
        }
        return found
    }

    private static func example(_ name: String, _ value: DocumentValue, at source: String) -> Example {
        Example(name: name, source: source, value: value, body: Data(value.jsonText.utf8))
    }

    /// The fixtures folder of an operation's success answer in the generator's model: its type, or the
    /// item type of a list of one.
    static func folder(of result: OperationResult) -> (name: String, list: Bool)? {
        let type: TypeReference
        switch result {
        case .single(.json(let json)), .eventStream(let json): type = json
        default: return nil
        }
        switch type {
        case .named(let name, _): return (name, false)
        case .array(.named(let name, _)): return (name, true)
        default: return nil
        }
    }

    /// The fixtures folder of a response schema: the type a `$ref` names, or the item type of an
    /// array of `$ref`s (a list: every fixture of the folder is served).
    static func folder(of schema: DocumentValue?) -> (name: String, list: Bool)? {
        guard let schema else { return nil }
        if let name = MockDocuments.referencedName(schema) { return (name, false) }
        if schema.member("type")?.text == "array", let items = schema.member("items"),
            let name = MockDocuments.referencedName(items)
        {
            return (name, true)
        }
        return nil
    }

    /// An answer made up from its schema (``DescriptionValueMaker``): a success without fixture and
    /// example, `Prefer: dynamic=true`, or an error body the problem envelope does not fit. JSON, an
    /// event stream of one event, text, or bytes for any other media type. `X-Ron-Mock-Source` (and so the mock's log) says it was made up, and from what.
    func madeUp(status: Int, contentType: String, media: MockDocuments.Located, stream: Bool) -> MockResponse {
        var maker = DescriptionValueMaker(documents: documents)
        let schema = media.member("schema")
        let origin = schema.map { documents.resolve($0).origin } ?? media.origin
        let headers = [("Content-Type", contentType), ("X-Ron-Mock-Source", "made up from \(origin)")]
        let value = schema.map { maker.value($0) }
        if stream {
            let event = "data: \((value ?? .object([])).jsonText)\n\n"
            return MockResponse(
                status: status, headers: [("Content-Type", "text/event-stream"), headers[1]], body: Data(event.utf8))
        }
        // JSON text is YAML too (YAML 1.2): a YAML answer is the made-up value as JSON.
        if contentType.contains("json") || contentType.contains("yaml") && value?.text == nil {
            return MockResponse(status: status, headers: headers, body: Data((value ?? .object([])).jsonText.utf8))
        }
        if contentType.hasPrefix("text/") || contentType.contains("xml") || contentType.contains("csv") {
            // Never empty: an empty text reads as no value at all (YAML's null).
            let text = value.map { $0.text ?? $0.jsonText }.flatMap { $0.isEmpty ? nil : $0 } ?? "text"
            return MockResponse(status: status, headers: headers, body: Data(text.utf8))
        }
        // Bytes of any other media type (an image, a PDF, octets): the same 64 every time.
        return MockResponse(status: status, headers: headers, body: Data((0..<64).map { UInt8($0) }))
    }

    /// A problem envelope for a documented error answer that has no example.
    private func generatedProblem(status: Int, operationId: String, contentType: String) -> MockResponse {
        var response = MockProblem.response(
            status: status, code: MockProblem.code(for: status),
            message: "\(operationId): the documented \(status) answer (asked for with Prefer: code=\(status))",
            kind: "app", retryable: MockProblem.retryable(status), headers: [("X-Ron-Mock-Source", "generated")])
        response.headers[0] = ("Content-Type", contentType)
        return response
    }
}
