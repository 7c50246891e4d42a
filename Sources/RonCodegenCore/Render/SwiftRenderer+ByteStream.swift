/// A binary answer's twins: `<name>Stream` (the same call, its body as byte chunks) and
/// `<name>Download` (the same call, its body written to a file, with progress and resume).
extension SwiftRenderer {
    /// For a binary answer: the same call as a stream of the body's bytes, never held whole.
    func renderByteStream(_ operation: Operation, arguments: [OperationParameter], into w: inout SourceWriter) {
        w.line()
        w.line(
            "/// ``\(operation.swiftName)(\(Self.labels(operation)))`` as a stream: the answer's bytes as they arrive,"
        )
        w.line("/// read with backpressure and never held whole (see `RonClient.stream(_:maxBytes:)`).")
        twinDocumentation(
            operation, arguments: arguments, extra: ["maxBytes: The most body bytes to accept (`nil`: no limit)."],
            returns: "The status, the headers and the body.", into: &w)
        w.block(Self.byteStreamDeclaration(operation)) { w in
            twinRequest(operation, arguments: arguments, into: &w)
            let client = operation.facetScoped ? "client." : ""
            w.line("return try await \(client)stream(call, maxBytes: maxBytes)")
        }
    }

    /// For a binary answer: the same call with its body written to a file (see
    /// `RonClient.download(_:to:options:progress:)`).
    func renderByteDownload(_ operation: Operation, arguments: [OperationParameter], into w: inout SourceWriter) {
        w.line()
        w.line(
            "/// ``\(operation.swiftName)(\(Self.labels(operation)))`` into a file: the answer's bytes written as they"
        )
        w.line("/// arrive, with progress, and resumed after a failure with `RonDownloadOptions(resumable: true)`")
        w.line("/// (see `RonClient.download(_:to:options:progress:)`).")
        twinDocumentation(
            operation, arguments: arguments,
            extra: [
                "destination: A file URL; its folder must exist.",
                "options: Resuming, replacing an existing file, a size cap.",
                "progress: Told the bytes so far after every chunk, and `finish()` at the end.",
            ], returns: "Where the file is, its length and what was checked.", into: &w)
        w.block(Self.byteDownloadDeclaration(operation)) { w in
            twinRequest(operation, arguments: arguments, into: &w)
            let client = operation.facetScoped ? "client." : ""
            w.line("return try await \(client)download(call, to: destination, options: options, progress: progress)")
        }
    }

    private func twinDocumentation(
        _ operation: Operation, arguments: [OperationParameter], extra: [String], returns: String,
        into w: inout SourceWriter
    ) {
        w.line("///")
        w.line("/// `\(operation.method) \(operation.path)`, generated from `\(operation.origin)`.")
        var lines = arguments.map(Self.parameterLine)
        if let body = operation.requestBody {
            lines.append("body: \(body.description ?? "The request body.") (`\(body.contentType)`)")
            if body.raw { lines.append("contentType: The body's media type (`Content-Type`).") }
            if Self.takesUploadProgress(operation) { lines.append(Self.uploadProgressLine) }
        }
        lines += extra
        lines.append("headers: Extra headers for this call; they win over every other header.")
        Self.parameterList(lines, into: &w)
        w.line("/// - Returns: \(returns)")
        w.line("/// - Throws: The call's `RonProblem`: a non-2xx status, a transport failure, a closed client.")
        if operation.deprecated { w.line("@available(*, deprecated, message: \"deprecated in the schema\")") }
    }

    /// The statements that make the twin's request, `call`, as the call itself makes it.
    private func twinRequest(_ operation: Operation, arguments: [OperationParameter], into w: inout SourceWriter) {
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
        let progress = Self.takesUploadProgress(operation) || operation.security != nil
        w.line(
            "\(progress ? "var" : "let") call = AppRequest(method: HTTPMethod(rawValue: \(SwiftLiteral.string(operation.method))), path: requestPath, query: query, headers: headers\(body))"
        )
        if Self.takesUploadProgress(operation) { w.line("call.uploadProgress = uploadProgress") }
        if let security = operation.security { w.line("call.security = \(Self.requirements(security))") }
    }
}
