import Foundation

/// Judges a server's answer to an operation by the letter of the operation's description, as
/// openapi-core's response validator does: the status picks the documented response (its code,
/// else its range such as `2XX`, else `default`); the content type picks the media type (parameters
/// dropped, case ignored; the type itself, else a range such as `text/*`, else `*/*`); a JSON body is
/// judged by the media type's schema (``DescriptionSchemaValidator``, as an answer); every header the
/// response declares `required: true` must be there, and a declared header's value must fit its
/// schema once read as openapi-core reads it (an integer, a number, a boolean, a comma-separated list).
/// A body without a content type is judged by the first media type, as openapi-core does.
///
/// Where openapi-core differs from the description's letter it is not followed: every JSON media
/// type (`application/json`, `…+json`, and a range an answer of a JSON type matched) is read as
/// JSON, and bodies of other media types are not judged (a note says so). A response that documents
/// no `content` takes any body, with a note.
public struct DescriptionAnswerCheck: Sendable {
    /// The documents the operations are in.
    public let documents: DescriptionDocuments

    /// A check over `documents`.
    public init(documents: DescriptionDocuments) {
        self.documents = documents
    }

    /// The responses the operation at `operation` (its ``Origin``: file and pointer of the
    /// operation object) documents, in document order; `nil` when no operation is there.
    public func responses(of operation: Origin) -> [DescriptionDocumentedResponse]? {
        guard let responses = responseMap(of: operation) else { return nil }
        return responses.map { key, response in
            let media = mediaTypes(of: response).map { name, located in
                let isJSON = Self.isJSON(Self.bareType(name))
                return DescriptionDocumentedResponse.MediaType(
                    name: name, isJSON: isJSON, hasJSONSchema: isJSON && located.member("schema") != nil)
            }
            return DescriptionDocumentedResponse(
                status: key, origin: response.origin, mediaTypes: media,
                requiredHeaders: requiredHeaders(of: response).map(\.name))
        }
    }

    /// The verdict on one answer of the operation at `operation`: its HTTP `status`, its
    /// `Content-Type` (`nil` without one), its headers (names in any case) and its body.
    public func judge(
        operation: Origin, status: Int, contentType: String?, headers: [String: String], body: Data
    ) -> DescriptionAnswerVerdict {
        guard let responses = responseMap(of: operation) else {
            return DescriptionAnswerVerdict(kind: .unknownOperation(operation.description))
        }
        guard let (key, response) = Self.match(status: status, in: responses) else {
            return DescriptionAnswerVerdict(kind: .undocumentedStatus(status, documented: responses.map(\.key)))
        }
        var verdict = DescriptionAnswerVerdict(kind: .fits, status: key, responseOrigin: response.origin)
        judgeBody(response, contentType: contentType, body: body, operation: operation, into: &verdict)
        verdict.problems += headerProblems(response, headers: headers, operation: operation)
        if verdict.kind == .fits, !verdict.problems.isEmpty { verdict.kind = .breaks }
        return verdict
    }

    /// The media type, the body's problems and the notes of `verdict`, from the documented `response`.
    private func judgeBody(
        _ response: DescriptionDocuments.Located, contentType: String?, body: Data, operation: Origin,
        into verdict: inout DescriptionAnswerVerdict
    ) {
        guard let content = response.member("content").map(documents.resolve), case .object = content.value else {
            if !body.isEmpty {
                verdict.notes.append(
                    "the response documents no content; the answer's body (\(body.count) bytes"
                        + (contentType.map { ", \($0)" } ?? "") + ") is not judged")
            }
            return
        }
        let media = mediaTypes(of: response)
        let documented = media.map(\.name)
        guard !body.isEmpty else {
            let expected =
                "a body (the response documents "
                + (documented.isEmpty ? "content" : documented.joined(separator: ", ")) + ")"
            verdict.problems.append(DescriptionProblem(pointer: "", expected: expected, schemaOrigin: content.origin))
            return
        }
        var type = contentType.map(Self.bareType) ?? ""
        if type.isEmpty, let first = media.first {
            // openapi-core judges a body without a content type by the first media type.
            verdict.notes.append("the answer has no content type; its body is judged as \(first.name)")
            type = Self.bareType(first.name)
        }
        guard let (name, located) = Self.match(type: type, in: media) else {
            verdict.kind = .undocumentedContentType(contentType, documented: documented)
            return
        }
        verdict.mediaType = name
        guard Self.isJSON(type) else {
            verdict.notes.append("the body (\(type)) is not JSON; it is not judged against \(name)")
            return
        }
        let value: DocumentValue
        do {
            value = try SchemaDocumentReader.parse(body, path: "answer.json")
        } catch {
            let expected = "JSON (\(name)), not unreadable text (\(error.pointer): \(error.message))"
            verdict.problems.append(DescriptionProblem(pointer: "", expected: expected, schemaOrigin: located.origin))
            return
        }
        guard let schema = located.member("schema").map(documents.resolve) else { return }
        let validator = DescriptionSchemaValidator(documents: documents, direction: .response)
        let dialect = validator.dialect(of: schema.file) ?? validator.dialect(of: operation.file) ?? .openAPI31
        verdict.problems += validator.validate(value, against: schema, dialect: dialect)
    }

