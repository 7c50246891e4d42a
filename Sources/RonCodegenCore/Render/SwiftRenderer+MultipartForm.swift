/// A `multipart/form-data` body → a form type: one property per part (a file part is a
/// `RonMultipartFile`; the `encoding` object's part headers are properties too) and
/// `multipartForm()`, which builds the parts in the schema's order.
extension SwiftRenderer {
    func renderMultipartForm(_ operation: Operation, _ form: MultipartForm, into w: inout SourceWriter) {
        let receiver = operation.facetScoped ? "FacetClient" : "RonClient"
        w.line(
            "/// The `multipart/form-data` body of ``\(receiver)/\(operation.swiftName)(\(Self.labels(operation)))``:"
        )
        w.line("/// one property per part, sent in this order by ``multipartForm()``.")
        w.block("public struct \(form.typeName): Sendable") { w in
            var initArguments: [String] = []
            for part in form.parts {
                w.documentation(Self.partDocumentation(part))
                let type = Self.propertyType(part)
                w.line("public var \(Naming.escaped(part.swiftName)): \(type)")
                initArguments.append("\(part.swiftName): \(type)\(part.required ? "" : " = nil")")
                for header in part.headers {
                    let headerType = TypeSpelling.swift(header.type) + (header.required ? "" : "?")
                    w.documentation(
                        (header.description.map { $0 + "\n\n" } ?? "")
                            + "The `\(header.name)` header of part `\(part.name)`.")
                    w.line("public var \(Naming.escaped(header.swiftName)): \(headerType)")
                    initArguments.append("\(header.swiftName): \(headerType)\(header.required ? "" : " = nil")")
                }
            }
            w.line()
            w.line("/// Creates the form from its parts' values.")
            w.block("public init(\(initArguments.joined(separator: ", ")))") { w in
                for part in form.parts {
                    w.line("self.\(part.swiftName) = \(Naming.escaped(part.swiftName))")
                    for header in part.headers {
                        w.line("self.\(header.swiftName) = \(Naming.escaped(header.swiftName))")
                    }
                }
            }
            w.line()
            w.line("/// The parts, in the schema's order: a `nil` property sends no part, an array one part")
            w.line("/// per element.")
            w.line("///")
            w.line("/// - Throws: `LocalNetworkError.bodyEncodingFailed` when a value does not encode.")
            w.block("public func multipartForm() throws(LocalNetworkError) -> RonMultipartForm") { w in
                w.line("var form = RonMultipartForm()")
                for part in form.parts { renderPart(part, into: &w) }
                w.line("return form")
            }
        }
    }

    private func renderPart(_ part: MultipartPart, into w: inout SourceWriter) {
        let property = "self.\(part.swiftName)"
        var headers = "[:]"
        if !part.headers.isEmpty {
            headers = "\(part.swiftName)PartHeaders"
            w.line("var \(headers) = RonHeaders()")
            for header in part.headers {
                let value = header.required ? "self.\(header.swiftName)" : "value"
                var statement =
                    "\(headers).append(\(SwiftLiteral.string(header.name)), \(Self.text(value, header.type)))"
                if !header.required { statement = "if let value = self.\(header.swiftName) { \(statement) }" }
                w.line(statement)
            }
        }
        let name = SwiftLiteral.string(part.name)
        func append(_ value: String) -> String {
            switch part.kind {
            case .file:
                let media = SwiftLiteral.string(part.contentType ?? "application/octet-stream")
                return "form.append(\(name), file: \(value), defaultContentType: \(media), headers: \(headers))"
            case .json:
                let media = SwiftLiteral.string(part.contentType ?? "application/json")
                return
                    "try form.append(\(name), json: \(TypeSpelling.toWire(part.type, value)), contentType: \(media), headers: \(headers))"
            case .text:
                let media = part.contentType.map(SwiftLiteral.string) ?? "nil"
                return
                    "try form.append(\(name), text: \(TypeSpelling.toWire(part.type, value)), contentType: \(media), headers: \(headers))"
            }
        }
        switch (part.repeated, part.required) {
        case (false, true): w.line(append(property))
        case (false, false): w.line("if let value = \(property) { \(append("value")) }")
        case (true, true): w.line("for value in \(property) { \(append("value")) }")
        case (true, false): w.line("for value in \(property) ?? [] { \(append("value")) }")
        }
    }

    static func propertyType(_ part: MultipartPart) -> String {
        var type = part.kind == .file ? "RonMultipartFile" : TypeSpelling.swift(part.type)
        if part.repeated { type = "[\(type)]" }
        return part.required ? type : type + "?"
    }

    static func partDocumentation(_ part: MultipartPart) -> String {
        var text = part.description.map { $0 + "\n\n" } ?? ""
        let repeated = part.repeated ? ", one part per element" : ""
        switch part.kind {
        case .file:
            let media =
                part.allowedContentTypes.map { "`\($0)`" } ?? "`application/octet-stream`"
            text +=
                "Part `\(part.name)`, a file\(repeated) (\(media); a file's own `contentType` wins\(part.contentType.map { ", else `\($0)`" } ?? ""))."
        case .json:
            text += "Part `\(part.name)`, JSON\(repeated) (`\(part.contentType ?? "application/json")`)."
        case .text:
            text += "Part `\(part.name)`, text\(repeated)\(part.contentType.map { " (`\($0)`)" } ?? "")."
        }
        return text
    }
}
