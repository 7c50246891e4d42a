import Foundation
import RonCodegenCore

/// Requests against the schema: parameters (presence, type, enum, range, length, pattern, then
/// the letter of their schema: `format`, ...), the JSON body and a url-encoded form
/// (MockAPI+Form.swift; the letter of its schema, as ``DescriptionSchemaValidator`` and
/// openapi-core read it, worded as `ron-codegen verify` words what it finds). A refusal is 400,
/// or 422 where the operation documents 422 and no 400.
extension MockAPI {
    /// The value of the cookie `name` in a `Cookie` header (`a=1; b=2`), as sent.
    static func cookie(_ name: String, in header: String?) -> String? {
        for pair in (header ?? "").split(separator: ";") {
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
            return String(trimmed[trimmed.index(after: equals)...])
        }
        return nil
    }

    /// The refusal of `request`, or `nil` when it fits the operation of `route`.
    func validate(_ request: MockRequest, route: MockRoute, pathValues: [String: String]) -> MockResponse? {
        let operation = route.operation
        var findings: [MockProblem.Finding] = []
        let query = request.queryItems
        // A structured query value (an object, a union, a styled array) is not read back here.
        for parameter in operation.parameters where parameter.queryStyle == nil {
            let location = "\(parameter.location.rawValue) parameter '\(parameter.name)'"
            let values: [String]
            // Sent, even when it holds no element (`kinds=`: the empty array).
            var sentEmpty = false
            switch parameter.location {
            case .path, .header:
                let sent =
                    parameter.location == .path
                    ? pathValues[parameter.name] : request.header(parameter.name)
                if case .array = parameter.type {
                    // Style simple: one comma-separated value.
                    values = sent.map { $0.split(separator: ",").map(String.init) } ?? []
                } else {
                    values = sent.map { [$0] } ?? []
                }
            case .cookie:
                // One pair of the `Cookie` header; an array's elements joined by commas.
                let sent = Self.cookie(parameter.name, in: request.header("cookie"))
                if case .array = parameter.type {
                    values =
                        sent.map { $0.split(separator: ",").compactMap { String($0).removingPercentEncoding } } ?? []
                } else {
                    values = sent.flatMap { $0.removingPercentEncoding }.map { [$0] } ?? []
                }
            case .query:
                let sent = query.filter { $0.name == parameter.name }.map(\.value)
                if case .array = parameter.type, !parameter.explode {
                    // `models=`: an empty array, no element.
                    values = sent.flatMap {
                        $0.isEmpty ? [] : $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    }
                    sentEmpty = !sent.isEmpty
                } else {
                    values = sent
                }
            }
            guard !values.isEmpty else {
                if parameter.required, !sentEmpty {
                    findings.append(.init(location: location, message: "required, and missing"))
                }
                continue
            }
            let schema = route.parameterNode(parameter.name, in: parameter.location.rawValue, documents: documents)?
                .member("schema").map(documents.resolve)
            var elementType = parameter.type
            var elementSchema = schema
            if case .array(let element) = parameter.type {
                elementType = element
                elementSchema = schema?.member("items").map(documents.resolve)
            } else if values.count > 1 {
                findings.append(.init(location: location, message: "sent \(values.count) times, expected once"))
                continue
            }
            for value in values {
                // `null` where the schema allows null (`anyOf` of a type and `null`, `nullable`).
                if value == "null", let elementSchema,
                    DescriptionSchemaValidator(documents: documents, direction: .request)
                        .validate(.null, against: elementSchema).isEmpty
                {
                    continue
                }
                if let message = problem(of: value, as: elementType, schema: elementSchema?.value)
                    ?? letterProblem(of: value, schema: elementSchema)
                {
                    findings.append(.init(location: location, message: message))
                }
            }
        }
        if let body = operation.requestBody {
            switch checkBody(request, body, route: route) {
            case .fits: break
            case .findings(let found): findings += found
            case .refused(let response): return response
            }
        }
        guard !findings.isEmpty else { return nil }
        var refusal = MockProblem.invalid(findings, operationId: operation.operationId)
        refusal.status = refusalStatus(of: route)
        return refusal
    }

    /// The status of a refused request: 400, unless the operation documents no 400 (neither
    /// itself, nor through `4XX`, nor `default` beside a success) but documents 422, as a FastAPI
    /// server does: then 422, so the refusal is one its description documents.
    func refusalStatus(of route: MockRoute) -> Int {
        if documentedResponse(of: route, status: 400, ownError: true) != nil { return 400 }
        return route.responses(in: documents).contains { $0.status == "422" } ? 422 : 400
    }

    /// What the letter of the parameter's `schema` (its `format`, its `enum`, ...) refuses in the
    /// text `value`, read as the schema's type (a number, a boolean, else a string), or `nil`.
    private func letterProblem(of value: String, schema: MockDocuments.Located?) -> String? {
        guard let schema else { return nil }
        let problems = DescriptionSchemaValidator(documents: documents, direction: .request)
            .validate(typedValue(of: value, schema: schema), against: schema)
        return problems.first.map { "expected \($0.expected)" }
    }

