import Foundation
import RonCodegenCore

/// The mock's own error answers (400, 401, 403, 405, 413, 415, ...) in the shape the description
/// documents for their status: the problem envelope where the documented schema takes it, else a
/// body made up from that schema, with the documented media type. The envelope's message stays in
/// `X-Ron-Mock-Problem`.
extension MockAPI {
    /// The response object `route` documents for `status`: its own, else its `4XX` (the status's
    /// class), else `default`; for an error the mock makes itself (`ownError`), `default` only
    /// where the operation documents a success or a redirect too (else `default` is that answer).
    func documentedResponse(of route: MockRoute, status: Int, ownError: Bool) -> MockDocuments.Located? {
        let documented = route.responses(in: documents)
        if let exact = documented.first(where: { $0.status == String(status) }) { return exact.response }
        if let group = documented.first(where: { $0.status.uppercased() == "\(status / 100)XX" }) {
            return group.response
        }
        guard let fallback = documented.first(where: { $0.status == "default" }) else { return nil }
        if ownError, !documented.contains(where: { $0.status.hasPrefix("2") || $0.status.hasPrefix("3") }) {
            return nil
        }
        return fallback.response
    }

    /// `response`, an error the mock makes itself, as the first of `routes` that documents its
    /// status with a body documents it (``fitted(_:media:contentType:)``); as it is when none does.
    func documentedError(_ response: MockResponse, routes: [MockRoute]) -> MockResponse {
        guard response.status >= 400 else { return response }
        for route in routes {
            guard let documented = documentedResponse(of: route, status: response.status, ownError: true),
                let content = documented.member("content"), let media = content.value.objectMembers?.first,
                let located = content.member(media.key)
            else { continue }
            let contentType = media.key.contains("*") ? "application/json" : media.key
            return fitted(response, media: located, contentType: contentType)
        }
        return response
    }

    /// The mock's error answer to `request` (read as far as its head) as its operation documents
    /// the status (``documentedError(_:routes:)``).
    func documentedError(_ response: MockResponse, for request: MockRequest) -> MockResponse {
        documentedError(response, routes: route(for: request).map { [$0] } ?? [])
    }

    /// `envelope` (the mock's problem envelope) as an answer documented with `media`: the envelope
    /// with the documented content type when that is JSON and the schema takes the envelope; else
    /// a body made up from the schema (``DescriptionValueMaker``), the envelope's other headers
    /// (`X-Ron-Mock-Problem`, `WWW-Authenticate`, `Allow`, ...) kept.
    func fitted(_ envelope: MockResponse, media: MockDocuments.Located, contentType: String) -> MockResponse {
        let schema = media.member("schema").map(documents.resolve)
        if contentType.lowercased().contains("json"),
            let value = try? SchemaDocumentReader.parse(envelope.body, path: "envelope.json"),
            schema.map({
                DescriptionSchemaValidator(documents: documents, direction: .response).validate(value, against: $0)
            })?
            .isEmpty ?? true
        {
            var kept = envelope
            kept.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            kept.headers.insert(("Content-Type", contentType), at: 0)
            return kept
        }
        let made = madeUp(
            status: envelope.status, contentType: contentType, media: media,
            stream: contentType.hasPrefix("text/event-stream"))
        // What checked the request stays named (`credentials check`); a generated envelope is replaced.
        let source = envelope.header("X-Ron-Mock-Source").flatMap { $0 == "generated" ? nil : $0 }
        let madeSource = made.header("X-Ron-Mock-Source") ?? "made up"
        var headers = made.headers.filter { $0.name.caseInsensitiveCompare("X-Ron-Mock-Source") != .orderedSame }
        for header in envelope.headers
        where !["content-type", "x-ron-mock-source"].contains(header.name.lowercased()) {
            headers.append(header)
        }
        headers.append(("X-Ron-Mock-Source", source.map { "\($0), body \(madeSource)" } ?? madeSource))
        var answer = envelope
        answer.headers = headers
        answer.body = made.body
        return answer
    }
}
