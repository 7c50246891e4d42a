/// A binary answer's stream twin (`<name>Stream`): the same call, its body as byte chunks.
extension SwiftRenderer {
    /// For a binary answer: the same call as a stream of the body's bytes, never held whole.
    func renderByteStream(_ operation: Operation, arguments: [OperationParameter], into w: inout SourceWriter) {
        w.line()
        w.line(
            "/// ``\(operation.swiftName)(\(Self.labels(operation)))`` as a stream: the answer's bytes as they arrive,"
        )
        w.line("/// read with backpressure and never held whole (see `RonClient.stream(_:maxBytes:)`).")
        w.line("///")
        w.line("/// `\(operation.method) \(operation.path)`, generated from `\(operation.origin)`.")
        var lines = arguments.map(Self.parameterLine)
        if let body = operation.requestBody {
            lines.append("body: \(body.description ?? "The request body.") (`\(body.contentType)`)")
            if body.raw { lines.append("contentType: The body's media type (`Content-Type`).") }
        }
        lines.append("maxBytes: The most body bytes to accept (`nil`: no limit).")
        lines.append("headers: Extra headers for this call; they win over every other header.")
        Self.parameterList(lines, into: &w)
        w.line("/// - Returns: The status, the headers and the body.")
        w.line("/// - Throws: The call's `RonProblem`: a non-2xx status, a transport failure, a closed client.")
        if operation.deprecated { w.line("@available(*, deprecated, message: \"deprecated in the schema\")") }
        w.block(Self.byteStreamDeclaration(operation)) { w in
            pathStatement(operation, viaClient: true, into: &w)
            queryItems(arguments, fixed: operation.fixedQuery, failure: "throw error.problem", into: &w)
            headerStatement(arguments, accept: operation.accept, failure: "throw error.problem", into: &w)
            var body = ""
            if let requestBody = operation.requestBody, requestBody.raw {
                w.line("let bodyValue: RonBodySource? = body")
                w.line("let encoded = bodyValue.map { AppRequestBody(source: $0, contentType: contentType) }")
                body = ", body: encoded"
            } else if let requestBody = operation.requestBody {
                w.line("let bodyValue: \(Self.bodyValueType(requestBody))? = body")
                let (encode, throwing) = Self.bodyEncoding(requestBody, "value")
                if throwing {
                    w.line("var encoded: AppRequestBody? = nil")
                    w.line("if let value = bodyValue { do { encoded = try \(encode) } catch { throw error.problem } }")
                } else {
                    w.line("let encoded = bodyValue.map { value in \(encode) }")
                }
                body = ", body: encoded"
            }
            let client = operation.facetScoped ? "client." : ""
            w.line(
                "return try await \(client)stream(AppRequest(method: HTTPMethod(rawValue: \(SwiftLiteral.string(operation.method))), path: requestPath, query: query, headers: headers\(body)), maxBytes: maxBytes)"
            )
        }
    }
}