    /// The text of a parameter or a form field read as its schema's type: a number where it
    /// takes a number or an integer and the text is one, `true`/`false` where it takes a boolean,
    /// else the string. The schema's `type`, else what its keywords and `allOf` parts imply, and
    /// the types of its `anyOf` and `oneOf` alternatives (`anyOf: [boolean, null]` takes `true`).
    func typedValue(of value: String, schema: MockDocuments.Located) -> DocumentValue {
        var types: [String] =
            switch schema.value.member("type") {
            case .string(let name)?: [name]
            case .array(let names)?: names.compactMap(\.text)
            default: []
            }
        let kinds = MockStateSchemas(documents: documents)
        if types.isEmpty { types = [kinds.kind(of: schema)] }
        for combinator in ["anyOf", "oneOf"] {
            guard let list = schema.member(combinator), case .array(let items) = list.value else { continue }
            types += items.indices.compactMap { list.element($0).map { kinds.kind(of: $0) } }
        }
        let numeric = !value.isEmpty && value.allSatisfy { "0123456789+-.eE".contains($0) }
        if types.contains(where: { $0 == "number" || $0 == "integer" }), numeric, Double(value) != nil {
            return .number(value)
        }
        if types.contains("boolean"), value == "true" || value == "false" { return .bool(value == "true") }
        return .string(value)
    }

    /// The schema of the request body of `route` for `contentType`, its `$ref` followed.
    func bodySchema(of route: MockRoute, contentType: String) -> MockDocuments.Located? {
        bodyMedia(of: route, contentType: contentType)?.member("schema").map(documents.resolve)
    }

    /// The media type object of the request body of `route` for `contentType`.
    func bodyMedia(of route: MockRoute, contentType: String) -> MockDocuments.Located? {
        guard let requestBody = route.node.flatMap({ documents.resolve($0).member("requestBody") }),
            let content = documents.resolve(requestBody).member("content")
        else { return nil }
        return content.member(contentType)
            ?? content.value.objectMembers?.first(where: { $0.key.lowercased() == contentType.lowercased() })
            .flatMap({ content.member($0.key) })
    }

    private enum BodyVerdict {
        case fits
        case findings([MockProblem.Finding])
        case refused(MockResponse)
    }

    private func checkBody(_ request: MockRequest, _ body: OperationBody, route: MockRoute) -> BodyVerdict {
        let expected = body.contentType.lowercased()
        // An empty body sent with a media type whose schema is a string (an empty file) is a body;
        // an empty form or JSON body is none.
        let emptyFile =
            request.header("content-type") != nil && !expected.contains("json") && body.multipart == nil
            && bodySchema(of: route, contentType: body.contentType)?.value.member("type")?.text == "string"
        let sent = request.header("content-type")?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        // An empty body sent as a url-encoded form is the empty form (the same bytes), judged as
        // such: its required fields are missing. Without a Content-Type it is no body.
        if request.body.isEmpty, !body.required, expected == Self.formMediaType, sent == expected {
            let found = formFindings(request, route: route, contentType: body.contentType)
            return found.isEmpty ? .fits : .findings(found)
        }
        guard !request.body.isEmpty || emptyFile else {
            return body.required
                ? .findings([.init(location: "body", message: "required (\(body.contentType)), and missing")])
                : .fits
        }
        if let sent, sent != expected, !(expected.hasSuffix("/*") && sent.hasPrefix(expected.dropLast())) {
            // Another media type the operation documents (a form beside JSON) is taken, not parsed.
            // A url-encoded form is read and judged by its own schema.
            if bodySchema(of: route, contentType: sent) != nil {
                guard sent == Self.formMediaType else { return .fits }
                let found = formFindings(request, route: route, contentType: sent)
                return found.isEmpty ? .fits : .findings(found)
            }
            return .refused(
                MockProblem.response(
                    status: 415, code: "unsupported_media_type",
                    message: "the body is \(sent); the operation takes \(body.contentType)"))
        }
        if let form = body.multipart {
            let found = multipartFindings(request, form, schema: bodySchema(of: route, contentType: body.contentType))
            return found.isEmpty ? .fits : .findings(found)
        }
        if expected == Self.formMediaType {
            let found = formFindings(request, route: route, contentType: body.contentType)
            return found.isEmpty ? .fits : .findings(found)
        }
        guard expected == "application/json" || expected.hasSuffix("+json") else { return .fits }
        let value: DocumentValue
        do {
            value = try SchemaDocumentReader.parse(request.body, path: "body.json")
        } catch {
            return .findings([.init(location: "body", message: "not JSON: \(error.message)")])
        }
        let problems = validator.problems(of: value, asType: body.type)
        // The verdict is the letter of the description's schema, where the body has one: what it
        // allows is taken (`1.0` for an integer, a member a generated type would not read), what it
        // refuses is refused (a value outside an `enum`, `null` where not allowed, a `format`).
        if let schema = bodySchema(of: route, contentType: body.contentType) {
            let letter = DescriptionSchemaValidator(documents: documents, direction: .request)
                .validate(value, against: schema)
            if letter.isEmpty { return .fits }
            if problems.isEmpty {
                return .findings(
                    letter.map { problem in
                        .init(
                            location: problem.pointer.isEmpty ? "body" : "body at \(problem.pointer)",
                            message: "expected \(problem.expected)")
                    })
            }
        }
        return problems.isEmpty
            ? .fits
            : .findings(
                problems.map { problem in
                    .init(
                        location: problem.pointer.isEmpty ? "body" : "body at \(problem.pointer)",
                        message: problem.message)
                })
    }