    // MARK: Reading the description

    /// The operation's responses by key, each with its `$ref` followed; `nil` without an
    /// operation (or its `responses`).
    private func responseMap(of operation: Origin) -> [(key: String, response: DescriptionDocuments.Located)]? {
        guard let node = documents.value(file: operation.file, pointer: operation.pointer).map(documents.resolve),
            let responses = node.member("responses").map(documents.resolve), let members = responses.value.objectMembers
        else { return nil }
        return members.compactMap { member in
            responses.member(member.key).map { (member.key, documents.resolve($0)) }
        }
    }

    /// The media types of a response's `content`, each with its `$ref` followed.
    private func mediaTypes(of response: DescriptionDocuments.Located) -> [(
        name: String, located: DescriptionDocuments.Located
    )] {
        guard let content = response.member("content").map(documents.resolve), let members = content.value.objectMembers
        else { return [] }
        return members.compactMap { member in content.member(member.key).map { (member.key, documents.resolve($0)) } }
    }

    /// The headers a response declares `required: true` (`Content-Type` aside, as it is no header
    /// the description can ask for), with where each is.
    func requiredHeaders(of response: DescriptionDocuments.Located) -> [(name: String, origin: String)] {
        guard let headers = response.member("headers").map(documents.resolve), let members = headers.value.objectMembers
        else { return [] }
        return members.compactMap { member in
            guard member.key.lowercased() != "content-type",
                let header = headers.member(member.key).map(documents.resolve),
                header.value.member("required") == .bool(true)
            else { return nil }
            return (member.key, header.origin)
        }
    }

    /// The response for `status`: by its code, else its range (`2XX`, any case), else `default`.
    static func match(
        status: Int, in responses: [(key: String, response: DescriptionDocuments.Located)]
    ) -> (String, DescriptionDocuments.Located)? {
        let code = String(status)
        let range = String(code.prefix(1)) + "XX"
        let found =
            responses.first { $0.key == code } ?? responses.first { $0.key.uppercased() == range }
            ?? responses.first { $0.key == "default" }
        return found.map { ($0.key, $0.response) }
    }

    /// The media type for the bare content type `type`: the same type, else a range that takes it
    /// (`text/*`, `application/*+json`), else `*/*`.
    static func match(
        type: String, in media: [(name: String, located: DescriptionDocuments.Located)]
    ) -> (String, DescriptionDocuments.Located)? {
        let entries = media.map { (bare: bareType($0.name), name: $0.name, located: $0.located) }
        let found =
            entries.first { $0.bare == type }
            ?? entries.first { $0.bare != "*/*" && $0.bare.contains("*") && glob($0.bare, matches: type) }
            ?? entries.first { $0.bare == "*/*" }
        return found.map { ($0.name, $0.located) }
    }

    /// Whether the pattern `pattern` (`*` for any run of characters) matches all of `text`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        guard text.hasPrefix(parts[0]), text.hasSuffix(parts[parts.count - 1]),
            text.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// A content type without its parameters, lowercased, spaces trimmed.
    static func bareType(_ contentType: String) -> String {
        String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            .lowercased()
    }

    /// Whether a bare content type is JSON (`application/json`, `…/…+json`).
    static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type.hasSuffix("/json")
    }
}