    /// What is wrong with the parameter text `value` read as `type` under the constraints of its
    /// schema (`enum`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`,
    /// `maxLength`, `pattern`), or `nil`.
    private func problem(of text: String, as type: TypeReference, schema: DocumentValue?) -> String? {
        // `7048.0` is an integer in JSON Schema: read as `7048`.
        var value = text
        if schema?.member("type")?.text == "integer", Int64(text) == nil, let number = Double(text),
            number == number.rounded(), abs(number) < 9.0e15
        {
            value = String(Int64(number))
        }
        if let message = typeProblem(of: value, as: type) { return message }
        guard let schema else { return nil }
        if case .array(let allowed) = schema.member("enum") ?? .null {
            let texts = allowed.map { $0.text ?? $0.jsonText }
            if !texts.contains(value) {
                return "expected one of \(texts.joined(separator: ", ")), got '\(value)'"
            }
        }
        if let number = Double(value) {
            if let minimum = schema.member("minimum")?.numberValue, number < minimum {
                return "\(value) is below the minimum \(schema.member("minimum")!.jsonText)"
            }
            if let maximum = schema.member("maximum")?.numberValue, number > maximum {
                return "\(value) is above the maximum \(schema.member("maximum")!.jsonText)"
            }
            if let bound = schema.member("exclusiveMinimum")?.numberValue, number <= bound {
                return "\(value) is not above the exclusive minimum \(schema.member("exclusiveMinimum")!.jsonText)"
            }
            if let bound = schema.member("exclusiveMaximum")?.numberValue, number >= bound {
                return "\(value) is not below the exclusive maximum \(schema.member("exclusiveMaximum")!.jsonText)"
            }
        }
        if let minimum = schema.member("minLength")?.numberValue, Double(value.count) < minimum {
            return "'\(value)' is shorter than minLength \(Int(minimum))"
        }
        if let maximum = schema.member("maxLength")?.numberValue, Double(value.count) > maximum {
            return "'\(value)' is longer than maxLength \(Int(maximum))"
        }
        if let pattern = schema.member("pattern")?.text, value.range(of: pattern, options: .regularExpression) == nil {
            return "'\(value)' does not match the pattern \(pattern)"
        }
        return nil
    }

    private func typeProblem(of value: String, as type: TypeReference) -> String? {
        func expect(_ words: String) -> String { "expected \(words), got '\(value)'" }
        switch type {
        case .bool: return value == "true" || value == "false" ? nil : expect("true or false")
        case .double, .float, .decimal: return Double(value) != nil ? nil : expect("a number")
        case .int8: return Int8(value) != nil ? nil : expect(Self.integerWords("an Int8", Int8.min, Int8.max))
        case .int16: return Int16(value) != nil ? nil : expect(Self.integerWords("an Int16", Int16.min, Int16.max))
        case .int32: return Int32(value) != nil ? nil : expect(Self.integerWords("an Int32", Int32.min, Int32.max))
        case .uint8: return UInt8(value) != nil ? nil : expect(Self.integerWords("a UInt8", UInt8.min, UInt8.max))
        case .uint16: return UInt16(value) != nil ? nil : expect(Self.integerWords("a UInt16", UInt16.min, UInt16.max))
        case .uint32: return UInt32(value) != nil ? nil : expect(Self.integerWords("a UInt32", UInt32.min, UInt32.max))
        case .uint, .uint64:
            return UInt64(value) != nil ? nil : expect(Self.integerWords("a UInt64", UInt64.min, UInt64.max))
        case .int, .int64:
            return Int64(value) != nil ? nil : expect(Self.integerWords("an Int64", Int64.min, Int64.max))
        case .bigInteger:
            let digits = value.drop { $0 == "-" }
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } ? nil : expect("an integer")
        case .timestamp:
            let pattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#
            return value.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
                ? nil : expect("an RFC 3339 date-time")
        case .named(let name, _):
            switch types[name]?.shape {
            case .stringEnum(let cases):
                let values = cases.map(\.wireValue)
                return values.contains(value)
                    ? nil : expect("one of \(values.joined(separator: ", ")) (a value of \(name))")
            case .patternString(let pattern):
                return value.range(of: pattern, options: .regularExpression) != nil
                    ? nil : expect("a string matching \(pattern)")
            case .alias(let target), .newtype(let target): return typeProblem(of: value, as: target)
            default: return nil
            }
        default: return nil
        }
    }

    private static func integerWords<T: FixedWidthInteger>(_ name: String, _ minimum: T, _ maximum: T) -> String {
        "\(name) (a whole number from \(minimum) to \(maximum))"
    }
}
